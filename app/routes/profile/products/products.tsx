/**
 * `/profile/product` (spec §2 "own product list"): the company's products, newest change first, by
 * status (tabs: all, drafts, under review, published, rejected, each with its count), searched by
 * name in any language or by id, 20 a page. Each row shows the cover, name, status, the
 * pending-changes marker of a published product with edits, the moderator's reason of a rejection,
 * the lowest price and links to its prices and photos. "New product" opens `/profile/product/new`.
 * Owners and admins may delete a product here (a confirmation first; with JavaScript the row goes at
 * once and comes back if the API refuses). Guarded by the profile layout (profile-check-organization).
 */
import { data, Form, useFetcher } from "react-router";
import { formatDate, formatMoney, formatQuantity } from "#app/components/catalog/format.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { ApiClientError, type ApiClient } from "#app/lib/api-client.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { localizedPath, pageLang } from "#app/lib/i18n.ts";
import * as productsApi from "#contract/profile/products.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { flashRedirect } from "#app/lib/redirect.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { SearchFields } from "#app/components/classifier/search-form.tsx";
import { BulkBar, BulkResult } from "./components/product-bulk.tsx";
import { categoryOptions } from "../lib/products.server.ts";
import type { Route } from "./+types/products";
import { PendingMarker, ProductStatusBadge } from "./components/product-status.tsx";
import { LIST_STATUSES, localizedText, type ListStatus } from "../lib/product-forms.ts";
import { idParam } from "#app/lib/id-param.ts";

const PER_PAGE = 20;

function readQuery(url: URL) {
  const raw = url.searchParams.get("status");
  const status = (LIST_STATUSES as readonly string[]).includes(raw ?? "") ? (raw as ListStatus) : undefined;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const pageRaw = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1;
  const run = idParam(url.searchParams.get("run")) ?? undefined;
  return { status, q, page, run };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const { status, q, page, run } = readQuery(url);
  const api = context.get(apiContext);
  const profile = context.get(profileContext);
  const [categories, list, ...counts] = await Promise.all([
    categoryOptions(api, pageLang(request)),
    api.send(productsApi.listProducts, { query: { status, q: q || undefined, run, page, perPage: PER_PAGE } }),
    // The tabs' counts (of the whole list, not of the search).
    ...[undefined, ...LIST_STATUSES].map((s) =>
      api.send(productsApi.listProducts, { query: { status: s, perPage: 1 } }).then((r) => r.meta.total),
    ),
  ]);
  const role = profile.organization?.role ?? "member";
  return {
    items: list.data,
    meta: list.meta,
    status: status ?? null,
    q,
    run: run ?? null,
    categories,
    counts: Object.fromEntries([["all", counts[0]], ...LIST_STATUSES.map((s, i) => [s, counts[i + 1]])]) as Record<
      "all" | ListStatus,
      number
    >,
    canDelete: role === "owner" || role === "admin",
    companyBlocked: profile.organization?.status === "blocked",
    seo: { title: getInstance(context).t("profileProducts.list.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = `${localizedPath(request, "/profile/product")}${documentUrl(request).search}`;
  if (form.get("intent") === "bulk") return bulkAction(context.get(apiContext), form);
  if (form.get("intent") !== "delete") return data({ error: "invalid_intent" }, { status: 400 });
  const id = idParam(form.get("id"));
  if (id === null) return data({ error: "not_found" }, { status: 404 });
  try {
    await context.get(apiContext).send(productsApi.deleteProduct, { params: { id } });
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return data({ error: error.code, id: Number(id) }, { status: error.status });
  }
  if (form.get("js") === "1") return data({ deleted: Number(id) });
  throw flashRedirect(back, "profileProducts.flash.deleted");
}

/**
 * The bulk form (issue 26 §3): the ticked rows (`ids`) or every product the list's filter matches
 * (`scope=all` with the filter's `status`, `q`, `run`), and for `set` the fields chosen (an empty
 * choice leaves a field as it is). Answers the API's counts, or its refusal, on the same page.
 */
async function bulkAction(api: ApiClient, form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const filter = {
    status: (LIST_STATUSES as readonly string[]).includes(text("status")) ? (text("status") as ListStatus) : undefined,
    q: text("q") || undefined,
    run: idParam(text("run")) ?? undefined,
  };
  const set = Object.fromEntries(
    (["categoryId", "tnvedCode", "moqUnit", "originCountry"] as const)
      .map((field) => [field, text(`set.${field}`)] as const)
      .filter(([, value]) => value !== "")
      .map(([field, value]) => [field, field === "categoryId" ? Number(value) : field === "tnvedCode" ? value.replace(/\s+/g, "") : value]),
  );
  const body = {
    action: text("action"),
    all: text("scope") === "all",
    ids: form
      .getAll("ids")
      .map(idParam)
      .filter((id): id is number => id !== null),
    filter,
    set,
  };
  try {
    const { data: result } = await api.send(productsApi.bulkProducts, { body: body as never });
    return data({ bulk: result });
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    const issues = Object.fromEntries((error.issues ?? []).map((issue) => [issue.path, issue.message]));
    return data({ bulkError: error.code, issues }, { status: error.status });
  }
}

export const headers = privatePageHeaders;

export default function ProductList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { items, meta, status, q, run, counts, canDelete, companyBlocked, categories } = loaderData;
  const tabs: ["all" | ListStatus, string][] = [
    ["all", t("profileProducts.list.all")],
    ...LIST_STATUSES.map((s) => [s, t(`profileProducts.list.tab.${s}`)] as ["all" | ListStatus, string]),
  ];
  const tabHref = (s: "all" | ListStatus) => {
    const params = new URLSearchParams();
    if (s !== "all") params.set("status", s);
    if (q) params.set("q", q);
    if (run) params.set("run", String(run));
    const search = params.toString();
    return `/profile/product${search ? `?${search}` : ""}`;
  };
  const failed = actionData && "error" in actionData ? actionData : null;
  const bulk = actionData && "bulk" in actionData ? actionData.bulk : null;
  const bulkError = actionData && "bulkError" in actionData ? actionData : null;
  return (
    <section className="pp-page">
      <header className="pp-header">
        <h1>{t("profileProducts.list.title")}</h1>
        <div className="pl-product-links">
          {!companyBlocked ? (
            <LocaleLink to="/profile/product/new" className="button button-primary">
              {t("profileProducts.list.new")}
            </LocaleLink>
          ) : null}
          {!companyBlocked ? <LocaleLink to="/profile/price-list">{t("priceLists.productsUpload")}</LocaleLink> : null}{" "}
          <LocaleLink to="/profile/price-list#pl-export-title">{t("priceLists.productsExport")}</LocaleLink>
        </div>
      </header>
      {companyBlocked ? <p className="form-error">{t("apiErrors.company_blocked")}</p> : null}
      {failed ? (
        <p className="form-error" role="alert">
          {t([`apiErrors.${failed.error}`, "formWidgets.unknownError"])}
        </p>
      ) : null}
      <nav className="tabs" aria-label={t("profileProducts.list.tabsLabel")}>
        {tabs.map(([key, label]) => (
          <LocaleLink
            key={key}
            to={tabHref(key)}
            className={`tab${(status ?? "all") === key ? " tab-active" : ""}`}
            aria-current={(status ?? "all") === key ? "page" : undefined}
          >
            {label} <span className="tab-count">{counts[key]}</span>
          </LocaleLink>
        ))}
      </nav>
      {run ? (
        <p className="notice pp-run-filter">
          {t("profileProducts.bulk.runFilter", { run })}{" "}
          <LocaleLink to={status ? `/profile/product?status=${status}` : "/profile/product"}>
            {t("profileProducts.bulk.runFilterClear")}
          </LocaleLink>
        </p>
      ) : null}
      <Form method="get" role="search" className="search-form pp-search">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        {run ? <input type="hidden" name="run" value={run} /> : null}
        <SearchFields
          id="pp-q"
          label={t("profileProducts.list.searchLabel")}
          q={q}
          placeholder={t("profileProducts.list.searchPlaceholder")}
          button={t("profileProducts.list.search")}
        />
      </Form>
      {items.length === 0 ? (
        <div className="card empty-state">
          <p>
            {q
              ? t("profileProducts.list.nothingFound", { q })
              : counts.all === 0
                ? t("profileProducts.list.noneYet")
                : t("profileProducts.list.noneInTab")}
          </p>
          {counts.all === 0 && !companyBlocked ? (
            <LocaleLink to="/profile/product/new" className="button button-primary">
              {t("profileProducts.list.new")}
            </LocaleLink>
          ) : null}
        </div>
      ) : (
        <>
          <p className="muted small">{t("profileProducts.list.count", { count: meta.total })}</p>
          {bulk ? <BulkResult result={bulk} /> : null}
          {!companyBlocked ? (
            <BulkBar
              total={meta.total}
              filter={{ status, q, run }}
              canDelete={canDelete}
              categories={categories}
              error={bulkError?.bulkError ?? null}
              issues={bulkError?.issues ?? {}}
            />
          ) : null}
          <ul className="pp-list">
            {items.map((item) => (
              <ProductRow key={item.id} item={item} canDelete={canDelete && !companyBlocked} selectable={!companyBlocked} />
            ))}
          </ul>
          <Pagination page={meta.page} pages={meta.pages} />
        </>
      )}
    </section>
  );
}

function ProductRow({
  item,
  canDelete,
  selectable,
}: {
  item: Route.ComponentProps["loaderData"]["items"][number];
  canDelete: boolean;
  selectable: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const name = localizedText(item.name, lang, item.sourceLang);
  // Optimistic: the row goes as soon as deletion is asked for, and returns if the API refuses.
  const deleting = fetcher.state !== "idle" || (fetcher.data && "deleted" in fetcher.data);
  if (deleting) return null;
  const refused = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const note = item.moderationNote && (item.status === "rejected" || item.pending?.state === "rejected") ? item.moderationNote : null;
  const price = formatMoney(item.priceFrom, item.priceCurrency, lang);
  return (
    <li className="pp-item card">
      {selectable ? (
        // Outside the bulk form in the markup (a row holds its own delete form), inside it by `form=`.
        <input
          type="checkbox"
          name="ids"
          value={item.id}
          form="pp-bulk"
          className="pp-item-select"
          aria-label={t("profileProducts.bulk.tick", { name: name?.text ?? String(item.id) })}
        />
      ) : null}
      <LocaleLink to={`/profile/product/${item.id}`} className="pp-item-cover" tabIndex={-1} aria-hidden="true">
        {item.cover?.thumbUrl ? (
          <img src={item.cover.thumbUrl} alt="" width={72} height={72} loading="lazy" />
        ) : (
          <span className="pp-item-nocover" />
        )}
      </LocaleLink>
      <div className="pp-item-body">
        <h2 className="pp-item-name">
          <LocaleLink to={`/profile/product/${item.id}`}>
            <span lang={name && name.lang !== lang ? name.lang : undefined}>{name?.text ?? t("profileProducts.untitled")}</span>
          </LocaleLink>
        </h2>
        <p className="pp-item-meta">
          <ProductStatusBadge status={item.status} />
          <PendingMarker pending={item.pending} />
          <span className="muted small">
            {t("profileProducts.list.idAndDate", { id: item.id, date: formatDate(item.updatedAt, lang) })}
          </span>
        </p>
        <p className="pp-item-facts small">
          <span>{price ? t("catalog.priceFrom", { price }) : t("profileProducts.list.noPrice")}</span>
          {item.moq ? (
            <span>
              {t("catalog.moq")}: {formatQuantity(item.moq, lang)} {unitLabel(item.moqUnit, lang)}
            </span>
          ) : null}
        </p>
        {note ? (
          <p className="pp-item-note small">
            <strong>{t("profileProducts.moderatorNote")}:</strong> <span className="prewrap">{note}</span>
          </p>
        ) : null}
        {refused ? (
          <p className="form-error small" role="alert">
            {t([`apiErrors.${refused}`, "formWidgets.unknownError"])}
          </p>
        ) : null}
        <p className="pp-item-links small">
          <LocaleLink to={`/profile/product/${item.id}`}>{t("profileProducts.tabs.main")}</LocaleLink>
          <LocaleLink to={`/profile/product/${item.id}/price`}>{t("profileProducts.tabs.price")}</LocaleLink>
          <LocaleLink to={`/profile/product/${item.id}/file`}>{t("profileProducts.tabs.file")}</LocaleLink>
          {item.status === "published" ? <LocaleLink to={`/product/${item.id}`}>{t("profileProducts.viewPublic")}</LocaleLink> : null}
        </p>
      </div>
      {canDelete ? (
        <details className="pp-delete">
          <summary className="button-link">{t("profileProducts.delete.button")}</summary>
          <fetcher.Form method="post" className="pp-delete-confirm">
            <p className="small">{t("profileProducts.delete.confirm")}</p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={item.id} />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <button type="submit" className="button button-small pp-danger">
              {t("profileProducts.delete.yes")}
            </button>
          </fetcher.Form>
        </details>
      ) : null}
    </li>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
