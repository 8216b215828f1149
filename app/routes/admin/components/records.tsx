/**
 * The admin list pages (issue 7): a GET filter form (works without JavaScript; each view has its
 * URL) with the facet counts beside every option, the results table, paging and the CSV export of
 * everything that matches. Without JavaScript the export is a plain download link; with it, the
 * file is fetched as a stream and a progress bar counts the rows against the total (the
 * `X-Total-Count` header) before the browser saves it.
 */
import { useRef, useState, type ReactNode } from "react";
import { Form, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { FALLBACK_DEVICE_CLASS, isCompact } from "#app/lib/viewport.ts";
import type { FacetValue } from "#contract/admin/filters.ts";

/** A row of any kind (contract/admin/filters.ts), read by its column names. */
type FilterRow = Record<string, unknown>;
import { exportPath, RECORDS, recordsKeys, type FacetConfig, type RecordsKind } from "../lib/records.ts";
import { LANG_NAMES, type Lang } from "#app/lib/i18n.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { Icon } from "#app/components/icon.tsx";
import { AdminHeader, AdminResults, formatDateTime, formatDay, nameIn, StatusBadge } from "./ui.tsx";
import { AdminTable } from "./table.tsx";
import { FilterActions } from "./filter-parts.tsx";
import { formatCount, formatQuantity } from "#app/components/catalog/format.ts";

type Localized = Partial<Record<Lang, string>>;

export interface RecordsData {
  kind: RecordsKind;
  title: string;
  items: FilterRow[];
  facets: Record<string, FacetValue[]>;
  meta: { page: number; pages: number; total: number; perPage: number; sort?: string; order?: string };
  params: [string, string][];
  invalid: string[];
}

function useValueName() {
  const t = useT();
  const lang = useLang();
  return (facet: FacetConfig, value: string, label?: Localized) => {
    if (facet.values === "labels") return nameIn(label, lang) || value;
    if (facet.values === "raw") return value;
    if (facet.values === "yesno") return t(`admin.filters.${value}`);
    if (facet.values === "langs") return LANG_NAMES[value as Lang] ?? value;
    return t(`${facet.values.prefix}${value}`, { defaultValue: value });
  };
}

function FacetField({ facet, found, selected }: { facet: FacetConfig; found: FacetValue[]; selected: string[] }) {
  const t = useT();
  const lang = useLang();
  const name = useValueName();
  const counts = new Map(found.map((f) => [f.value, f]));
  const values = [...new Set([...(facet.options ?? []), ...found.map((f) => f.value), ...selected])];
  if (values.length === 0) return null;
  const id = (value: string) => `facet-${facet.param}-${value}`;
  if (!facet.multi && values.length > 8) {
    // A long list (regions, categories): one select, the count beside each name.
    return (
      <div className="field admin-field">
        <label htmlFor={id("select")}>{t(facet.title)}</label>
        <select id={id("select")} name={facet.param} defaultValue={selected[0] ?? ""}>
          <option value="">{t("admin.filters.any")}</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {name(facet, value, counts.get(value)?.label)} ({formatCount(counts.get(value)?.count ?? 0, lang)})
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="admin-facet">
      <legend>{t(facet.title)}</legend>
      {facet.multi ? null : (
        <label htmlFor={id("any")}>
          <input type="radio" id={id("any")} name={facet.param} value="" defaultChecked={selected.length === 0} />
          {t("admin.filters.any")}
        </label>
      )}
      {values.map((value) => {
        const count = counts.get(value)?.count ?? 0;
        return (
          <label key={value} htmlFor={id(value)}>
            <input
              type={facet.multi ? "checkbox" : "radio"}
              id={id(value)}
              name={facet.param}
              value={value}
              defaultChecked={selected.includes(value)}
            />
            <span>{name(facet, value, counts.get(value)?.label)}</span>
            <span
              className={`admin-facet-count${count === 0 ? " admin-facet-zero" : ""}`}
              aria-label={t("admin.filters.countLabel", { count })}
            >
              {formatCount(count, lang)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function FilterForm({ data }: { data: RecordsData }) {
  const t = useT();
  const config = RECORDS[data.kind];
  const all = (param: string) => data.params.filter(([k]) => k === param).flatMap(([, v]) => v.split(","));
  const one = (param: string) => all(param)[0] ?? "";
  const root = useRouteLoaderData<RootData>("root");
  // On phones the form starts folded (a <details>, so it opens without JavaScript too).
  const compact = isCompact(root?.viewport ?? FALLBACK_DEVICE_CLASS);
  const chosen = data.params.filter(([k]) => !["page", "limit", "sort", "order", "lang"].includes(k)).length;
  return (
    <details className="admin-filters-box" open={!compact}>
      <summary className="admin-filters-summary">
        {t("admin.filters.title")}
        {chosen > 0 ? <span className="admin-count">{chosen}</span> : null}
      </summary>
      <Form method="get" className="admin-filters" aria-label={t("admin.filters.title")}>
        <div className="field admin-field">
          <label htmlFor="filter-q">{t("admin.filters.q")}</label>
          <input id="filter-q" type="search" name="q" defaultValue={one("q")} placeholder={t(recordsKeys(data.kind).qHint)} />
        </div>
        {config.facets.map((facet) => (
          <FacetField key={facet.param} facet={facet} found={data.facets[facet.param] ?? []} selected={all(facet.param)} />
        ))}
        {config.ids.map((field) => (
          <div key={field.param} className="field admin-field">
            <label htmlFor={`filter-${field.param}`}>{t(field.title)}</label>
            <input id={`filter-${field.param}`} name={field.param} inputMode="numeric" pattern="[0-9]*" defaultValue={one(field.param)} />
          </div>
        ))}
        {(["created", "updated"] as const).map((when) => (
          <fieldset key={when} className="admin-facet">
            <legend>{t(`admin.filters.${when}`)}</legend>
            <div className="admin-filter-dates">
              <input
                type="date"
                name={`${when}From`}
                aria-label={`${t(`admin.filters.${when}`)}: ${t("admin.filters.from")}`}
                defaultValue={one(`${when}From`)}
              />
              <input
                type="date"
                name={`${when}To`}
                aria-label={`${t(`admin.filters.${when}`)}: ${t("admin.filters.to")}`}
                defaultValue={one(`${when}To`)}
              />
            </div>
          </fieldset>
        ))}
        <div className="field admin-field">
          <label htmlFor="filter-sort">{t("admin.filters.sort")}</label>
          <select id="filter-sort" name="sort" defaultValue={one("sort") || "id"}>
            {config.sorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`admin.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-field">
          <label htmlFor="filter-order">{t("admin.filters.order")}</label>
          <select id="filter-order" name="order" defaultValue={one("order") || "desc"}>
            <option value="desc">{t("admin.filters.desc")}</option>
            <option value="asc">{t("admin.filters.asc")}</option>
          </select>
        </div>
        <div className="field admin-field">
          <label htmlFor="filter-limit">{t("admin.filters.limit")}</label>
          <select id="filter-limit" name="limit" defaultValue={one("limit") || "25"}>
            {["25", "50", "100", "200"].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <FilterActions resetTo={config.path} />
      </Form>
    </details>
  );
}

/**
 * The CSV download: a link (works without JavaScript); with JavaScript it streams the file,
 * counts rows against `X-Total-Count` on a progress bar and saves it when complete.
 */
export function ExportButton({ href, total }: { href: string; total: number }) {
  const t = useT();
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!hydrated || busy.current || typeof ReadableStream === "undefined") return;
    event.preventDefault();
    busy.current = true;
    setFailed(false);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      const expected = Number(response.headers.get("x-total-count") ?? total) || 0;
      setProgress({ rows: 0, total: expected });
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === 10) lines += 1;
        // The first line is the header; quoted multi-line values may run ahead, so clamp.
        setProgress({ rows: Math.min(Math.max(lines - 1, 0), expected), total: expected });
      }
      setProgress({ rows: expected, total: expected });
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export.csv";
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
      setProgress(null);
    } finally {
      busy.current = false;
    }
  }
  return (
    <div className="admin-export">
      <a href={href} className="button button-secondary button-small" onClick={(event) => void download(event)} download>
        <Icon name="download" size={16} /> {t("admin.export.csv", { count: total })}
      </a>
      {progress ? (
        <>
          <progress className="admin-progress" max={progress.total || 1} value={progress.rows} aria-label={t("admin.export.progress")} />
          <span className="admin-progress-text" aria-live="polite">
            {progress.rows >= progress.total
              ? t("admin.export.done", { count: progress.total })
              : t("admin.export.rows", { rows: progress.rows, total: progress.total })}
          </span>
        </>
      ) : null}
      {failed ? (
        <span className="field-error" role="alert">
          {t("admin.export.failed")}
        </span>
      ) : null}
    </div>
  );
}

interface Column {
  key: string;
  title: string;
  sort?: string;
  num?: boolean;
  render: (row: FilterRow, lang: Lang) => ReactNode;
}

const loc = (row: FilterRow, key: string, lang: Lang) => nameIn(row[key] as Localized | null, lang);
const money = (row: FilterRow, amount: string, currency: string, lang: Lang) =>
  row[amount] ? `${formatQuantity(String(row[amount]), lang)} ${row[currency] ?? ""}` : "—";

function useColumns(kind: RecordsKind): Column[] {
  const t = useT();
  const id: Column = { key: "id", title: "#", sort: "id", num: true, render: (r) => String(r.id) };
  const company = (linkKey = "company_id", nameKey = "company_name"): Column => ({
    key: "company",
    title: t("admin.fields.company"),
    render: (r, lang) => <LocaleLink to={`/admin/companies/${r[linkKey]}`}>{loc(r, nameKey, lang) || `#${r[linkKey]}`}</LocaleLink>,
  });
  // A record's name linking to its admin page (`href`), a note after it (the INNs, "pending changes").
  const name = (href: (r: FilterRow) => string, note: (r: FilterRow) => ReactNode): Column => ({
    key: "name",
    title: t("admin.fields.name"),
    sort: "name",
    render: (r, lang) => (
      <>
        <LocaleLink to={href(r)}>{loc(r, "name", lang) || `#${r.id}`}</LocaleLink>
        {note(r)}
      </>
    ),
  });
  const status: Column = { key: "status", title: t("admin.fields.status"), render: (r) => <StatusBadge status={String(r.status)} /> };
  // Products keep their price's currency in `price_currency`, services in `currency`.
  const priceFrom = (currencyKey: string): Column => ({
    key: "price",
    title: t("admin.fields.priceFrom"),
    sort: "priceFrom",
    num: true,
    render: (r, lang) => <span className="nowrap">{money(r, "price_from", currencyKey, lang)}</span>,
  });
  const updated: Column = {
    key: "updated",
    title: t("admin.sorts.updatedAt"),
    sort: "updatedAt",
    render: (r, lang) => <span className="nowrap">{formatDay(r.updated_at as string, lang)}</span>,
  };
  switch (kind) {
    case "company":
      return [
        id,
        name(
          (r) => `/admin/companies/${r.id}`,
          (r) => (r.inns ? <small className="admin-sub">{`${t("admin.fields.inn")} ${r.inns}`}</small> : null),
        ),
        status,
        {
          key: "region",
          title: t("admin.fields.region"),
          render: (r, lang) => loc(r, "region_name", lang) || t(`admin.countries.${r.country}`),
        },
        {
          key: "verification",
          title: t("admin.fields.verification"),
          sort: "verificationLevel",
          render: (r) => t(`admin.verification.level${r.verification_level}`),
        },
        { key: "products", title: t("admin.fields.products"), sort: "products", num: true, render: (r) => String(r.products) },
        updated,
      ];
    case "product":
      return [
        id,
        name(
          (r) => `/admin/moderation/product/${r.id}`,
          (r) => (r.pending ? <span className="badge badge-warn">{t("admin.fields.pending")}</span> : null),
        ),
        status,
        company(),
        { key: "category", title: t("admin.fields.category"), render: (r, lang) => loc(r, "category_name", lang) || "—" },
        { key: "tnved", title: t("admin.fields.tnved"), render: (r) => <code>{(r.tnved_code as string | null) ?? "—"}</code> },
        priceFrom("price_currency"),
        updated,
      ];
    case "service":
      return [
        id,
        { key: "type", title: t("admin.fields.serviceType"), render: (r, lang) => loc(r, "service_type_name", lang) },
        company(),
        {
          key: "description",
          title: t("admin.fields.description"),
          render: (r, lang) => <span className="clamp-3">{loc(r, "description", lang)}</span>,
        },
        status,
        priceFrom("currency"),
        updated,
      ];
    case "user":
      return [
        id,
        {
          key: "name",
          title: t("admin.fields.person"),
          sort: "lastName",
          render: (r) => <LocaleLink to={`/admin/users/${r.id}`}>{`${r.first_name} ${r.last_name}`}</LocaleLink>,
        },
        {
          key: "contact",
          title: t("admin.fields.contact"),
          sort: "email",
          render: (r) => <span className="nowrap">{(r.email as string | null) ?? (r.phone as string | null) ?? "—"}</span>,
        },
        {
          key: "role",
          title: t("admin.fields.role"),
          render: (r) => (
            <>
              <span className="badge">{t(`admin.roles.${r.role}`)}</span>
              {r.blocked_at ? <span className="badge badge-danger">{t("admin.status.blocked")}</span> : null}
            </>
          ),
        },
        {
          key: "company",
          title: t("admin.fields.company"),
          render: (r, lang) =>
            r.company_id ? <LocaleLink to={`/admin/companies/${r.company_id}`}>{loc(r, "company_name", lang)}</LocaleLink> : "—",
        },
        { key: "locale", title: t("admin.fields.locale"), render: (r) => LANG_NAMES[r.locale as Lang] ?? String(r.locale) },
        {
          key: "signIn",
          title: t("admin.sorts.lastSignInAt"),
          sort: "lastSignInAt",
          render: (r, lang) => (
            <span className="nowrap">{r.last_sign_in_at ? formatDateTime(r.last_sign_in_at as string, lang) : "—"}</span>
          ),
        },
      ];
    case "employees":
      return [
        id,
        {
          key: "person",
          title: t("admin.fields.person"),
          render: (r) =>
            r.user_id ? (
              <LocaleLink to={`/admin/users/${r.user_id}`}>{`${r.first_name} ${r.last_name}`}</LocaleLink>
            ) : (
              <span className="muted">{t("admin.records.employees.invitation")}</span>
            ),
        },
        {
          key: "email",
          title: t("admin.fields.email"),
          render: (r) => (r.email as string | null) ?? (r.invited_email as string | null) ?? "—",
        },
        company(),
        { key: "role", title: t("admin.fields.companyRole"), sort: "role", render: (r) => t(`admin.companyRoles.${r.role}`) },
        { key: "status", title: t("admin.fields.status"), sort: "status", render: (r) => <StatusBadge status={String(r.status)} /> },
        updated,
      ];
    case "rfq":
      return [
        id,
        {
          key: "title",
          title: t("admin.fields.title"),
          render: (r) => (
            <>
              <LocaleLink to={`/admin/moderation/rfq/${r.id}`}>{String(r.title)}</LocaleLink>
              {r.tnved_code ? <small className="admin-sub">{`${t("admin.fields.tnved")} ${r.tnved_code}`}</small> : null}
            </>
          ),
        },
        status,
        { key: "visibility", title: t("admin.fields.visibility"), render: (r) => t(`admin.rfqVisibility.${r.visibility}`) },
        {
          key: "buyer",
          title: t("admin.fields.buyer"),
          render: (r, lang) => (
            <LocaleLink to={`/admin/users/${r.buyer_user_id}`}>
              {loc(r, "buyer_company_name", lang) || (r.buyer_email as string | null) || `#${r.buyer_user_id}`}
            </LocaleLink>
          ),
        },
        { key: "quotes", title: t("admin.sorts.quotes"), sort: "quotes", num: true, render: (r) => String(r.quotes) },
        {
          key: "deadline",
          title: t("admin.sorts.deadline"),
          sort: "deadline",
          render: (r, lang) => <span className="nowrap">{formatDay(r.deadline as string, lang)}</span>,
        },
        updated,
      ];
    case "inquiries":
      return [
        id,
        { key: "status", title: t("admin.fields.status"), render: (r) => t(`admin.inquiryStatus.${r.status}`) },
        {
          key: "buyer",
          title: t("admin.fields.buyer"),
          render: (r) => (
            <LocaleLink to={`/admin/users/${r.buyer_user_id}`}>{(r.buyer_email as string | null) ?? `#${r.buyer_user_id}`}</LocaleLink>
          ),
        },
        company("supplier_company_id", "supplier_name"),
        { key: "messages", title: t("admin.sorts.messages"), sort: "messages", num: true, render: (r) => String(r.messages) },
        {
          key: "reports",
          title: t("admin.fields.reports"),
          num: true,
          render: (r) => (Number(r.reports) > 0 ? <LocaleLink to="/admin/messages">{String(r.reports)}</LocaleLink> : "0"),
        },
        {
          key: "last",
          title: t("admin.sorts.lastMessageAt"),
          sort: "lastMessageAt",
          render: (r, lang) => <span className="nowrap">{formatDay(r.last_message_at as string, lang)}</span>,
        },
      ];
    case "legal-entities":
      return [
        id,
        { key: "inn", title: t("admin.fields.inn"), sort: "inn", render: (r) => <code>{String(r.inn)}</code> },
        {
          key: "codes",
          title: t("admin.fields.kppOgrn"),
          render: (r) => <span className="nowrap">{[r.kpp, r.ogrn].filter(Boolean).join(" · ") || "—"}</span>,
        },
        { key: "nameFull", title: t("admin.fields.legalName"), sort: "nameFull", render: (r) => String(r.name_full) },
        { key: "kind", title: t("admin.fields.legalKind"), render: (r) => t(`admin.legalKinds.${r.kind}`) },
        company(),
        { key: "companyStatus", title: t("admin.fields.companyStatus"), render: (r) => <StatusBadge status={String(r.company_status)} /> },
      ];
  }
}

function SortHeader({ column, meta }: { column: Column; meta: RecordsData["meta"] }) {
  const location = useLocation();
  const t = useT();
  if (!column.sort) return <>{column.title}</>;
  const on = meta.sort === column.sort;
  const params = new URLSearchParams(location.search);
  params.set("sort", column.sort);
  params.set("order", on && meta.order === "desc" ? "asc" : "desc");
  params.delete("page");
  return (
    <a
      href={`${location.pathname}?${params}`}
      className={on ? "admin-sort-on" : undefined}
      aria-label={t("admin.filters.sortBy", { column: column.title })}
    >
      {column.title}
      {on ? (meta.order === "asc" ? " ↑" : " ↓") : ""}
    </a>
  );
}

export function RecordsPage({ data }: { data: RecordsData }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const keys = recordsKeys(data.kind);
  const columns = useColumns(data.kind);
  return (
    <>
      <AdminHeader title={t(keys.title)} lead={t(keys.lead)} />
      {data.invalid.length ? (
        <p className="form-error" role="alert">
          {t("admin.filters.invalid", { fields: data.invalid.join(", ") })}
        </p>
      ) : null}
      <div className="admin-listing">
        <FilterForm data={data} />
        <section aria-label={t("admin.filters.results")}>
          <div className="admin-results-bar">
            <p>
              <strong>{t("admin.filters.found", { count: data.meta.total })}</strong>
            </p>
            {data.meta.total > 0 ? (
              <ExportButton href={localeHref(lang, exportPath(data.kind, location.search))} total={data.meta.total} />
            ) : null}
          </div>
          <AdminResults items={data.items} empty={t("admin.filters.nothing")} meta={data.meta}>
            <AdminTable
              rows={data.items}
              rowKey={(row) => String(row.id)}
              columns={columns.map((column) => ({
                key: column.key,
                title: column.title,
                header: <SortHeader column={column} meta={data.meta} />,
                className: column.num ? "num" : undefined,
                cell: (row: FilterRow) => column.render(row, lang),
              }))}
            />
          </AdminResults>
        </section>
      </div>
    </>
  );
}
