/**
 * What each admin list page filters by (issue 7; the API side is server/admin/filters.ts): the
 * facets shown as checkboxes (several values) or radio buttons (one), how their values are named,
 * the extra id fields, and the sortable columns. Isomorphic: the pages' components read it.
 */
export type RecordsKind = "company" | "user" | "service" | "product" | "legal-entities" | "employees" | "rfq" | "inquiries";

export interface FacetConfig {
  /** Query parameter and facet name. */
  param: string;
  /** Several values at once (checkboxes) or one (radios with "any"). */
  multi: boolean;
  /** How a value is named: a locale key prefix, the facet's own labels (regions, categories…), or the value itself. */
  values: { prefix: string } | "labels" | "raw" | "yesno" | "langs";
  /** Values always offered (even with no count), in this order. */
  options?: readonly string[];
  title: string;
}

export interface RecordsConfig {
  /** The list page (language-neutral). */
  path: string;
  facets: FacetConfig[];
  /** Number inputs narrowing to one related record (company id, service type id…). */
  ids: { param: string; title: string }[];
  sorts: readonly string[];
}

const STATUS = ["draft", "moderation", "published", "rejected", "blocked"] as const;

/**
 * A facet over the fixed `options`, each named by the locale key `${prefix}${value}`; `multi`:
 * several at once (checkboxes), else one (radios with "any").
 */
function keyed(param: string, title: string, prefix: string, options: readonly string[], multi: boolean): FacetConfig {
  return { param, multi, values: { prefix }, options, title };
}

/** A yes/no question (one answer, or "any"). */
function yesNo(param: string, title: string): FacetConfig {
  return { param, multi: false, values: "yesno", options: ["yes", "no"], title };
}

/** A record's own status (several at once): the publication statuses unless `options` says otherwise. */
function status(options: readonly string[] = STATUS, prefix = "admin.status."): FacetConfig {
  return keyed("status", "admin.fields.status", prefix, options, true);
}

export const RECORDS: Record<RecordsKind, RecordsConfig> = {
  company: {
    path: "/admin/companies",
    facets: [
      status(),
      keyed("country", "admin.fields.country", "admin.countries.", ["RU", "CN"], false),
      { param: "region", multi: false, values: "labels", title: "admin.fields.region" },
      keyed("verification", "admin.fields.verification", "admin.verification.level", ["0", "1", "2"], false),
    ],
    ids: [],
    sorts: ["id", "name", "createdAt", "updatedAt", "publishedAt", "verificationLevel", "products"],
  },
  product: {
    path: "/admin/products",
    facets: [
      status(),
      yesNo("pending", "admin.fields.pending"),
      { param: "category", multi: false, values: "labels", title: "admin.fields.category" },
      { param: "currency", multi: false, values: "raw", options: ["RUB", "CNY", "USD"], title: "admin.fields.currency" },
      { param: "region", multi: false, values: "labels", title: "admin.fields.region" },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "name", "createdAt", "updatedAt", "publishedAt", "priceFrom"],
  },
  service: {
    path: "/admin/services",
    facets: [
      status(),
      { param: "serviceType", multi: false, values: "labels", title: "admin.fields.serviceType" },
      { param: "region", multi: false, values: "labels", title: "admin.fields.region" },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "createdAt", "updatedAt", "priceFrom"],
  },
  user: {
    path: "/admin/users",
    facets: [
      keyed("role", "admin.fields.role", "admin.roles.", ["USER", "MODERATOR", "ADMIN"], true),
      yesNo("blocked", "admin.fields.blocked"),
      yesNo("hasCompany", "admin.fields.hasCompany"),
      { param: "locale", multi: false, values: "langs", options: ["ru", "en", "zh"], title: "admin.fields.locale" },
    ],
    ids: [],
    sorts: ["id", "email", "lastName", "createdAt", "updatedAt", "lastSignInAt"],
  },
  employees: {
    path: "/admin/employees",
    facets: [
      status(["invited", "active", "blocked"]),
      keyed("role", "admin.fields.companyRole", "admin.companyRoles.", ["owner", "admin", "sales", "member"], true),
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "createdAt", "updatedAt", "role", "status"],
  },
  "legal-entities": {
    path: "/admin/legal-entities",
    facets: [
      keyed("kind", "admin.fields.legalKind", "admin.legalKinds.", ["legal", "individual"], false),
      keyed("companyStatus", "admin.fields.companyStatus", "admin.status.", STATUS, true),
      { param: "innRegion", multi: false, values: "labels", title: "admin.fields.innRegion" },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "inn", "nameFull", "createdAt", "updatedAt"],
  },
  rfq: {
    path: "/admin/rfq",
    facets: [
      status(["draft", "moderation", "rejected", "open", "closed", "awarded", "hidden"]),
      keyed("visibility", "admin.fields.visibility", "admin.rfqVisibility.", ["public", "private"], false),
    ],
    ids: [{ param: "buyer", title: "admin.filters.buyerId" }],
    sorts: ["id", "createdAt", "updatedAt", "deadline", "quotes"],
  },
  inquiries: {
    path: "/admin/inquiries",
    facets: [
      status(["new", "answered", "closed"], "admin.inquiryStatus."),
      { param: "belowMoq", multi: false, values: "yesno", title: "admin.fields.belowMoq" },
    ],
    ids: [
      { param: "company", title: "admin.filters.companyId" },
      { param: "buyer", title: "admin.filters.buyerId" },
    ],
    sorts: ["id", "createdAt", "lastMessageAt", "messages"],
  },
};

/** A list page's locale keys, all under `admin.records.<kind>`: its title, its lead and the search box's hint. */
export function recordsKeys(kind: RecordsKind): { title: string; lead: string; qHint: string } {
  return { title: `admin.records.${kind}.title`, lead: `admin.records.${kind}.lead`, qHint: `admin.records.${kind}.qHint` };
}

/** The export route's path for a kind (`/admin/export/<kind>`). */
export function exportPath(kind: RecordsKind, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("limit");
  const query = params.toString();
  return `/admin/export/${kind}${query ? `?${query}` : ""}`;
}
