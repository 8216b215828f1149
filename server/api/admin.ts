/**
 * The admin API (issue 7; spec §7 "Admin and app"): everything under `/app/admin/*` is for site
 * staff only — no valid token → 401 `unauthorized`, a USER → 403 `forbidden` on every path (known
 * or not, so the area reveals nothing), a moderator without the permission → 403 `forbidden_role`
 * (server/admin/access.ts). Every change is written with its audit row in one transaction.
 *
 * - GET  /app/admin/me → { userId, role, permissions[] }
 * - GET  /app/admin/summary → queue counts, companies by status, users, recent actions
 * - GET  /app/admin/regions → every region (Russian subjects, Chinese provinces) for the forms
 * - GET  /app/admin/moderation?kind&page&limit&lang → QueueEntry[] (oldest first) with counts
 * - GET  /app/admin/moderation/{kind}/{id}?lang → QueueItemDetail (documents and their diff)
 * - POST /app/admin/moderation/{kind}/{id}/approve → ModerationResult (e-mails the company's people)
 * - POST /app/admin/moderation/{kind}/{id}/reject RejectSchema → ModerationResult
 * - GET  /app/admin/audit?actor&entityType&entityId&action&from&to&page&limit → AuditRow[]
 * - GET  /app/admin/filter/{company|user|service|product|legal-entiries|legal-entities|employees}
 *        (server/admin/filters.ts) → { items, facets } with paging meta, or CSV with `format=csv`
 * - users: GET /app/admin/users/{id}; PATCH …/role RoleSchema (manageRoles); POST …/block
 *   BlockUserSchema, …/unblock, …/sign-out (manageUsers)
 * - companies: GET /app/admin/companies/{id}; PUT …/verification VerificationSchema; POST …/block
 *   BlockCompanySchema, …/unblock (manageCompanies)
 * - categories, service types, tags: GET list, POST, GET/PUT/DELETE /{id} (manageContent)
 * - stories: GET list (q, status, page, limit), POST, GET/PUT/DELETE /{id}, PUT/DELETE /{id}/cover
 * - pages: GET list, GET/PUT /{slug}
 * And for visitors: GET /api/pages/{slug}?lang&page → PublicPage (server/admin/pages.ts).
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { asc, sql } from "drizzle-orm";
import { regions } from "../db/schema.ts";
import type { ApiEnv } from "./app.ts";
import { ApiError, LangSchema, ok, pageMeta, parseJsonBody, parseQuery } from "./http.ts";
import { pathId, readFile, signedInFirst, uploadBodyLimit } from "./profile-support.ts";
import { permissionsOf, staffAccess, type AdminPermission, type AdminActor, isStaffRole } from "../admin/access.ts";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditActors, listAudit } from "../admin/audit.ts";
import { csvBatches, csvColumns, countFiltered, FILTER_PATHS, FILTER_QUERIES, runFilter, type FilterKind, type FilterQuery } from "../admin/filters.ts";
import { listQueue, queueCounts, queueItem } from "../admin/queue.ts";
import { notifyDecision } from "../admin/notify.ts";
import { adminUserView, blockUser, changeRole, signOutEverywhere, unblockUser } from "../admin/users.ts";
import { adminCompanyView, blockCompany, setVerification, unblockCompany } from "../admin/companies.ts";
import { createCategory, createServiceType, deleteCategory, deleteServiceType, getCategory, getServiceType, listCategories, listServiceTypes, updateCategory, updateServiceType } from "../admin/catalogue.ts";
import { createStory, createTag, deleteStory, deleteTag, getAdminStory, listAdminStories, listTags, setStoryCover, updateStory, updateTag } from "../admin/press.ts";
import { getAdminPage, listAdminPages, publicPage, savePage } from "../admin/pages.ts";
import {
  ADMIN_VALIDATION_CODES,
  BlockCompanySchema,
  BlockUserSchema,
  CategorySchema,
  PageSchema,
  RejectSchema,
  RoleSchema,
  ServiceTypeSchema,
  StorySchema,
  TagSchema,
  VerificationSchema,
} from "../admin/schemas.ts";
import { VALIDATION_CODES } from "../profile/schemas.ts";
import { approveCompany, approveProduct, ModerationError, rejectCompany, rejectProduct } from "../profile/moderation.ts";
import { claimUpload } from "../files/repository.ts";

const CODES = new Set<string>([...VALIDATION_CODES, ...ADMIN_VALIDATION_CODES]);

/** Reads a JSON body (≤ 64 KiB) and checks it with an admin schema; issue messages are validation codes. */
async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const raw = await parseJsonBody(c, z.unknown());
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ApiError(
      400,
      "invalid_body",
      "Invalid request body",
      result.error.issues.map((issue) => ({ path: issue.path.join("."), message: CODES.has(issue.message) ? issue.message : issue.code === "invalid_type" ? "invalid_type" : "invalid_format" })),
    );
  }
  return result.data;
}

/** Query parameters with repeated keys kept as lists (`status=a&status=b`). */
function queryObject(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) out[key] = values.length === 1 ? values[0]! : values;
  return out;
}

function parseFilter<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(queryObject(c));
  if (!result.success) {
    throw new ApiError(400, "invalid_query", "Invalid query parameters", result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
  }
  return result.data;
}

const kindParam = (c: Context): "company" | "product" => {
  const kind = c.req.param("kind");
  if (kind !== "company" && kind !== "product") throw new ApiError(404, "not_found", "Nothing to moderate here");
  return kind;
};

/** A ModerationError is a DomainError: the API's error handler answers it with its code's status. */
function moderationFailure(error: unknown): never {
  if (error instanceof ModerationError && error.code === "invalid_body") throw new ModerationError("invalid_body", "Invalid request body", { issues: error.issues });
  throw error;
}

/** Refuses everyone but site staff on every /app/admin path, before anything else runs. */
const staffOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await staffAccess(c, "read");
  await next();
};

const actorFor = (c: Context, permission: AdminPermission): Promise<AdminActor> => staffAccess(c, permission);

export const ModerationListQuery = z.object({
  kind: z.enum(["company", "product"]).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: LangSchema,
});

export const LangQuery = z.object({ lang: LangSchema });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const AuditQuery = z.object({
  actor: z.string().trim().max(200).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.string().trim().max(80).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.string().regex(DAY, "Expected a date YYYY-MM-DD").optional(),
  to: z.string().regex(DAY, "Expected a date YYYY-MM-DD").optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const StoryListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(["draft", "published"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const PublicPageQuery = z.object({ lang: LangSchema, page: z.coerce.number().int().min(1).max(1000).default(1) });

const today = () => new Date().toISOString().slice(0, 10);

function csvResponse(c: Context<ApiEnv>, kind: FilterKind, query: FilterQuery, total: number): Response {
  const db = c.var.db;
  const columns = csvColumns(kind);
  const batches = csvBatches(db, kind, query);
  let first = true;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          if (first) controller.enqueue(encoder.encode(stringify([], { header: true, columns, bom: true })));
          controller.close();
          return;
        }
        // The BOM tells Excel the file is UTF-8, so Cyrillic and Chinese names open correctly.
        controller.enqueue(encoder.encode(stringify(next.value, { header: first, columns, bom: first })));
        first = false;
      } catch (error) {
        c.var.logger.error({ err: error, kind }, "CSV export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${kind}-${today()}.csv"`,
      "x-total-count": String(total),
      "cache-control": "no-store",
    },
  });
}

async function decide(c: Context<ApiEnv>, run: (actor: AdminActor) => Promise<import("../profile/moderation.ts").ModerationResult>) {
  const actor = await actorFor(c, "moderate");
  const result = await run(actor).catch(moderationFailure);
  const mailed = await notifyDecision(c.var.db, { mailer: c.var.mailer, publicUrl: c.var.publicUrl, logger: c.var.logger }, result);
  return ok(c, { ...result, mailed });
}

export const adminRoutes = new Hono<ApiEnv>()
  .use("/app/admin/*", staffOnly)
  .get("/app/admin/me", async (c) => {
    const actor = await actorFor(c, "read");
    const role = actor.role === "CLI" ? "ADMIN" : actor.role;
    return ok(c, { userId: actor.userId, label: actor.label, role, permissions: isStaffRole(role) ? permissionsOf(role) : [] });
  })
  .get("/app/admin/summary", async (c) => {
    const db = c.var.db;
    const [queue, companies, users, recent] = await Promise.all([
      queueCounts(db),
      db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from companies group by status`),
      db.execute<{ total: number; blocked: number; staff: number }>(
        sql`select count(*)::int as total, count(*) filter (where blocked_at is not null)::int as blocked, count(*) filter (where role <> 'USER')::int as staff from users`,
      ),
      listAudit(db, { page: 1, limit: 8 }),
    ]);
    return ok(c, {
      queue,
      companies: Object.fromEntries(companies.rows.map((r) => [r.status, r.n])),
      users: users.rows[0] ?? { total: 0, blocked: 0, staff: 0 },
      recentActions: recent.items,
    });
  })
  .get("/app/admin/regions", async (c) => {
    const rows = await c.var.db.select({ code: regions.code, country: regions.country, name: regions.name }).from(regions).orderBy(asc(regions.country), asc(regions.position));
    return ok(c, rows);
  })
  /* ─── moderation ─── */
  .get("/app/admin/moderation", async (c) => {
    const query = parseQuery(c, ModerationListQuery);
    const { items, total, counts } = await listQueue(c.var.db, query);
    return ok(c, items, { ...pageMeta(query.page, query.limit, total), counts });
  })
  .get("/app/admin/moderation/:kind/:id", async (c) => {
    const kind = kindParam(c);
    const id = pathId(c, "id", "Item");
    const { lang } = parseQuery(c, LangQuery);
    const item = await queueItem(c.var.db, kind, id, lang);
    if (!item) throw new ApiError(404, "not_found", `No ${kind} ${id}`);
    return ok(c, item);
  })
  .post("/app/admin/moderation/:kind/:id/approve", async (c) => {
    const kind = kindParam(c);
    const id = pathId(c, "id", "Item");
    return decide(c, (actor) => (kind === "company" ? approveCompany(c.var.db, id, { actor }) : approveProduct(c.var.db, c.var.storage, id, { actor })));
  })
  .post("/app/admin/moderation/:kind/:id/reject", async (c) => {
    const kind = kindParam(c);
    const id = pathId(c, "id", "Item");
    await actorFor(c, "moderate");
    const input = await body(c, RejectSchema);
    return decide(c, (actor) => (kind === "company" ? rejectCompany(c.var.db, id, input.reason, { actor, lang: input.lang }) : rejectProduct(c.var.db, id, input.reason, { actor, lang: input.lang })));
  })
  /* ─── audit log ─── */
  .get("/app/admin/audit", async (c) => {
    const query = parseQuery(c, AuditQuery);
    const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined;
    const { items, total } = await listAudit(c.var.db, { ...query, from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined, to });
    return ok(c, items, { ...pageMeta(query.page, query.limit, total), actors: await auditActors(c.var.db) });
  })
  /* ─── filters ─── */
  .get("/app/admin/filter/:kind", async (c) => {
    const kind = FILTER_PATHS[c.req.param("kind")];
    if (!kind) throw new ApiError(404, "not_found", `No filter ${c.req.param("kind")}`);
    const query = parseFilter(c, FILTER_QUERIES[kind]) as FilterQuery;
    if (query.format === "csv") return csvResponse(c, kind, query, await countFiltered(c.var.db, kind, query));
    const result = await runFilter(c.var.db, kind, query);
    return ok(c, { items: result.items, facets: result.facets }, { ...pageMeta(query.page, query.limit, result.total), limit: query.limit, sort: query.sort, order: query.order });
  })
  /* ─── users ─── */
  .get("/app/admin/users/:id", async (c) => ok(c, await adminUserView(c.var.db, pathId(c, "id", "User"))))
  .patch("/app/admin/users/:id/role", async (c) => {
    const actor = await actorFor(c, "manageRoles");
    const id = pathId(c, "id", "User");
    const { role } = await body(c, RoleSchema);
    await changeRole(c.var.db, actor, id, role);
    return ok(c, await adminUserView(c.var.db, id));
  })
  .post("/app/admin/users/:id/block", async (c) => {
    const actor = await actorFor(c, "manageUsers");
    const id = pathId(c, "id", "User");
    const { reason } = await body(c, BlockUserSchema);
    await blockUser(c.var.db, actor, id, reason);
    return ok(c, await adminUserView(c.var.db, id));
  })
  .post("/app/admin/users/:id/unblock", async (c) => {
    const actor = await actorFor(c, "manageUsers");
    const id = pathId(c, "id", "User");
    await unblockUser(c.var.db, actor, id);
    return ok(c, await adminUserView(c.var.db, id));
  })
  .post("/app/admin/users/:id/sign-out", async (c) => {
    const actor = await actorFor(c, "manageUsers");
    const id = pathId(c, "id", "User");
    const sessionsEnded = await signOutEverywhere(c.var.db, actor, id);
    return ok(c, { ...(await adminUserView(c.var.db, id)), sessionsEnded });
  })
  /* ─── companies ─── */
  .get("/app/admin/companies/:id", async (c) => ok(c, await adminCompanyView(c.var.db, pathId(c, "id", "Company"))))
  .put("/app/admin/companies/:id/verification", async (c) => {
    const actor = await actorFor(c, "manageCompanies");
    const id = pathId(c, "id", "Company");
    const input = await body(c, VerificationSchema);
    await setVerification(c.var.db, actor, id, { level: input.level, evidence: input.evidence ?? {}, verifiedAt: input.verifiedAt ?? null });
    return ok(c, await adminCompanyView(c.var.db, id));
  })
  .post("/app/admin/companies/:id/block", async (c) => {
    const actor = await actorFor(c, "manageCompanies");
    const id = pathId(c, "id", "Company");
    const input = await body(c, BlockCompanySchema);
    await blockCompany(c.var.db, actor, id, input.reason, input.lang);
    return ok(c, await adminCompanyView(c.var.db, id));
  })
  .post("/app/admin/companies/:id/unblock", async (c) => {
    const actor = await actorFor(c, "manageCompanies");
    const id = pathId(c, "id", "Company");
    await unblockCompany(c.var.db, actor, id);
    return ok(c, await adminCompanyView(c.var.db, id));
  })
  /* ─── categories ─── */
  .get("/app/admin/categories", async (c) => ok(c, await listCategories(c.var.db)))
  .post("/app/admin/categories", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = await createCategory(c.var.db, actor, await body(c, CategorySchema));
    return c.json({ data: await getCategory(c.var.db, id) }, 201);
  })
  .get("/app/admin/categories/:id", async (c) => ok(c, await getCategory(c.var.db, pathId(c, "id", "Category"))))
  .put("/app/admin/categories/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Category");
    await updateCategory(c.var.db, actor, id, await body(c, CategorySchema));
    return ok(c, await getCategory(c.var.db, id));
  })
  .delete("/app/admin/categories/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Category");
    await deleteCategory(c.var.db, actor, id);
    return ok(c, { id, deleted: true });
  })
  /* ─── service types ─── */
  .get("/app/admin/service-types", async (c) => ok(c, await listServiceTypes(c.var.db)))
  .post("/app/admin/service-types", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = await createServiceType(c.var.db, actor, await body(c, ServiceTypeSchema));
    return c.json({ data: await getServiceType(c.var.db, id) }, 201);
  })
  .get("/app/admin/service-types/:id", async (c) => ok(c, await getServiceType(c.var.db, pathId(c, "id", "Service type"))))
  .put("/app/admin/service-types/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Service type");
    await updateServiceType(c.var.db, actor, id, await body(c, ServiceTypeSchema));
    return ok(c, await getServiceType(c.var.db, id));
  })
  .delete("/app/admin/service-types/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Service type");
    await deleteServiceType(c.var.db, actor, id);
    return ok(c, { id, deleted: true });
  })
  /* ─── press centre ─── */
  .get("/app/admin/stories", async (c) => {
    const query = parseQuery(c, StoryListQuery);
    const { items, total } = await listAdminStories(c.var.db, query);
    return ok(c, items, { ...pageMeta(query.page, query.limit, total) });
  })
  .post("/app/admin/stories", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = await createStory(c.var.db, actor, await body(c, StorySchema));
    return c.json({ data: await getAdminStory(c.var.db, id) }, 201);
  })
  .get("/app/admin/stories/:id", async (c) => ok(c, await getAdminStory(c.var.db, pathId(c, "id", "Story"))))
  .put("/app/admin/stories/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Story");
    await updateStory(c.var.db, actor, id, await body(c, StorySchema));
    return ok(c, await getAdminStory(c.var.db, id));
  })
  .delete("/app/admin/stories/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Story");
    await deleteStory(c.var.db, c.var.storage, actor, id);
    return ok(c, { id, deleted: true });
  })
  .put("/app/admin/stories/:id/cover", signedInFirst, uploadBodyLimit, async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Story");
    const received = await readFile(c, actor.userId!, "image");
    await setStoryCover(c.var.db, c.var.storage, actor, id, async (tx) => {
      const claimed = await claimUpload(tx, received.file.id, actor.userId!);
      if (!claimed) throw new ApiError(404, "file_not_found", "No such upload: upload the file again");
      return claimed.id;
    });
    return ok(c, await getAdminStory(c.var.db, id));
  })
  .delete("/app/admin/stories/:id/cover", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Story");
    await setStoryCover(c.var.db, c.var.storage, actor, id, null);
    return ok(c, await getAdminStory(c.var.db, id));
  })
  .get("/app/admin/tags", async (c) => ok(c, await listTags(c.var.db)))
  .post("/app/admin/tags", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = await createTag(c.var.db, actor, await body(c, TagSchema));
    return c.json({ data: (await listTags(c.var.db)).find((t) => t.id === id) }, 201);
  })
  .put("/app/admin/tags/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Tag");
    await updateTag(c.var.db, actor, id, await body(c, TagSchema));
    return ok(c, (await listTags(c.var.db)).find((t) => t.id === id));
  })
  .delete("/app/admin/tags/:id", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const id = pathId(c, "id", "Tag");
    await deleteTag(c.var.db, actor, id);
    return ok(c, { id, deleted: true });
  })
  /* ─── content pages ─── */
  .get("/app/admin/pages", async (c) => ok(c, await listAdminPages(c.var.db)))
  .get("/app/admin/pages/:slug", async (c) => ok(c, await getAdminPage(c.var.db, c.req.param("slug"))))
  .put("/app/admin/pages/:slug", async (c) => {
    const actor = await actorFor(c, "manageContent");
    const slug = c.req.param("slug");
    await savePage(c.var.db, actor, slug, await body(c, PageSchema));
    return ok(c, await getAdminPage(c.var.db, slug));
  })
  /* ─── for visitors ─── */
  .get("/api/pages/:slug", async (c) => {
    const { lang, page } = parseQuery(c, PublicPageQuery);
    return ok(c, await publicPage(c.var.db, c.req.param("slug"), lang, page));
  });
