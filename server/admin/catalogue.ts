/**
 * Editing the catalogue's reference lists from the admin area (issue 7): categories (a tree with
 * localized names, icon, order and the TN VED headings of their goods) and service types (localized
 * names and descriptions, icon, order). Rules:
 * - slugs are unique (409 `slug_taken`);
 * - a category's parent must exist and must not be the category itself or one under it
 *   (400 `invalid_body`, issue `parentId: invalid_option`);
 * - a category with products or subcategories, or a service type with offers, is not deleted
 *   (409 `in_use`): move them first.
 * Visitors see changes once the per-process caches refresh (about a minute, server/catalog/cache.ts).
 * Each change and its audit row are one transaction.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, companyServices, products, serviceTypes, type Localized } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import type { Queryable } from "../db/queries.ts";
import { withUniqueSlug } from "./slugs.ts";
import type { AdminActor } from "../audit/access.ts";
import { auditedChange, insertAudited, updateAudited } from "../audit/log.ts";
import type { AdminCategory, CategoryInput } from "#contract/admin/categories.ts";
import type { AdminServiceType, ServiceTypeInput } from "#contract/admin/service-types.ts";

export type { AdminCategory } from "#contract/admin/categories.ts";
export type { AdminServiceType } from "#contract/admin/service-types.ts";

/** Every category (tree order: parents first, then by position), with product and child counts. */
export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db.execute<{
    id: number;
    parent_id: number | null;
    slug: string;
    icon: string | null;
    name: Localized;
    position: number;
    tnved_headings: string[];
    product_count: number;
    child_count: number;
    updated_at: string;
  }>(
    sql`select c.id, c.parent_id, c.slug, c.icon, c.name, c.position, c.tnved_headings, c.updated_at::text,
        (select count(*)::int from products p where p.category_id = c.id) as product_count,
        (select count(*)::int from categories k where k.parent_id = c.id) as child_count
      from categories c order by c.position, c.id`,
  );
  const all = rows.rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    slug: r.slug,
    icon: r.icon,
    name: r.name,
    position: r.position,
    tnvedHeadings: r.tnved_headings ?? [],
    productCount: r.product_count,
    childCount: r.child_count,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  // Depth-first: each parent followed by its children, so the list reads as a tree.
  const byParent = new Map<number | null, AdminCategory[]>();
  for (const c of all) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const out: AdminCategory[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null) => {
    for (const c of byParent.get(parent) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
      walk(c.id);
    }
  };
  walk(null);
  for (const c of all) if (!seen.has(c.id)) out.push(c);
  return out;
}

export async function getCategory(db: Db, id: number): Promise<AdminCategory> {
  const found = (await listCategories(db)).find((c) => c.id === id);
  if (!found) throw new DomainError("not_found", "Category not found");
  return found;
}

async function assertParent(tx: Queryable, id: number | null, parentId: number | null | undefined) {
  if (!parentId) return;
  const bad = () => new DomainError("invalid_body", "Invalid request body", { issues: [{ path: "parentId", message: "invalid_option" }] });
  if (parentId === id) throw bad();
  // Walk up from the new parent: meeting the category itself would make a cycle.
  let current: number | null = parentId;
  for (let depth = 0; current !== null && depth < 50; depth++) {
    const [row]: { parentId: number | null }[] = await tx
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, current))
      .limit(1);
    if (!row) throw bad();
    if (id !== null && row.parentId === id) throw bad();
    current = row.parentId;
  }
}

/** The category `id` as an audited record (404 "Category"). */
const categoryRecord = (id: number) => ({ table: categories, id, entityType: "category", what: "Category" }) as const;

function categoryColumns(input: CategoryInput) {
  return {
    slug: input.slug,
    name: input.name,
    icon: input.icon ?? null,
    parentId: input.parentId ?? null,
    position: input.position,
    tnvedHeadings: input.tnvedHeadings,
  };
}

export async function createCategory(db: Db, actor: AdminActor, input: CategoryInput): Promise<number> {
  return withUniqueSlug(() =>
    db.transaction(async (tx) => {
      await assertParent(tx, null, input.parentId);
      return insertAudited(tx, actor, { table: categories, entityType: "category", action: "category.create" }, categoryColumns(input), {
        sourceLang: "ru",
      });
    }),
  );
}

export async function updateCategory(db: Db, actor: AdminActor, id: number, input: CategoryInput): Promise<void> {
  await withUniqueSlug(() =>
    updateAudited(db, actor, categoryRecord(id), "category.update", categoryColumns(input), (tx) => assertParent(tx, id, input.parentId)),
  );
}

export async function deleteCategory(db: Db, actor: AdminActor, id: number): Promise<void> {
  await auditedChange(db, actor, categoryRecord(id), async (tx, row) => {
    const [[used], [children]] = await Promise.all([
      tx.select({ n: count() }).from(products).where(eq(products.categoryId, id)),
      tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
    ]);
    if ((used?.n ?? 0) > 0 || (children?.n ?? 0) > 0) throw new DomainError("in_use", "Move its products and subcategories first");
    await tx.delete(categories).where(eq(categories.id, id));
    return { action: "category.delete", before: { slug: row.slug, name: row.name, parentId: row.parentId }, after: null };
  });
}

/* ─── service types ─────────────────────────────────────────────────────────────────────────── */

export async function listServiceTypes(db: Db): Promise<AdminServiceType[]> {
  const rows = await db
    .select({
      t: serviceTypes,
      offers: sql<number>`(select count(*)::int from company_services s where s.service_type_id = ${serviceTypes.id})`,
    })
    .from(serviceTypes)
    .orderBy(asc(serviceTypes.position), asc(serviceTypes.id));
  return rows.map(({ t, offers }) => ({
    id: t.id,
    slug: t.slug,
    icon: t.icon,
    name: t.name,
    description: t.description,
    position: t.position,
    offerCount: offers,
    updatedAt: t.updatedAt.toISOString(),
  }));
}

export async function getServiceType(db: Db, id: number): Promise<AdminServiceType> {
  const found = (await listServiceTypes(db)).find((t) => t.id === id);
  if (!found) throw new DomainError("not_found", "Service type not found");
  return found;
}

/** The service type `id` as an audited record (404 "Service type"). */
const serviceTypeRecord = (id: number) => ({ table: serviceTypes, id, entityType: "service_type", what: "Service type" }) as const;

function serviceColumns(input: ServiceTypeInput) {
  return { slug: input.slug, name: input.name, description: input.description ?? {}, icon: input.icon ?? null, position: input.position };
}

export async function createServiceType(db: Db, actor: AdminActor, input: ServiceTypeInput): Promise<number> {
  return withUniqueSlug(() =>
    db.transaction((tx) =>
      insertAudited(tx, actor, { table: serviceTypes, entityType: "service_type", action: "service_type.create" }, serviceColumns(input), {
        sourceLang: "ru",
      }),
    ),
  );
}

export async function updateServiceType(db: Db, actor: AdminActor, id: number, input: ServiceTypeInput): Promise<void> {
  await withUniqueSlug(() => updateAudited(db, actor, serviceTypeRecord(id), "service_type.update", serviceColumns(input)));
}

export async function deleteServiceType(db: Db, actor: AdminActor, id: number): Promise<void> {
  await auditedChange(db, actor, serviceTypeRecord(id), async (tx, row) => {
    const [used] = await tx.select({ n: count() }).from(companyServices).where(eq(companyServices.serviceTypeId, id));
    if ((used?.n ?? 0) > 0) throw new DomainError("in_use", "Suppliers offer this service: it cannot be deleted");
    await tx.delete(serviceTypes).where(eq(serviceTypes.id, id));
    return { action: "service_type.delete", before: { slug: row.slug, name: row.name }, after: null };
  });
}
