/**
 * OpenAPI operations of the admin area (issue 7; server/api/admin.ts), merged into the document by
 * openapi.ts. Query parameters and request bodies are generated from the zod schemas the endpoints
 * validate with (server/admin/filters.ts, server/admin/schemas.ts), so the document cannot drift.
 * The list is also what tests/api/admin.test.ts walks to check that every admin endpoint refuses
 * anonymous callers (401) and plain users (403).
 */
import { z } from "zod";
import { BlockCompanySchema, BlockUserSchema, CategorySchema, PageSchema, RejectSchema, RoleSchema, ServiceTypeSchema, StorySchema, TagSchema, VerificationSchema } from "../admin/schemas.ts";
import { CompanyFilterQuery, EmployeeFilterQuery, LegalEntityFilterQuery, ProductFilterQuery, ServiceFilterQuery, UserFilterQuery } from "../admin/filters.ts";
import type { AdminPermission } from "../admin/access.ts";
import { AuditQuery, LangQuery, ModerationListQuery, PublicPageQuery, StoryListQuery } from "./admin.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

export interface AdminOperation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** The permission needed (server/admin/access.ts); `public` for visitors' endpoints. */
  permission: AdminPermission | "public";
  query?: z.ZodObject;
  body?: z.ZodType;
  multipart?: boolean;
  returns: string;
  status?: 200 | 201;
  paged?: boolean;
  /** Extra error responses: status → description. */
  errors?: Record<string, string>;
  /** A CSV answer besides JSON (`format=csv`). */
  csv?: boolean;
}

const A = "/app/admin";
const notFound = { "404": "`not_found`" };

const filter = (path: string, what: string, query: z.ZodObject, spelling?: string): AdminOperation => ({
  method: "get",
  path: `${A}/filter/${path}`,
  tag: "Admin: filters",
  summary: `Find ${what}`,
  description: `${spelling ? `${spelling} ` : ""}Filters combine; list parameters take repeated keys or commas. \`sort\` is one of the listed columns. Facets count each filter's values on the set filtered by all the OTHER filters (GROUP BY in SQL). \`format=csv\` streams every matching row (not only the page) as UTF-8 CSV with a BOM; \`X-Total-Count\` gives the number of rows.`,
  permission: "read",
  query,
  returns: "{ items: Row[], facets: { [filter]: { value, count, label? }[] } }",
  paged: true,
  csv: true,
});

export const adminOperations: AdminOperation[] = [
  { method: "get", path: `${A}/me`, tag: "Admin", summary: "The caller's site role and permissions", permission: "read", returns: "{ userId, label, role, permissions[] }" },
  { method: "get", path: `${A}/summary`, tag: "Admin", summary: "Dashboard figures", permission: "read", returns: "{ queue: { company, product }, companies: { [status]: n }, users: { total, blocked, staff }, recentActions: AuditRow[] }" },

  { method: "get", path: `${A}/regions`, tag: "Admin", summary: "Regions for the forms: Russian subjects and Chinese provinces", permission: "read", returns: "{ code, country, name: { ru, en, zh } }[]" },

  { method: "get", path: `${A}/moderation`, tag: "Admin: moderation", summary: "What waits for a moderator, oldest first", description: "Companies and products under moderation, and published products whose changes were (re)submitted.", permission: "read", query: ModerationListQuery, returns: "QueueEntry[] (meta.counts per kind)", paged: true },
  { method: "get", path: `${A}/moderation/{kind}/{id}`, tag: "Admin: moderation", summary: "One company or product with the field-by-field diff against its published version", description: "`kind`: company | product. `before` is the published (or last approved) version, `after` what approval publishes; `diff` lists every field (names and descriptions per language, category, TN VED/OKVED codes, prices, facts, variants, images and documents).", permission: "read", query: LangQuery, returns: "{ entry, awaiting, company: { sourceLang, peopleLangs, … }, moderationNote, before, after, diff: DiffField[], history: AuditRow[] }", errors: notFound },
  { method: "post", path: `${A}/moderation/{kind}/{id}/approve`, tag: "Admin: moderation", summary: "Approve: publish the company, the product or the product's changes", description: "The company's people are told by e-mail in their languages.", permission: "moderate", returns: "ModerationResult & { mailed }", errors: { ...notFound, "409": "`nothing_to_approve`" } },
  { method: "post", path: `${A}/moderation/{kind}/{id}/reject`, tag: "Admin: moderation", summary: "Reject with a reason in the supplier's language", description: "A product's rejected changes leave its published version public. The reason is shown in the supplier's profile (`moderationNote`, `moderationNoteLang`) and e-mailed.", permission: "moderate", body: RejectSchema, returns: "ModerationResult & { mailed }", errors: { ...notFound, "409": "`nothing_to_reject`" } },

  { method: "get", path: `${A}/audit`, tag: "Admin: audit log", summary: "Every admin action, newest first", description: "`actor`: part of the e-mail (or `cli`), or a user id; `from`/`to`: days (UTC, inclusive).", permission: "read", query: AuditQuery, returns: "AuditRow[] ({ id, actorUserId, actorLabel, actorRole, entityType, entityId, action, before, after, requestId, ip, createdAt }; meta.actors)", paged: true },

  filter("company", "companies", CompanyFilterQuery),
  filter("user", "users", UserFilterQuery),
  filter("service", "suppliers' service offers", ServiceFilterQuery),
  filter("product", "products (all statuses, pending changes included)", ProductFilterQuery),
  filter("legal-entiries", "legal entities", LegalEntityFilterQuery, "The spec's spelling; `/app/admin/filter/legal-entities` answers the same."),
  filter("legal-entities", "legal entities", LegalEntityFilterQuery),
  filter("employees", "employees and invitations of every company", EmployeeFilterQuery),

  { method: "get", path: `${A}/users/{id}`, tag: "Admin: users", summary: "One user: role, block, company, active sessions, history", permission: "read", returns: "AdminUserView", errors: notFound },
  { method: "patch", path: `${A}/users/{id}/role`, tag: "Admin: users", summary: "Change the site role", description: "Admins only. Applies on the user's next request.", permission: "manageRoles", body: RoleSchema, returns: "AdminUserView", errors: { ...notFound, "409": "`own_account`, `last_admin`" } },
  { method: "post", path: `${A}/users/{id}/block`, tag: "Admin: users", summary: "Block: sign-in refused, every session ended at once", description: "A moderator may block USER accounts only.", permission: "manageUsers", body: BlockUserSchema, returns: "AdminUserView", errors: { ...notFound, "409": "`own_account`, `already_blocked`" } },
  { method: "post", path: `${A}/users/{id}/unblock`, tag: "Admin: users", summary: "Lift a block", permission: "manageUsers", returns: "AdminUserView", errors: { ...notFound, "409": "`own_account`, `not_blocked`" } },
  { method: "post", path: `${A}/users/{id}/sign-out`, tag: "Admin: users", summary: "Sign out everywhere: revoke every refresh-token family", description: "Each device must sign in again when its access token (≤ 30 minutes) runs out.", permission: "manageUsers", returns: "AdminUserView & { sessionsEnded }", errors: { ...notFound, "409": "`own_account`" } },

  { method: "get", path: `${A}/companies/{id}`, tag: "Admin: companies", summary: "One company: status, verification, people, legal entities, history", permission: "read", returns: "AdminCompanyView", errors: notFound },
  { method: "put", path: `${A}/companies/{id}/verification`, tag: "Admin: companies", summary: "Set the verification level with its evidence and date", description: "Level 0 none, 1 documents checked, 2 documents and a site visit; 1–2 need the evidence and the day of the check.", permission: "manageCompanies", body: VerificationSchema, returns: "AdminCompanyView", errors: notFound },
  { method: "post", path: `${A}/companies/{id}/block`, tag: "Admin: companies", summary: "Block a company (hidden from visitors, frozen for its people)", permission: "manageCompanies", body: BlockCompanySchema, returns: "AdminCompanyView", errors: { ...notFound, "409": "`already_blocked`" } },
  { method: "post", path: `${A}/companies/{id}/unblock`, tag: "Admin: companies", summary: "Lift a block: the status it interrupted comes back", permission: "manageCompanies", returns: "AdminCompanyView", errors: { ...notFound, "409": "`not_blocked`" } },

  { method: "get", path: `${A}/categories`, tag: "Admin: catalogue", summary: "Every category in tree order", permission: "read", returns: "AdminCategory[]" },
  { method: "post", path: `${A}/categories`, tag: "Admin: catalogue", summary: "Create a category", permission: "manageContent", body: CategorySchema, returns: "AdminCategory", status: 201, errors: { "409": "`slug_taken`" } },
  { method: "get", path: `${A}/categories/{id}`, tag: "Admin: catalogue", summary: "One category", permission: "read", returns: "AdminCategory", errors: notFound },
  { method: "put", path: `${A}/categories/{id}`, tag: "Admin: catalogue", summary: "Change a category", permission: "manageContent", body: CategorySchema, returns: "AdminCategory", errors: { ...notFound, "409": "`slug_taken`" } },
  { method: "delete", path: `${A}/categories/{id}`, tag: "Admin: catalogue", summary: "Delete an unused category", permission: "manageContent", returns: "{ id, deleted }", errors: { ...notFound, "409": "`in_use`" } },
  { method: "get", path: `${A}/service-types`, tag: "Admin: catalogue", summary: "Every service type", permission: "read", returns: "AdminServiceType[]" },
  { method: "post", path: `${A}/service-types`, tag: "Admin: catalogue", summary: "Create a service type", permission: "manageContent", body: ServiceTypeSchema, returns: "AdminServiceType", status: 201, errors: { "409": "`slug_taken`" } },
  { method: "get", path: `${A}/service-types/{id}`, tag: "Admin: catalogue", summary: "One service type", permission: "read", returns: "AdminServiceType", errors: notFound },
  { method: "put", path: `${A}/service-types/{id}`, tag: "Admin: catalogue", summary: "Change a service type", permission: "manageContent", body: ServiceTypeSchema, returns: "AdminServiceType", errors: { ...notFound, "409": "`slug_taken`" } },
  { method: "delete", path: `${A}/service-types/{id}`, tag: "Admin: catalogue", summary: "Delete a service type nobody offers", permission: "manageContent", returns: "{ id, deleted }", errors: { ...notFound, "409": "`in_use`" } },

  { method: "get", path: `${A}/stories`, tag: "Admin: press centre", summary: "Stories, drafts included", permission: "read", query: StoryListQuery, returns: "AdminStory[]", paged: true },
  { method: "post", path: `${A}/stories`, tag: "Admin: press centre", summary: "Create a story", description: "Markdown bodies per language; a future `publishedAt` schedules it.", permission: "manageContent", body: StorySchema, returns: "AdminStory", status: 201, errors: { "409": "`slug_taken`" } },
  { method: "get", path: `${A}/stories/{id}`, tag: "Admin: press centre", summary: "One story with its history", permission: "read", returns: "AdminStory & { history }", errors: notFound },
  { method: "put", path: `${A}/stories/{id}`, tag: "Admin: press centre", summary: "Change a story", permission: "manageContent", body: StorySchema, returns: "AdminStory", errors: { ...notFound, "409": "`slug_taken`" } },
  { method: "delete", path: `${A}/stories/{id}`, tag: "Admin: press centre", summary: "Delete a story", permission: "manageContent", returns: "{ id, deleted }", errors: notFound },
  { method: "put", path: `${A}/stories/{id}/cover`, tag: "Admin: press centre", summary: "Set the cover image", description: "Multipart `file` (an image, checked by content and re-encoded), or JSON `{ fileId }` of the caller's temporary upload.", permission: "manageContent", multipart: true, returns: "AdminStory", errors: { ...notFound, "413": "`file_too_large`", "415": "`file_kind_mismatch` and the upload checks' codes" } },
  { method: "delete", path: `${A}/stories/{id}/cover`, tag: "Admin: press centre", summary: "Remove the cover image", permission: "manageContent", returns: "AdminStory", errors: notFound },
  { method: "get", path: `${A}/tags`, tag: "Admin: press centre", summary: "Tags with story counts", permission: "read", returns: "AdminTag[]" },
  { method: "post", path: `${A}/tags`, tag: "Admin: press centre", summary: "Create a tag", permission: "manageContent", body: TagSchema, returns: "AdminTag", status: 201, errors: { "409": "`slug_taken`" } },
  { method: "put", path: `${A}/tags/{id}`, tag: "Admin: press centre", summary: "Change a tag", permission: "manageContent", body: TagSchema, returns: "AdminTag", errors: { ...notFound, "409": "`slug_taken`" } },
  { method: "delete", path: `${A}/tags/{id}`, tag: "Admin: press centre", summary: "Delete a tag (its stories stay)", permission: "manageContent", returns: "{ id, deleted }", errors: notFound },

  { method: "get", path: `${A}/pages`, tag: "Admin: content pages", summary: "The content pages (talp, liaozhong)", permission: "read", returns: "AdminPage[]" },
  { method: "get", path: `${A}/pages/{slug}`, tag: "Admin: content pages", summary: "One content page with its history", permission: "read", returns: "AdminPage", errors: notFound },
  { method: "put", path: `${A}/pages/{slug}`, tag: "Admin: content pages", summary: "Write a content page (localized Markdown; a partner-region page's region and localities)", permission: "manageContent", body: PageSchema, returns: "AdminPage", errors: notFound },

  { method: "get", path: "/api/pages/{slug}", tag: "Content pages", summary: "A content page for visitors", description: "`talp` and `liaozhong` always exist; a partner-region page lists the region's published suppliers (paged by `page`, 24 a page).", permission: "public", query: PublicPageQuery, returns: "{ slug, kind, title, lead, body (Markdown), updatedAt, region, suppliers: { items: CompanyListItem[], total, page, pages } }", errors: notFound },
];

function jsonSchema(schema: z.ZodType) {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const error = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

const WHO: Record<AdminOperation["permission"], string> = {
  public: "anyone",
  read: "site moderators and admins",
  moderate: "site moderators and admins",
  manageCompanies: "site moderators and admins",
  manageContent: "site moderators and admins",
  manageUsers: "site moderators (USER accounts only) and admins",
  manageRoles: "site admins only",
};

/** The OpenAPI operation object of `op`. */
export function adminOperation(op: AdminOperation) {
  const parameters: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: m[1] === "kind" ? { type: "string", enum: ["company", "product"] } : m[1] === "slug" ? { type: "string", enum: ["talp", "liaozhong"] } : { type: "integer", minimum: 1 },
  }));
  if (op.query) {
    const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
  }
  let requestBody: Record<string, unknown> | undefined;
  if (op.body) requestBody = { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
  if (op.multipart) {
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": { schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary", description: "JPEG, PNG, WebP, GIF or AVIF, ≤ 10 MB" } } } },
        "application/json": { schema: { type: "object", required: ["fileId"], properties: { fileId: { type: "integer" } } } },
      },
    };
  }
  const ok = {
    description: `\`{ data${op.paged ? ", meta: { page, perPage, total, pages }" : ""} }\` — data: ${op.returns}${op.csv ? ". With `format=csv`: text/csv (UTF-8 with BOM), every matching row." : ""}`,
    content: {
      "application/json": { schema: { $ref: op.paged ? "#/components/schemas/PagedEnvelope" : "#/components/schemas/Envelope" } },
      ...(op.csv ? { "text/csv": { schema: { type: "string" } } } : {}),
    },
  };
  const isPublic = op.permission === "public";
  const responses: Record<string, unknown> = {
    [String(op.status ?? 200)]: ok,
    ...(requestBody || op.query ? { "400": error("`invalid_body` / `invalid_query` with `issues[]` (each `{ path, message }`)") } : {}),
    ...(isPublic ? {} : { "401": error("`unauthorized`: no valid access token"), "403": error(`\`forbidden\` (not site staff)${op.permission === "manageRoles" || op.permission === "manageUsers" ? ", `forbidden_role` (a moderator)" : ""}`) }),
  };
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = error(description);
  return {
    tags: [op.tag],
    summary: op.summary,
    description: [`Access: ${WHO[op.permission]}.`, op.description].filter(Boolean).join(" "),
    ...(isPublic ? {} : { security: [{ bearer: [] }] }),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}
