/**
 * `/profile/price-list/{id}` (issue 15): one uploaded price list.
 *
 * - Preview: the counts (rows, importable, with errors), how the file was read, the mapping — a
 *   select per column (CSV/XLSX) or per YML category, and the currency and unit for rows naming
 *   none — the first rows as they will be imported, and every row error (row, field, value, message
 *   in the page's language). "Apply" (`intent=map`) reads the file again with the mapping;
 *   "Import" (`intent=import`) queues the background import. Both are plain form posts with a
 *   redirect and a flash message; a refusal is shown above the forms.
 * - Importing: a progress bar; without JavaScript the page refreshes itself every 2 s
 *   (`<meta http-equiv="refresh">` inside `<noscript>`), with it the data is revalidated every 1.5 s.
 * - Done / failed: the outcome, with a link to the drafts.
 * Another company's run (or an unknown id) is the 404 page.
 */
import { useEffect } from "react";
import { data, Form, useRevalidator } from "react-router";
import type { Route } from "./+types/profile-price-list-run";
import { fieldLabel, refusalText, rowErrorText } from "../components/price-lists/labels.ts";
import { LocaleLink } from "../components/locale-link.tsx";
import { SelectOptions, type SelectOption } from "../components/form/options.tsx";
import { TableHead } from "../components/table-head.tsx";
import pageStyles from "../components/price-lists/price-lists.css?url";
import { apiContext, profileContext } from "../context.ts";
import { ApiClientError } from "../lib/api-client.server.ts";
import { pageNotFound } from "../lib/errors.ts";
import { pageLang } from "../lib/i18n.ts";
import { categoryOptions } from "../lib/profile-api/products.server.ts";
import { localizedRedirect } from "../lib/redirect.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { unitLabel } from "../lib/units.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import * as priceLists from "../../contract/profile/price-lists.ts";
import { CURRENCY_CODES } from "../../contract/profile/fields.ts";
import { UNIT_IDS } from "../../contract/units.ts";
import { privatePageHeaders } from "../lib/private-headers.ts";

const FIELDS = ["", ...priceLists.PRICE_LIST_FIELDS] as const;

function runIdOf(request: Request, raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) pageNotFound(request);
  return Number(raw);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = runIdOf(request, params.id);
  const api = context.get(apiContext);
  const run = await api.send(priceLists.getPriceList, { params: { id } }).then(
    (r) => r.data,
    (error: unknown) => {
      if (error instanceof ApiClientError && error.status === 404) pageNotFound(request);
      throw error;
    },
  );
  const categories = run.format === "yml" && run.status === "preview" ? await categoryOptions(api, pageLang(request)) : [];
  return {
    run,
    categories,
    blocked: context.get(profileContext).organization?.status === "blocked",
    seo: { title: getInstance(context).t("priceLists.run.title", { name: run.originalName ?? `#${run.id}` }) },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = runIdOf(request, params.id);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/profile/price-list/${id}`;
  try {
    if (intent === "map") {
      const columns: string[] = [];
      for (let i = 0; form.has(`column.${i}`) && i < 200; i++) {
        const value = String(form.get(`column.${i}`));
        columns.push((FIELDS as readonly string[]).includes(value) ? value : "");
      }
      const categories: Record<string, number | null> = {};
      for (const [key, value] of form.entries()) {
        if (!key.startsWith("category.") || typeof value !== "string") continue;
        categories[key.slice("category.".length)] = /^\d{1,9}$/.test(value) ? Number(value) : null;
      }
      const currency = String(form.get("currency"));
      const unit = String(form.get("unit"));
      await api.send(priceLists.mapPriceList, {
        params: { id },
        body: {
          columns: columns as priceLists.PriceListMapping["columns"],
          categories,
          currency: ((CURRENCY_CODES as readonly string[]).includes(currency)
            ? currency
            : "RUB") as priceLists.PriceListMapping["currency"],
          unit: ((UNIT_IDS as readonly string[]).includes(unit) ? unit : "pcs") as priceLists.PriceListMapping["unit"],
        },
      });
      throw localizedRedirect(request, back, "priceLists.flash.mapped");
    }
    if (intent === "import") {
      await api.send(priceLists.importPriceList, { params: { id } });
      throw localizedRedirect(request, back, "priceLists.flash.queued");
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    if (error.status === 404 && error.code === "not_found") pageNotFound(request);
    return data({ error: error.code }, { status: error.status });
  }
  return data({ error: "invalid_body" }, { status: 400 });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);

type Run = priceLists.PriceListRun;

/** Re-reads the run every 1.5 s while it is queued or running (with JavaScript; see the module comment). */
function useLiveProgress(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export default function PriceListRun({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { run, categories, blocked } = loaderData;
  const active = run.status === "queued" || run.status === "running";
  useLiveProgress(active);
  return (
    <section className="pp-page pl-page">
      <header className="pp-header">
        <h1>{t("priceLists.run.title", { name: run.originalName ?? `#${run.id}` })}</h1>
        <LocaleLink to="/profile/price-list">{t("priceLists.run.back")}</LocaleLink>
      </header>
      <p>
        <span className={`badge pl-status-${run.status}`}>{t(`priceLists.status.${run.status}`)}</span>{" "}
        <strong className="pl-counts">
          {t("priceLists.run.counts", { total: run.totalRows, valid: run.validRows, invalid: run.invalidRows })}
        </strong>
      </p>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {refusalText(t, actionData.error)}
        </p>
      ) : null}
      {active ? <Progress run={run} /> : null}
      {run.status === "done" ? (
        <div className="card pl-outcome" role="status">
          <p>{t("priceLists.run.done", { created: run.progress.created, updated: run.progress.updated })}</p>
          <p className="pl-actions">
            <LocaleLink to="/profile/product?status=draft" className="button button-primary">
              {t("priceLists.run.seeDrafts")}
            </LocaleLink>
            <LocaleLink to="/profile/price-list">{t("priceLists.run.uploadAgain")}</LocaleLink>
          </p>
        </div>
      ) : null}
      {run.status === "failed" ? (
        <div className="card form-error" role="alert">
          <p>{t("priceLists.run.failed", { reason: run.failure ?? "" })}</p>
          <LocaleLink to="/profile/price-list">{t("priceLists.run.uploadAgain")}</LocaleLink>
        </div>
      ) : null}
      {run.status === "preview" && !blocked ? <MappingForm run={run} categories={categories} /> : null}
      {run.status === "preview" ? (
        <>
          <Sample run={run} />
          <Errors run={run} />
          {!blocked ? (
            <Form method="post" className="card pl-import">
              <p className="muted small">{t("priceLists.run.importLead")}</p>
              <input type="hidden" name="intent" value="import" />
              <button type="submit" className="button button-primary" disabled={run.validRows === 0}>
                {t("priceLists.run.import", { count: run.validRows })}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function Progress({ run }: { run: Run }) {
  const t = useT();
  const { processed, total } = run.progress;
  return (
    <div className="card pl-progress" role="status" aria-live="polite">
      {/* Without JavaScript the page reloads itself; with it, the loader is re-read (useLiveProgress). */}
      {/* oxlint-disable-next-line react/no-danger -- a constant tag; React would otherwise hoist the meta out of noscript */}
      <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />
      <label htmlFor="pl-progress-bar">
        {run.status === "queued" || total === 0 ? t("priceLists.run.waiting") : t("priceLists.run.progress", { processed, total })}
      </label>
      <progress id="pl-progress-bar" max={Math.max(total, 1)} value={total === 0 ? undefined : processed} />
      <noscript>
        <p className="muted small">{t("priceLists.run.refreshing")}</p>
      </noscript>
    </div>
  );
}

/**
 * One mapping table of the preview: a row per source column (or YML category), its label on the
 * left and a select of `options` named `row.name` on the right — what the import maps it to.
 */
function MappingTable({
  title,
  lead,
  headings,
  rows,
  options,
}: {
  title: string;
  lead: string;
  headings: [string, string];
  rows: { id: string; label: string; name: string; value: string }[];
  options: SelectOption[];
}) {
  return (
    <>
      <h2>{title}</h2>
      <p className="muted small">{lead}</p>
      <div className="pl-table-wrap">
        <table className="table">
          <TableHead columns={headings} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <label htmlFor={row.id}>{row.label}</label>
                </th>
                <td>
                  <select id={row.id} name={row.name} defaultValue={row.value}>
                    <SelectOptions options={options} />
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function MappingForm({ run, categories }: { run: Run; categories: { id: number; name: string; depth: number }[] }) {
  const t = useT();
  const lang = useLang();
  const delimiter = run.reading.delimiter === "\t" ? t("priceLists.run.tab") : run.reading.delimiter;
  return (
    <Form method="post" className="card pl-mapping">
      <input type="hidden" name="intent" value="map" />
      {run.format === "yml" ? (
        <MappingTable
          title={t("priceLists.run.categories")}
          lead={t("priceLists.run.categoriesLead")}
          headings={[t("priceLists.run.ymlCategory"), t("priceLists.run.ourCategory")]}
          rows={run.ymlCategories.map((category) => ({
            id: `pl-cat-${category.id}`,
            label: category.name || `#${category.id}`,
            name: `category.${category.id}`,
            value: String(run.mapping.categories[category.id] ?? ""),
          }))}
          options={[
            { value: "", label: t("priceLists.run.noCategory") },
            ...categories.map((c) => ({ value: String(c.id), label: `${"  ".repeat(c.depth)}${c.name}` })),
          ]}
        />
      ) : (
        <MappingTable
          title={t("priceLists.run.mapping")}
          lead={`${t("priceLists.run.mappingLead")} ${
            run.reading.encoding && run.format === "csv" ? t("priceLists.run.reading", { encoding: run.reading.encoding, delimiter }) : ""
          }`.trim()}
          headings={[t("priceLists.run.column"), t("priceLists.run.field")]}
          rows={run.columns.map((column) => ({
            id: `pl-col-${column.index}`,
            label: column.header || `#${column.index + 1}`,
            name: `column.${column.index}`,
            value: run.mapping.columns[column.index] ?? "",
          }))}
          options={FIELDS.map((field) => ({ value: field, label: fieldLabel(t, field) }))}
        />
      )}
      <fieldset className="pl-defaults">
        <legend>{t("priceLists.run.defaults")}</legend>
        <div className="field">
          <label htmlFor="pl-currency">{t("priceLists.run.defaultCurrency")}</label>
          <select id="pl-currency" name="currency" defaultValue={run.mapping.currency}>
            {CURRENCY_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pl-unit">{t("priceLists.run.defaultUnit")}</label>
          <select id="pl-unit" name="unit" defaultValue={run.mapping.unit}>
            {UNIT_IDS.map((u) => (
              <option key={u} value={u}>
                {unitLabel(u, lang)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <button type="submit" className="button">
        {t("priceLists.run.apply")}
      </button>
    </Form>
  );
}

function Sample({ run }: { run: Run }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="card" aria-labelledby="pl-sample-title">
      <h2 id="pl-sample-title">{t("priceLists.run.sample")}</h2>
      <div className="pl-table-wrap">
        <table className="table pl-sample">
          <TableHead
            columns={[
              t("priceLists.run.row"),
              fieldLabel(t, "sku"),
              fieldLabel(t, "name"),
              fieldLabel(t, "price"),
              fieldLabel(t, "moq"),
              fieldLabel(t, "tnvedCode"),
              t("priceLists.run.problem"),
            ]}
          />
          <tbody>
            {run.sample.map((row) => (
              <tr key={row.row} className={row.errors.length > 0 ? "pl-row-bad" : undefined}>
                <td>{row.row}</td>
                <td>{row.sku}</td>
                <td>{row.name}</td>
                <td>
                  {row.price ? `${row.price} ${row.currency ?? ""}` : ""}
                  {row.price && row.unit ? ` / ${unitLabel(row.unit, lang)}` : ""}
                  {row.price && row.minQuantity && row.minQuantity !== "1" ? ` (≥ ${row.minQuantity})` : ""}
                </td>
                <td>{row.moq ? `${row.moq} ${unitLabel(row.unit, lang)}` : ""}</td>
                <td>{row.tnvedCode}</td>
                <td>{row.errors.length > 0 ? row.errors.map((e) => rowErrorText(t, e.code)).join("; ") : t("priceLists.run.ok")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Errors({ run }: { run: Run }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="pl-errors-title">
      <h2 id="pl-errors-title">{t("priceLists.run.errors")}</h2>
      {run.errors.length === 0 ? (
        <p>{t("priceLists.run.noErrors")}</p>
      ) : (
        <>
          <p className="muted small">
            {t("priceLists.run.errorsLead")}{" "}
            {run.errors.length < run.invalidRows ? t("priceLists.run.errorsMore", { count: run.errors.length }) : null}
          </p>
          <div className="pl-table-wrap">
            <table className="table pl-errors">
              <TableHead
                columns={[t("priceLists.run.row"), t("priceLists.run.field"), t("priceLists.run.value"), t("priceLists.run.problem")]}
              />
              <tbody>
                {run.errors.map((e, i) => (
                  <tr key={`${e.row}-${e.field}-${i}`}>
                    <td>{e.row}</td>
                    <td>{fieldLabel(t, e.field)}</td>
                    <td className="pl-value">{e.value}</td>
                    <td>{rowErrorText(t, e.code)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
