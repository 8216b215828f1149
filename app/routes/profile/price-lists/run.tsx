/**
 * `/profile/price-list/{id}` (issue 15): one uploaded price list.
 *
 * - Preview (issue 25 §1, N2; issue 26 #14): what a supplier decides on comes first — the summary
 *   ("N products from M rows", rows with errors) with the import button and the error report
 *   download, then the errors grouped by kind (field and problem, how many rows, an example row),
 *   then the mapping, the first rows and the row errors page by page (`?page=`, `?code=&field=` for
 *   one kind; 50 a page, read through the API's paged list). Everything is bounded whatever the
 *   file holds: at most MAX_SHOWN_COLUMNS column selects and MAX_SHOWN_CATEGORIES category selects
 *   (the page says how many are not shown; they keep their guessed mapping, see `action`), at most
 *   PREVIEW_ROWS first rows. "Apply" (`intent=map`) reads the file again with the mapping;
 *   "Import" (`intent=import`) queues the background import. Both are plain form posts with a
 *   redirect and a flash message; a refusal is shown above the forms. Wide tables scroll inside
 *   their card with a visible edge shadow and a hint, their first column sticky.
 * - Importing: a progress bar; without JavaScript the page refreshes itself every 2 s
 *   (`<meta http-equiv="refresh">` inside `<noscript>`), with it the data is revalidated every 1.5 s.
 * - Done / failed: the outcome, with a link to the drafts.
 * Another company's run (or an unknown id) is the 404 page.
 */
import { useEffect } from "react";
import { data, Form, Link, useLocation, useRevalidator } from "react-router";
import type { Route } from "./+types/run";
import { fieldLabel, refusalText, rowErrorText } from "./lib/labels.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { formatCount, formatMoney } from "#app/components/catalog/format.ts";
import { SelectOptions, type SelectOption } from "#app/components/form/options.tsx";
import { TableHead } from "#app/components/table-head.tsx";
import pageStyles from "./price-lists.css?url";
import { apiContext, profileContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { localePath, pageLang } from "#app/lib/i18n.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { categoryOptions } from "../lib/products.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as priceLists from "#contract/profile/price-lists.ts";
import { CURRENCY_CODES } from "#contract/profile/fields.ts";
import { UNIT_IDS } from "#contract/units.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { idParam } from "#app/lib/id-param.ts";

const FIELDS = ["", ...priceLists.PRICE_LIST_FIELDS] as const;
/** Column selects shown; a file with more columns keeps the rest as guessed (the page says how many). */
export const MAX_SHOWN_COLUMNS = 40;
/** YML category selects shown, likewise. */
export const MAX_SHOWN_CATEGORIES = 60;
/** First rows shown (the API keeps at most this many too). */
const PREVIEW_ROWS = 10;
/** The most columns a mapping may name (contract PriceListMappingSchema). */
const MAX_MAPPED_COLUMNS = 200;

/** `?page=` and the error kind (`?code=&field=`) of the row-error list, as the API takes them. */
function errorQuery(request: Request) {
  const search = documentUrl(request).searchParams;
  const page = Number(search.get("page"));
  const code = search.get("code");
  const field = search.get("field");
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    code: (priceLists.ROW_ERROR_CODES as readonly string[]).includes(code ?? "") ? (code as priceLists.RowErrorCode) : undefined,
    field: field && field.length <= 100 ? field : undefined,
  };
}

function runIdOf(request: Request, raw: string | undefined): number {
  return idParam(raw) ?? pageNotFound(request);
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
  const query = errorQuery(request);
  const errors =
    run.status === "preview" && run.errors.length > 0
      ? await api.send(priceLists.listPriceListErrors, { params: { id }, query: { ...query, perPage: priceLists.ERRORS_PER_PAGE } })
      : null;
  // The page carries only what it shows: the run's kept errors come page by page, and a file with
  // thousands of columns or categories would otherwise put them all in the HTML and its JSON.
  const { errors: _kept, warnings, ...shown } = run;
  return {
    run: {
      ...shown,
      warningKinds: warningKinds(warnings ?? []),
      columns: run.columns.slice(0, MAX_SHOWN_COLUMNS),
      ymlCategories: run.ymlCategories.slice(0, MAX_SHOWN_CATEGORIES),
      sample: run.sample.slice(0, PREVIEW_ROWS),
      mapping: {
        ...run.mapping,
        columns: run.mapping.columns.slice(0, MAX_SHOWN_COLUMNS),
        categories: Object.fromEntries(
          run.ymlCategories.slice(0, MAX_SHOWN_CATEGORIES).map((c) => [c.id, run.mapping.categories[c.id] ?? null]),
        ),
      },
      keptErrors: run.errors.length,
      hiddenColumns: Math.max(0, run.columns.length - MAX_SHOWN_COLUMNS),
      hiddenCategories: Math.max(0, run.ymlCategories.length - MAX_SHOWN_CATEGORIES),
    },
    errorPage: errors ? { rows: errors.data, meta: errors.meta, code: query.code ?? null, field: query.field ?? null } : null,
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
      // The form shows only the first columns and categories: the others keep the run's mapping.
      const { data: run } = await api.send(priceLists.getPriceList, { params: { id } });
      const columns: string[] = run.mapping.columns.slice(0, MAX_MAPPED_COLUMNS);
      for (let i = 0; form.has(`column.${i}`) && i < MAX_MAPPED_COLUMNS; i++) {
        const value = String(form.get(`column.${i}`));
        columns[i] = (FIELDS as readonly string[]).includes(value) ? value : "";
      }
      const categories: Record<string, number | null> = { ...run.mapping.categories };
      for (const [key, value] of form.entries()) {
        if (!key.startsWith("category.") || typeof value !== "string") continue;
        categories[key.slice("category.".length)] = idParam(value);
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

/** The run as the page gets it (see the loader: bounded lists, the kept errors counted, not carried). */
type Run = Route.ComponentProps["loaderData"]["run"];
type ErrorPage = Route.ComponentProps["loaderData"]["errorPage"];

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
  const { run, categories, blocked, errorPage } = loaderData;
  const active = run.status === "queued" || run.status === "running";
  useLiveProgress(active);
  return (
    <section className="pp-page pl-page">
      <header className="pp-header">
        <h1>{t("priceLists.run.title", { name: run.originalName ?? `#${run.id}` })}</h1>
        <LocaleLink to="/profile/price-list">{t("priceLists.run.back")}</LocaleLink>
      </header>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {refusalText(t, actionData.error)}
        </p>
      ) : null}
      {run.status === "preview" ? (
        <Summary run={run} blocked={blocked} />
      ) : (
        <p>
          <span className={`badge pl-status-${run.status}`}>{t(`priceLists.status.${run.status}`)}</span>{" "}
          <strong className="pl-counts">
            {t("priceLists.run.counts", { total: run.totalRows, valid: run.validRows, invalid: run.invalidRows })}
          </strong>
        </p>
      )}
      {active ? <Progress run={run} /> : null}
      {run.status === "done" ? (
        <div className="card pl-outcome" role="status">
          <p>{t("priceLists.run.done", { created: run.progress.created, updated: run.progress.updated })}</p>
          <p className="pl-actions">
            <LocaleLink to={`/profile/product?status=draft&run=${run.id}`} className="button button-primary">
              {t("priceLists.run.seeDrafts")}
            </LocaleLink>
            <LocaleLink to="/profile/price-list">{t("priceLists.run.uploadAgain")}</LocaleLink>
          </p>
        </div>
      ) : null}
      {run.status === "failed" ? (
        <div className="card form-error" role="alert">
          {/* A domain refusal is stored as its code (server/price-lists/import.ts): said in the reader's language. */}
          <p>{t("priceLists.run.failed", { reason: t(`apiErrors.${run.failure ?? ""}`, { defaultValue: run.failure ?? "" }) })}</p>
          <LocaleLink to="/profile/price-list">{t("priceLists.run.uploadAgain")}</LocaleLink>
        </div>
      ) : null}
      {run.status === "preview" ? (
        <>
          <ErrorKinds run={run} />
          <WarningKinds run={run} />
          {!blocked ? <MappingForm run={run} categories={categories} /> : null}
          <Sample run={run} />
          {errorPage ? <Errors run={run} page={errorPage} /> : null}
        </>
      ) : null}
    </section>
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);

/**
 * The decision first: the counts, "N products from M rows", the import button and the error report.
 * Kept short so that it fits the first screen of a phone.
 */
function Summary({ run, blocked }: { run: Run; blocked: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="card pl-summary" aria-labelledby="pl-summary-title">
      <h2 id="pl-summary-title" className="visually-hidden">
        {t("priceLists.run.summary")}
      </h2>
      <p className="pl-summary-counts">
        <span className={`badge pl-status-${run.status}`}>{t(`priceLists.status.${run.status}`)}</span>{" "}
        <strong className="pl-counts">
          {t("priceLists.run.counts", { total: run.totalRows, valid: run.validRows, invalid: run.invalidRows })}
        </strong>
      </p>
      {run.validRows > 0 ? (
        <p className="pl-products">
          {t("priceLists.run.productsFromRows", { products: formatCount(run.products, lang), rows: formatCount(run.validRows, lang) })}
        </p>
      ) : null}
      {!blocked ? (
        <Form method="post" className="pl-import">
          <input type="hidden" name="intent" value="import" />
          <button type="submit" className="button button-primary" disabled={run.validRows === 0}>
            {t("priceLists.run.import", { count: run.products })}
          </button>
          {run.invalidRows > 0 ? (
            <a className="button" href={localePath(lang, `/profile/price-list/${run.id}/errors.csv`)} download>
              {t("priceLists.run.report")}
            </a>
          ) : null}
        </Form>
      ) : null}
      <p className="muted small">{t("priceLists.run.importLead")}</p>
    </section>
  );
}

/** Every row's errors by kind: field and problem, how many rows, the first row as an example, a link to its rows. */
function ErrorKinds({ run }: { run: Run }) {
  const t = useT();
  const location = useLocation();
  if (run.errorCounts.length === 0) {
    return (
      <section className="card" aria-labelledby="pl-kinds-title">
        <h2 id="pl-kinds-title">{t("priceLists.run.errorKinds")}</h2>
        <p>{t("priceLists.run.noErrors")}</p>
      </section>
    );
  }
  const rowsOf = (code: string, field: string) => `${location.pathname}?${new URLSearchParams({ code, field }).toString()}#pl-errors-title`;
  return (
    <section className="card" aria-labelledby="pl-kinds-title">
      <h2 id="pl-kinds-title">{t("priceLists.run.errorKinds")}</h2>
      <ul className="pl-kinds">
        {run.errorCounts.map((kind) => (
          <li key={`${kind.code} ${kind.field}`}>
            <p className="pl-kind-head">
              <strong>
                {fieldLabel(t, kind.field)}: {rowErrorText(t, kind.code)}
              </strong>{" "}
              — <span className="pl-kind-count">{t("priceLists.run.kindRows", { count: kind.count })}</span>
              {kind.count === run.totalRows ? <span className="badge pl-kind-all">{t("priceLists.run.kindAll")}</span> : null}
            </p>
            <p className="muted small">
              {t("priceLists.run.example", { row: kind.example.row, value: kind.example.value })}{" "}
              <Link to={rowsOf(kind.code, kind.field)}>{t("priceLists.run.showRows")}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The run's kept warnings (rows imported, but not quite as written: an offer not in stock, an MOQ
 * read from text, wholesale columns without a threshold — server/price-lists/drafts.ts) grouped by
 * kind, with how many of the kept rows have it and the first as an example.
 */
function warningKinds(warnings: priceLists.RowWarning[]) {
  const kinds = new Map<
    string,
    { code: priceLists.RowWarningCode; count: number; example: { row: number; value: string; sheet?: string } }
  >();
  for (const w of warnings) {
    const kind = kinds.get(w.code);
    if (kind) kind.count += 1;
    else kinds.set(w.code, { code: w.code, count: 1, example: { row: w.row, value: w.value, sheet: w.sheet } });
  }
  return [...kinds.values()].sort((a, b) => b.count - a.count);
}

function WarningKinds({ run }: { run: Run }) {
  const t = useT();
  if (run.warningKinds.length === 0) return null;
  return (
    <section className="card" aria-labelledby="pl-warnings-title">
      <h2 id="pl-warnings-title">{t("priceLists.run.warningKinds")}</h2>
      <ul className="pl-kinds">
        {run.warningKinds.map((kind) => (
          <li key={kind.code}>
            <p className="pl-kind-head">
              <strong>{t(`priceLists.rowWarning.${kind.code}`)}</strong> —{" "}
              <span className="pl-kind-count">{t("priceLists.run.kindRows", { count: kind.count })}</span>
            </p>
            <p className="muted small">{t("priceLists.run.example", { row: kind.example.row, value: kind.example.value })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ScrollHint() {
  const t = useT();
  return (
    <p className="pl-scroll-hint muted small" aria-hidden="true">
      {t("priceLists.run.scrollHint")}
    </p>
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
 * One mapping list of the preview: a row per source column (or YML category), its label and a
 * select of `options` named `row.name` — what the import maps it to. A list, not a table: on a
 * phone the label sits above a full-width select.
 */
function MappingList({
  title,
  lead,
  hidden,
  rows,
  options,
}: {
  title: string;
  lead: string;
  hidden: string | null;
  rows: { id: string; label: string; name: string; value: string }[];
  options: SelectOption[];
}) {
  return (
    <>
      <h2>{title}</h2>
      <p className="muted small">{lead}</p>
      <div className="pl-map">
        {rows.map((row) => (
          <div key={row.id} className="pl-map-row">
            <label htmlFor={row.id}>{row.label}</label>
            <select id={row.id} name={row.name} defaultValue={row.value}>
              <SelectOptions options={options} />
            </select>
          </div>
        ))}
      </div>
      {hidden ? <p className="pl-hidden muted small">{hidden}</p> : null}
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
        <MappingList
          title={t("priceLists.run.categories")}
          lead={t("priceLists.run.categoriesLead")}
          hidden={
            run.hiddenCategories > 0
              ? t("priceLists.run.categoriesHidden", { shown: run.ymlCategories.length, hidden: formatCount(run.hiddenCategories, lang) })
              : null
          }
          rows={run.ymlCategories.map((category) => ({
            id: `pl-cat-${category.id}`,
            label: category.name || `#${category.id}`,
            name: `category.${category.id}`,
            value: String(run.mapping.categories[category.id] ?? ""),
          }))}
          options={[
            { value: "", label: t("priceLists.run.noCategory") },
            ...categories.map((c) => ({ value: String(c.id), label: `${"\u00a0\u00a0".repeat(c.depth)}${c.name}` })),
          ]}
        />
      ) : (
        <MappingList
          title={t("priceLists.run.mapping")}
          lead={`${t("priceLists.run.mappingLead")} ${
            run.reading.encoding && run.format === "csv" ? t("priceLists.run.reading", { encoding: run.reading.encoding, delimiter }) : ""
          }`.trim()}
          hidden={
            run.hiddenColumns > 0
              ? t("priceLists.run.columnsHidden", { shown: run.columns.length, hidden: formatCount(run.hiddenColumns, lang) })
              : null
          }
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
      <ScrollHint />
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
                <td className="num">{row.row}</td>
                <td>{row.sku}</td>
                <td className="pl-text">{row.name}</td>
                <td className="pl-nowrap">
                  {row.price ? (formatMoney(row.price, row.currency, lang) ?? `${row.price} ${row.currency ?? ""}`) : ""}
                  {row.price && row.unit ? ` / ${unitLabel(row.unit, lang)}` : ""}
                  {row.price && row.minQuantity && row.minQuantity !== "1" ? ` (≥ ${row.minQuantity})` : ""}
                </td>
                <td className="pl-nowrap">{row.moq ? `${row.moq} ${unitLabel(row.unit, lang)}` : ""}</td>
                <td className="pl-nowrap">{row.tnvedCode}</td>
                <td className="pl-text">
                  {row.errors.length > 0 ? row.errors.map((e) => rowErrorText(t, e.code)).join("; ") : t("priceLists.run.ok")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Errors({ run, page }: { run: Run; page: NonNullable<ErrorPage> }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const { meta } = page;
  const from = (meta.page - 1) * meta.perPage + 1;
  return (
    <section className="card" aria-labelledby="pl-errors-title">
      <h2 id="pl-errors-title">{t("priceLists.run.errors")}</h2>
      <p className="muted small">
        {t("priceLists.run.errorsLead")}{" "}
        {run.keptErrors < run.invalidRows ? t("priceLists.run.errorsMore", { count: run.keptErrors }) : null}
      </p>
      {page.code ? (
        <p className="pl-filter">
          {t("priceLists.run.onlyKind", { kind: `${fieldLabel(t, page.field ?? "")}: ${rowErrorText(t, page.code)}` })}{" "}
          <Link to={`${location.pathname}#pl-errors-title`}>{t("priceLists.run.allKinds")}</Link>
        </p>
      ) : null}
      {meta.total > 0 ? (
        <p className="muted small" role="status">
          {t("priceLists.run.errorsRange", {
            from: formatCount(Math.min(from, meta.total), lang),
            to: formatCount(Math.min(from + page.rows.length - 1, meta.total), lang),
            total: formatCount(meta.total, lang),
          })}
        </p>
      ) : null}
      <ScrollHint />
      <div className="pl-table-wrap">
        <table className="table pl-errors">
          <TableHead
            columns={[t("priceLists.run.row"), t("priceLists.run.field"), t("priceLists.run.value"), t("priceLists.run.problem")]}
          />
          <tbody>
            {page.rows.map((e, i) => (
              <tr key={`${e.row}-${e.field}-${i}`}>
                <td className="num">{e.row}</td>
                <td className="pl-nowrap">{fieldLabel(t, e.field)}</td>
                <td className="pl-value">{e.value}</td>
                <td className="pl-text">{rowErrorText(t, e.code)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={meta.page} pages={meta.pages} />
    </section>
  );
}
