/**
 * The admin area's dictionaries (issue 7): catalogue categories and service types. Their list and
 * edit pages are one module each (app/routes/admin/components/dictionary-list.tsx, dictionary-edit.tsx;
 * loaders and actions: app/routes/admin/lib/dictionaries.server.ts), told apart by this table. Safe for the
 * browser: it holds paths and locale keys only.
 */

/** A dictionary's key: also the middle of its locale keys (`admin.nav.<kind>`, `admin.<kind>.new`). */
export type DictionaryKind = "categories" | "serviceTypes";

/** Where a dictionary's pages are and what the audit log calls its records. */
export interface DictionaryPlace {
  /** The list page (language-neutral); a record's page is `${listPath}/{id}`, a new one's `${listPath}/new`. */
  listPath: string;
  /** The audit log's entity type. */
  auditType: "category" | "service_type";
}

export const DICTIONARIES: Record<DictionaryKind, DictionaryPlace> = {
  categories: { listPath: "/admin/categories", auditType: "category" },
  serviceTypes: { listPath: "/admin/service-types", auditType: "service_type" },
};

/**
 * A dictionary's locale keys: the list's title (also its navigation entry and the edit page's way
 * back), the list's lead and the "New …" link (also the title of a record being created).
 */
export function dictionaryKeys(kind: DictionaryKind): { title: string; lead: string; create: string } {
  return { title: `admin.nav.${kind}`, lead: `admin.${kind}.lead`, create: `admin.${kind}.new` };
}
