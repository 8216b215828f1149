/**
 * `/profile/price-list` (issue 15): upload a whole price list — CSV, XLSX or YML — and see the
 * recent uploads with their status; export the company's products as CSV, XLSX or YML
 * (`/profile/price-list/export?format=`). The upload is a plain multipart form post: the API reads
 * the file and answers its preview, and the page redirects to it (`/profile/price-list/{id}`); a
 * refused file is reported in the user's language with the language choice kept — a file over a
 * reading bound names the bound and the file's figure («В файле 1 000 003 столбца…», issue 25). Guarded by the
 * profile layout (a company is needed).
 */
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/price-lists";
import { refusalText } from "./lib/labels.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { SelectOptions } from "#app/components/form/options.tsx";
import pageStyles from "./price-lists.css?url";
import { apiContext, profileContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { LANG_OPTIONS, LANGS, localePath, pageLang, type Lang } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as priceLists from "#contract/profile/price-lists.ts";
import { formatDate } from "#app/components/catalog/format.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { MAX_MULTIPART_BYTES } from "#contract/upload-limits.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: runs } = await context.get(apiContext).send(priceLists.listPriceLists);
  return {
    runs,
    lang: pageLang(request),
    blocked: context.get(profileContext).organization?.status === "blocked",
    seo: { title: getInstance(context).t("priceLists.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_MULTIPART_BYTES) return data({ error: "file_too_large" }, { status: 413 });
  const form = await request.formData();
  const file = form.get("file");
  const lang = String(form.get("lang") ?? "");
  if (!(file instanceof File) || file.size === 0) return data({ error: "file_required", lang }, { status: 400 });
  const body = new FormData();
  body.set("file", file, file.name);
  if ((LANGS as readonly string[]).includes(lang)) body.set("lang", lang);
  try {
    const { data: run } = await context.get(apiContext).send(priceLists.uploadPriceList, { form: body });
    throw localizedRedirect(request, `/profile/price-list/${run.id}`, "priceLists.flash.uploaded");
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    // `details` word a file over a reading bound: which bound, the file's value and the maximum.
    return data({ error: error.code, details: error.details ?? null, lang }, { status: error.status });
  }
}

export default function PriceLists({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const { runs, blocked } = loaderData;
  const sentLang = actionData && "lang" in actionData && typeof actionData.lang === "string" ? actionData.lang : "";
  const chosenLang: Lang = (LANGS as readonly string[]).includes(sentLang) ? (sentLang as Lang) : loaderData.lang;
  const exportHref = (format: string) => `${localePath(lang, "/profile/price-list/export")}?format=${format}&lang=${lang}`;
  return (
    <section className="pp-page pl-page">
      <header className="pp-header">
        <h1>{t("priceLists.title")}</h1>
        <LocaleLink to="/profile/product">{t("profileNav.products")}</LocaleLink>
      </header>
      <p className="muted">{t("priceLists.lead")}</p>
      {blocked ? <p className="form-error">{t("apiErrors.company_blocked")}</p> : null}
      {!blocked ? (
        <section className="card" aria-labelledby="pl-upload-title">
          <h2 id="pl-upload-title">{t("priceLists.uploadTitle")}</h2>
          <Form method="post" encType="multipart/form-data" className="pl-upload">
            {actionData?.error ? (
              <p className="form-error" role="alert" id="pl-file-error">
                {refusalText(t, actionData.error, "details" in actionData ? (actionData.details as Record<string, unknown> | null) : null)}
              </p>
            ) : null}
            <div className="field">
              <label htmlFor="pl-file">{t("priceLists.file")}</label>
              <input
                id="pl-file"
                type="file"
                name="file"
                required
                accept=".csv,.txt,.xlsx,.yml,.xml,text/csv,application/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={`pl-file-hint${actionData?.error ? " pl-file-error" : ""}`}
                aria-invalid={actionData?.error ? true : undefined}
              />
              <p id="pl-file-hint" className="field-hint">
                {t("priceLists.fileHint")}
              </p>
            </div>
            <div className="field">
              <label htmlFor="pl-lang">{t("priceLists.lang")}</label>
              <select id="pl-lang" name="lang" defaultValue={chosenLang}>
                <SelectOptions options={LANG_OPTIONS} />
              </select>
            </div>
            <button type="submit" className="button button-primary" disabled={uploading}>
              {uploading ? t("priceLists.uploading") : t("priceLists.upload")}
            </button>
          </Form>
        </section>
      ) : null}
      <section className="card" aria-labelledby="pl-export-title">
        <h2 id="pl-export-title">{t("priceLists.exportTitle")}</h2>
        <p className="muted small">{t("priceLists.exportLead")}</p>
        <p className="pl-export-links">
          <a className="button" href={exportHref("csv")} download>
            {t("priceLists.exportCsv")}
          </a>
          <a className="button" href={exportHref("xlsx")} download>
            {t("priceLists.exportXlsx")}
          </a>
          <a className="button" href={exportHref("yml")} download>
            {t("priceLists.exportYml")}
          </a>
        </p>
      </section>
      <section className="card" aria-labelledby="pl-history-title">
        <h2 id="pl-history-title">{t("priceLists.history")}</h2>
        {runs.length === 0 ? (
          <p className="muted">{t("priceLists.noHistory")}</p>
        ) : (
          <ul className="pl-history">
            {runs.map((run) => (
              <li key={run.id}>
                <LocaleLink to={`/profile/price-list/${run.id}`}>{run.originalName ?? `#${run.id}`}</LocaleLink>{" "}
                <span className={`badge pl-status-${run.status}`}>{t(`priceLists.status.${run.status}`)}</span>{" "}
                <span className="muted small">
                  {run.format.toUpperCase()} · {t("priceLists.rowsCount", { count: run.totalRows })} · {formatDate(run.createdAt, lang)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
