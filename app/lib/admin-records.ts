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
  api: string;
  path: string;
  title: string;
  lead: string;
  facets: FacetConfig[];
  /** Number inputs narrowing to one related record (company id, service type id…). */
  ids: { param: string; title: string }[];
  sorts: readonly string[];
}

const STATUS = ["draft", "moderation", "published", "rejected", "blocked"] as const;

export const RECORDS: Record<RecordsKind, RecordsConfig> = {
  company: {
    api: "company",
    path: "/admin/companies",
    title: "admin.records.company.title",
    lead: "admin.records.company.lead",
    facets: [
      { param: "status", multi: true, values: { prefix: "admin.status." }, options: STATUS, title: "admin.fields.status" },
      { param: "country", multi: false, values: { prefix: "admin.countries." }, options: ["RU", "CN"], title: "admin.fields.country" },
      { param: "region", multi: false, values: "labels", title: "admin.fields.region" },
      {
        param: "verification",
        multi: false,
        values: { prefix: "admin.verification.level" },
        options: ["0", "1", "2"],
        title: "admin.fields.verification",
      },
    ],
    ids: [],
    sorts: ["id", "name", "createdAt", "updatedAt", "publishedAt", "verificationLevel", "products"],
  },
  product: {
    api: "product",
    path: "/admin/products",
    title: "admin.records.product.title",
    lead: "admin.records.product.lead",
    facets: [
      { param: "status", multi: true, values: { prefix: "admin.status." }, options: STATUS, title: "admin.fields.status" },
      { param: "pending", multi: false, values: "yesno", options: ["yes", "no"], title: "admin.fields.pending" },
      { param: "category", multi: false, values: "labels", title: "admin.fields.category" },
      { param: "currency", multi: false, values: "raw", options: ["RUB", "CNY", "USD"], title: "admin.fields.currency" },
      { param: "region", multi: false, values: "labels", title: "admin.fields.region" },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "name", "createdAt", "updatedAt", "publishedAt", "priceFrom"],
  },
  service: {
    api: "service",
    path: "/admin/services",
    title: "admin.records.service.title",
    lead: "admin.records.service.lead",
    facets: [
      { param: "status", multi: true, values: { prefix: "admin.status." }, options: STATUS, title: "admin.fields.status" },
      { param: "serviceType", multi: false, values: "labels", title: "admin.fields.serviceType" },
      { param: "region", multi: false, values: "labels", title: "admin.fields.region" },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "createdAt", "updatedAt", "priceFrom"],
  },
  user: {
    api: "user",
    path: "/admin/users",
    title: "admin.records.user.title",
    lead: "admin.records.user.lead",
    facets: [
      {
        param: "role",
        multi: true,
        values: { prefix: "admin.roles." },
        options: ["USER", "MODERATOR", "ADMIN"],
        title: "admin.fields.role",
      },
      { param: "blocked", multi: false, values: "yesno", options: ["yes", "no"], title: "admin.fields.blocked" },
      { param: "hasCompany", multi: false, values: "yesno", options: ["yes", "no"], title: "admin.fields.hasCompany" },
      { param: "locale", multi: false, values: "langs", options: ["ru", "en", "zh"], title: "admin.fields.locale" },
    ],
    ids: [],
    sorts: ["id", "email", "lastName", "createdAt", "updatedAt", "lastSignInAt"],
  },
  employees: {
    api: "employees",
    path: "/admin/employees",
    title: "admin.records.employees.title",
    lead: "admin.records.employees.lead",
    facets: [
      {
        param: "status",
        multi: true,
        values: { prefix: "admin.status." },
        options: ["invited", "active", "blocked"],
        title: "admin.fields.status",
      },
      {
        param: "role",
        multi: true,
        values: { prefix: "admin.companyRoles." },
        options: ["owner", "admin", "sales", "member"],
        title: "admin.fields.companyRole",
      },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "createdAt", "updatedAt", "role", "status"],
  },
  "legal-entities": {
    // The spec's spelling of the endpoint (it also answers `legal-entities`).
    api: "legal-entiries",
    path: "/admin/legal-entities",
    title: "admin.records.legal-entities.title",
    lead: "admin.records.legal-entities.lead",
    facets: [
      {
        param: "kind",
        multi: false,
        values: { prefix: "admin.legalKinds." },
        options: ["legal", "individual"],
        title: "admin.fields.legalKind",
      },
      { param: "companyStatus", multi: true, values: { prefix: "admin.status." }, options: STATUS, title: "admin.fields.companyStatus" },
      { param: "innRegion", multi: false, values: "labels", title: "admin.fields.innRegion" },
    ],
    ids: [{ param: "company", title: "admin.filters.companyId" }],
    sorts: ["id", "inn", "nameFull", "createdAt", "updatedAt"],
  },
  rfq: {
    api: "rfq",
    path: "/admin/rfq",
    title: "admin.records.rfq.title",
    lead: "admin.records.rfq.lead",
    facets: [
      {
        param: "status",
        multi: true,
        values: { prefix: "admin.status." },
        options: ["draft", "moderation", "rejected", "open", "closed", "awarded", "hidden"],
        title: "admin.fields.status",
      },
      {
        param: "visibility",
        multi: false,
        values: { prefix: "admin.rfqVisibility." },
        options: ["public", "private"],
        title: "admin.fields.visibility",
      },
    ],
    ids: [{ param: "buyer", title: "admin.filters.buyerId" }],
    sorts: ["id", "createdAt", "updatedAt", "deadline", "quotes"],
  },
  inquiries: {
    api: "inquiries",
    path: "/admin/inquiries",
    title: "admin.records.inquiries.title",
    lead: "admin.records.inquiries.lead",
    facets: [
      {
        param: "status",
        multi: true,
        values: { prefix: "admin.inquiryStatus." },
        options: ["new", "answered", "closed"],
        title: "admin.fields.status",
      },
      { param: "belowMoq", multi: false, values: "yesno", title: "admin.fields.belowMoq" },
    ],
    ids: [
      { param: "company", title: "admin.filters.companyId" },
      { param: "buyer", title: "admin.filters.buyerId" },
    ],
    sorts: ["id", "createdAt", "lastMessageAt", "messages"],
  },
};

/** The export route's path for a kind (`/admin/export/<kind>`). */
export function exportPath(kind: RecordsKind, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("limit");
  const query = params.toString();
  return `/admin/export/${kind}${query ? `?${query}` : ""}`;
}
