/**
 * `/profile/price-list/{id}/errors.csv`: the error report of a price-list preview (issue 26 #14) —
 * every kept row error (the first 200 of the file, contract `PriceListRun.errors`) as a CSV the
 * supplier opens beside the file to correct it: row, field, value as read, the problem in the page's
 * language, and the error code. UTF-8 with a byte-order mark and `;` between cells for Russian (what
 * a Russian Excel opens without asking), `,` otherwise; a value a spreadsheet would run as a formula
 * is written with a leading apostrophe (csv-stringify `escape_formulas`; values come from the uploaded file).
 * The first lines give the counts of every kind, so a report of a file with thousands of failing rows
 * still says how many fail on what. A signed-out caller gets 401, another company's run 404.
 */
import { stringify } from "csv-stringify/sync";
import type { Route } from "./+types/errors";
import { fieldLabel, rowErrorText } from "./lib/labels.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as priceLists from "#contract/profile/price-lists.ts";
import { idParam } from "#app/lib/id-param.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  if (id === null) return new Response("Not found", { status: 404 });
  if (!context.get(sessionContext).accessToken) return new Response("Sign in to download the report", { status: 401 });
  let run: priceLists.PriceListRun;
  try {
    run = (await context.get(apiContext).send(priceLists.getPriceList, { params: { id } })).data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return new Response(error.message, { status: error.status });
    throw error;
  }
  const { t } = getInstance(context);
  const lang = pageLang(request);
  const delimiter = lang === "ru" ? ";" : ",";
  const records: (string | number)[][] = [
    [t("priceLists.run.field"), t("priceLists.run.problem"), t("priceLists.report.rows"), t("priceLists.report.code")],
    ...run.errorCounts.map((k) => [fieldLabel(t, k.field), rowErrorText(t, k.code), k.count, k.code]),
    [""],
    [
      t("priceLists.run.row"),
      t("priceLists.run.field"),
      t("priceLists.run.value"),
      t("priceLists.run.problem"),
      t("priceLists.report.code"),
    ],
    ...run.errors.map((e) => [e.row, fieldLabel(t, e.field), e.value, rowErrorText(t, e.code), e.code]),
  ];
  if (run.errors.length < run.invalidRows) records.push([""], [t("priceLists.run.errorsMore", { count: run.errors.length })]);
  const base = (run.originalName ?? `price-list-${run.id}`)
    .replace(/\.[^.]*$/, "")
    .replace(/[^\p{L}\p{N}._-]+/gu, "_")
    .slice(0, 80);
  const fileName = `${base}-errors.csv`;
  // csv-stringify as the other exports (admin CSV, price-list export): values from the file that a
  // spreadsheet would run as formulas get a leading apostrophe (escape_formulas, review F4).
  const body = stringify(records, { delimiter, record_delimiter: "\r\n", escape_formulas: true });
  return new Response(`\ufeff${body}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="errors-${run.id}.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "cache-control": "private, no-store",
    },
  });
}
