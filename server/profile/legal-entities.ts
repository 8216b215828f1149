/**
 * A company's legal entities (issue 5; contract/profile/legal-entities.ts): the Russian
 * organisations and sole proprietors it trades through, by INN, KPP and OGRN/OGRNIP.
 *
 * Rules kept here (the form's own rules, check digits included, are the contract's):
 * - an INN is listed once per company (409 `inn_exists`, an issue on `inn`; checked before writing
 *   and again when the unique index refuses a concurrent insert). Across companies it is unique
 *   among PUBLISHED ones only (security review F7, ADR 034; server/profile/inn-conflicts.ts): a
 *   draft, under-review or rejected company may list any valid INN and is told nothing about other
 *   companies — the moderator sees the conflict and approval is refused while a published company
 *   lists the INN. A published company's own edits apply without review, so for it an INN another
 *   published company lists is a 409 `inn_taken` (published companies' INNs are public anyway);
 * - at most MAX_LEGAL_ENTITIES per company (409 `too_many_legal_entities`);
 * - a published Russian company keeps at least one (409 `legal_entity_required`): its public page
 *   names the entity it trades as;
 * - a KPP is kept for a legal entity only (a sole proprietor has none);
 * - adding, changing or removing one withdraws the company's verification (security review F11):
 *   the badge stood for the entities a moderator checked.
 * Another company's entity is a 404, like an unknown one.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  LegalEntitySchema,
  type LegalEntityInput,
  type LegalEntityPatchSchema,
  type LegalEntityView,
} from "#contract/profile/legal-entities.ts";
import type { Db } from "../db/client.ts";
import { legalEntities } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { loadCompany, resetVerification } from "./company.ts";
import { isUniqueViolation, rowById } from "../db/queries.ts";
import { publishedHolderOf } from "./inn-conflicts.ts";
import { mergeForm } from "./forms.ts";

export type { LegalEntityInput, LegalEntityView };

/** At most this many legal entities per company. */
export const MAX_LEGAL_ENTITIES = 20;

type LegalEntityRow = typeof legalEntities.$inferSelect;

function legalEntityView(row: LegalEntityRow): LegalEntityView {
  return {
    id: row.id,
    kind: row.kind,
    inn: row.inn,
    kpp: row.kpp,
    ogrn: row.ogrn,
    nameFull: row.nameFull,
    nameShort: row.nameShort,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadLegalEntity(db: Db, companyId: number, id: number): Promise<LegalEntityRow> {
  return rowById(db, legalEntities, id, "Legal entity", { within: eq(legalEntities.companyId, companyId) });
}

const innExists = () =>
  new DomainError("inn_exists", "This legal entity has already been added", { issues: [{ path: "inn", message: "inn_exists" }] });

/**
 * 409 `inn_exists` when another of this company's entities (not `exceptId`) has the INN; for a
 * published company, 409 `inn_taken` when another published company lists it (module comment).
 */
async function assertInnFree(db: Db, companyId: number, inn: string, exceptId?: number) {
  const [own] = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(and(eq(legalEntities.companyId, companyId), eq(legalEntities.inn, inn)))
    .limit(1);
  if (own && own.id !== exceptId) throw innExists();
  const company = await loadCompany(db, companyId);
  if (company.status === "published" && (await publishedHolderOf(db, companyId, inn)) !== null) {
    throw new DomainError("inn_taken", "Another published company lists this INN", { issues: [{ path: "inn", message: "inn_taken" }] });
  }
}

function legalColumns(input: LegalEntityInput) {
  return {
    kind: input.kind,
    inn: input.inn,
    kpp: input.kind === "legal" ? (input.kpp ?? null) : null,
    ogrn: input.ogrn ?? null,
    nameFull: input.nameFull,
    nameShort: input.nameShort ?? null,
    address: input.address ?? null,
  };
}

async function writeLegalEntity(db: Db, companyId: number, input: LegalEntityInput, id?: number): Promise<LegalEntityRow> {
  await assertInnFree(db, companyId, input.inn, id);
  try {
    if (id === undefined) {
      const [row] = await db
        .insert(legalEntities)
        .values({ companyId, ...legalColumns(input) })
        .returning();
      return row!;
    }
    const [row] = await db
      .update(legalEntities)
      .set({ ...legalColumns(input), updatedAt: new Date() })
      .where(and(eq(legalEntities.id, id), eq(legalEntities.companyId, companyId)))
      .returning();
    if (!row) throw notFound("Legal entity");
    return row;
  } catch (error) {
    // Another request of this company added the same INN in between.
    if (isUniqueViolation(error)) throw innExists();
    throw error;
  }
}

async function countOf(db: Db, companyId: number): Promise<number> {
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(legalEntities)
    .where(eq(legalEntities.companyId, companyId));
  return count?.count ?? 0;
}

/** The company's legal entities, oldest first. */
export async function listLegalEntities(db: Db, companyId: number): Promise<LegalEntityView[]> {
  const rows = await db.select().from(legalEntities).where(eq(legalEntities.companyId, companyId)).orderBy(asc(legalEntities.id));
  return rows.map(legalEntityView);
}

/** One legal entity of the company (404 otherwise). */
export async function getLegalEntity(db: Db, companyId: number, id: number): Promise<LegalEntityView> {
  return legalEntityView(await loadLegalEntity(db, companyId, id));
}

/** Adds a validated legal entity (the limit and the INN rules of the module comment). */
export async function createLegalEntity(db: Db, companyId: number, input: LegalEntityInput): Promise<LegalEntityView> {
  if ((await countOf(db, companyId)) >= MAX_LEGAL_ENTITIES)
    throw new DomainError("too_many_legal_entities", `A company may have at most ${MAX_LEGAL_ENTITIES} legal entities`);
  const row = await writeLegalEntity(db, companyId, input);
  await resetVerification(db, companyId);
  return legalEntityView(row);
}

/** Applies a PATCH: the stored entity with the patch's fields, checked by the whole legal-entity form. */
export async function updateLegalEntity(
  db: Db,
  companyId: number,
  id: number,
  patch: z.output<typeof LegalEntityPatchSchema>,
): Promise<LegalEntityView> {
  const current = await loadLegalEntity(db, companyId, id);
  const stored = {
    kind: current.kind,
    inn: current.inn,
    kpp: current.kpp,
    ogrn: current.ogrn,
    nameFull: current.nameFull,
    nameShort: current.nameShort,
    address: current.address,
  };
  const merged = mergeForm(LegalEntitySchema, stored, patch);
  const row = await writeLegalEntity(db, companyId, merged, current.id);
  const changed = (Object.keys(stored) as (keyof typeof stored)[]).some((key) => (stored[key] ?? null) !== (row[key] ?? null));
  if (changed) await resetVerification(db, companyId);
  return legalEntityView(row);
}

/** Deletes a legal entity; a published Russian company's last one stays (409 `legal_entity_required`). */
export async function deleteLegalEntity(db: Db, companyId: number, id: number): Promise<void> {
  const current = await loadLegalEntity(db, companyId, id);
  const company = await loadCompany(db, companyId);
  if (company.country === "RU" && company.status === "published" && (await countOf(db, companyId)) <= 1) {
    throw new DomainError("legal_entity_required", "A published Russian company keeps at least one legal entity");
  }
  await db.delete(legalEntities).where(eq(legalEntities.id, current.id));
  await resetVerification(db, companyId);
}
