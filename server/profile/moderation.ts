/**
 * A moderator's decisions on companies and products (issue 5; the admin area and its audit log,
 * issue 7). Used by the admin API (server/api/admin-moderation.ts) and by `npm run admin`.
 *
 * - approveCompany: moderation → published (publication time set, note cleared); the approved card
 *   is kept as `published_snapshot`, the "before" of the next review's diff. Refused with 409
 *   `inn_conflict` while another published company lists one of its INNs (ADR 034).
 * - rejectCompany: moderation → rejected, with the reason (and the language it is written in) in
 *   `moderation_note` / `moderation_note_lang`.
 * - approveProduct: moderation → published, applying pending changes if any; or, for a published
 *   product with pending changes, applies them (the new version becomes public). Snapshot as above.
 * - rejectProduct: moderation → rejected with the reason; or, for a published product with pending
 *   changes, keeps the published version and the changes and records the reason (the author fixes
 *   and resubmits) — except the supplier's pending translations, which are dropped (ADR 046: a
 *   refused text is not kept to be sent again). The published version stays public throughout.
 * Approvals add the published name's words to the catalogue vocabulary (server/catalog/vocabulary.ts),
 * so a search with a typo finds a new product or supplier without waiting for a vocabulary rebuild.
 * - grantRole: sets a user's site role (ADMIN, MODERATOR or USER) by e-mail. The API reads roles
 *   from the database on every request, so it applies at once.
 *
 * Every decision runs in ONE transaction with its audit row (server/audit/log.ts), the actor
 * being the staff member or `CLI_ACTOR`. Each throws `ModerationError` (a DomainError: `not_found`,
 * `nothing_to_approve`, `nothing_to_reject`, or `invalid_body` with an issue on `reason` for a
 * rejection without one) when there is nothing to do. The e-mails to the company's people are sent after the commit by the caller
 * (server/admin/notify.ts), from the returned `ModerationResult`.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, products, users, type Lang, type Localized, type UserRole } from "../db/schema.ts";
import { deleteUnusedFiles } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { CLI_ACTOR, type AdminActor } from "../audit/access.ts";
import { recordAdminAction } from "../audit/log.ts";
import { companyDoc, productDoc } from "../admin/diff.ts";
import { addCatalogTerms } from "../catalog/vocabulary.ts";
import { DomainError } from "../errors.ts";
import { assertNoPublishedHolder } from "./inn-conflicts.ts";
import type { Queryable } from "../db/queries.ts";
import { applyPending, pendingOf, type PendingChanges } from "./products.ts";

/** A decision that cannot be made (the CLI prints its message; the API answers with its code). */
export class ModerationError extends DomainError {
  constructor(
    code: "not_found" | "nothing_to_approve" | "nothing_to_reject" | "invalid_body",
    message: string,
    options: { issues?: { path: string; message: string }[] } = {},
  ) {
    super(code, message, options);
    this.name = "ModerationError";
  }
}

/** What was decided, for the notification e-mails and the API's answer. */
export interface ModerationResult {
  kind: "company" | "product";
  id: number;
  companyId: number;
  /** The company's or product's name (after the decision). */
  name: Localized;
  decision: "approved" | "rejected";
  /** The status now: a rejected change of a published product leaves it `published`. */
  status: "published" | "rejected";
  reason: string | null;
  reasonLang: Lang | null;
  /** A published product's pending changes were applied (approve) or sent back (reject). */
  changesOnly: boolean;
}

export interface DecisionOptions {
  actor?: AdminActor;
  now?: Date;
}

export interface RejectOptions extends DecisionOptions {
  /** The language the reason is written in (default: the company's source language). */
  lang?: Lang;
}

const MAX_REASON = 2000;

function cleanReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed)
    throw new ModerationError("invalid_body", "Give the reason with --reason", { issues: [{ path: "reason", message: "required" }] });
  return trimmed.slice(0, MAX_REASON);
}

/** The columns a published decision sets: the card's snapshot becomes the next review's "before". */
function publishedColumns(snapshot: unknown, publishedAt: Date, now: Date) {
  return {
    status: "published" as const,
    publishedAt,
    moderationNote: null,
    moderationNoteLang: null,
    publishedSnapshot: snapshot as Record<string, unknown>,
    updatedAt: now,
  };
}

const AUDIT_ACTION = {
  company: { approved: "company.approve", rejected: "company.reject" },
  product: { approved: "product.approve", rejected: "product.reject" },
} as const;

/**
 * Records `result`'s audit row in the decision's transaction (`before` and `after` are the
 * record's fields the decision changed) and returns `result`.
 */
type Subject = Pick<ModerationResult, "kind" | "id" | "companyId" | "name" | "changesOnly">;

/** An approval's result: the record is published and no reason is given. */
function approved(subject: Subject): ModerationResult {
  return { ...subject, decision: "approved", status: "published", reason: null, reasonLang: null };
}

/** A rejection's result with its reason (`status` stays published when only pending changes were sent back). */
function rejected(subject: Subject, status: "published" | "rejected", reason: string, reasonLang: Lang): ModerationResult {
  return { ...subject, decision: "rejected", status, reason, reasonLang };
}

/** The company `id`, locked for the decision's transaction (404 `not_found`). */
async function lockCompany(tx: Queryable, id: number) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for("update");
  if (!row) throw new ModerationError("not_found", `No company ${id}`);
  return row;
}

/** The product `id`, locked for the decision's transaction (404 `not_found`). */
async function lockProduct(tx: Queryable, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw new ModerationError("not_found", `No product ${id}`);
  return row;
}

async function recorded(
  tx: Queryable,
  options: DecisionOptions,
  result: ModerationResult,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
  now: Date,
): Promise<ModerationResult> {
  const action = AUDIT_ACTION[result.kind][result.decision];
  await recordAdminAction(tx, options.actor ?? CLI_ACTOR, { entityType: result.kind, entityId: result.id, action, ...change }, now);
  return result;
}

export async function approveCompany(db: Db, id: number, options: DecisionOptions = {}): Promise<ModerationResult> {
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx): Promise<ModerationResult> => {
    const row = await lockCompany(tx, id);
    if (row.status !== "moderation")
      throw new ModerationError("nothing_to_approve", `Company ${id} is ${row.status}, not under moderation`);
    await assertNoPublishedHolder(tx, id);
    const snapshot = await companyDoc(tx, id);
    await tx
      .update(companies)
      .set(publishedColumns(snapshot, now, now))
      .where(eq(companies.id, id));
    return recorded(
      tx,
      options,
      approved({ kind: "company", id, companyId: id, name: row.name, changesOnly: false }),
      {
        before: { status: row.status, moderationNote: row.moderationNote },
        after: { status: "published", publishedAt: now.toISOString() },
      },
      now,
    );
  });
  await addCatalogTerms(db, [result.name]);
  return result;
}

export async function rejectCompany(db: Db, id: number, reason: string, options: RejectOptions = {}): Promise<ModerationResult> {
  const note = cleanReason(reason);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockCompany(tx, id);
    if (row.status !== "moderation") throw new ModerationError("nothing_to_reject", `Company ${id} is ${row.status}, not under moderation`);
    const lang = options.lang ?? row.sourceLang;
    await tx
      .update(companies)
      .set({ status: "rejected", moderationNote: note, moderationNoteLang: lang, updatedAt: now })
      .where(eq(companies.id, id));
    return recorded(
      tx,
      options,
      rejected({ kind: "company", id, companyId: id, name: row.name, changesOnly: false }, "rejected", note, lang),
      {
        before: { status: row.status, moderationNote: row.moderationNote },
        after: { status: "rejected", moderationNote: note, moderationNoteLang: lang },
      },
      now,
    );
  });
}

export async function approveProduct(db: Db, storage: FileStorage, id: number, options: DecisionOptions = {}): Promise<ModerationResult> {
  const now = options.now ?? new Date();
  const detached: number[] = [];
  const result = await db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    const pending = pendingOf(row);
    if (row.status !== "moderation" && !(row.status === "published" && pending)) {
      throw new ModerationError(
        "nothing_to_approve",
        `Product ${id} is ${row.status}${row.status === "published" ? " without pending changes" : ", not under moderation"}`,
      );
    }
    detached.push(...(await applyPending(tx, row)));
    const snapshot = await productDoc(tx, id, false);
    const publishedAt = row.status === "published" && row.publishedAt ? row.publishedAt : now;
    await tx
      .update(products)
      .set(publishedColumns(snapshot, publishedAt, now))
      .where(eq(products.id, id));
    const parts = pending ? Object.keys(pending) : [];
    return recorded(
      tx,
      options,
      approved({
        kind: "product",
        id,
        companyId: row.companyId,
        name: snapshot?.name ?? row.name,
        changesOnly: row.status === "published",
      }),
      {
        before: { status: row.status, pendingParts: parts, moderationNote: row.moderationNote },
        after: { status: "published", appliedParts: parts },
      },
      now,
    );
  });
  await deleteUnusedFiles(db, storage, detached);
  // The published name's words join the spelling-correction vocabulary (ADR 010) at once.
  await addCatalogTerms(db, [result.name]);
  return result;
}

export async function rejectProduct(db: Db, id: number, reason: string, options: RejectOptions = {}): Promise<ModerationResult> {
  const note = cleanReason(reason);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    const pending = pendingOf(row);
    const changesOnly = row.status === "published" && pending !== null;
    if (row.status !== "moderation" && !changesOnly)
      throw new ModerationError("nothing_to_reject", `Product ${id} is ${row.status}, nothing awaits moderation`);
    const [company] = await tx.select({ sourceLang: companies.sourceLang }).from(companies).where(eq(companies.id, row.companyId)).limit(1);
    const lang = options.lang ?? company?.sourceLang ?? row.sourceLang;
    const status = changesOnly ? ("published" as const) : ("rejected" as const);
    await tx
      .update(products)
      .set({
        status,
        moderationNote: note,
        moderationNoteLang: lang,
        updatedAt: now,
        ...(changesOnly ? { pendingChanges: withoutTranslations(pending) } : {}),
      })
      .where(eq(products.id, id));
    return recorded(
      tx,
      options,
      rejected(
        { kind: "product", id, companyId: row.companyId, name: (pending?.card?.name as Localized | undefined) ?? row.name, changesOnly },
        status,
        note,
        lang,
      ),
      {
        before: { status: row.status, pendingParts: pending ? Object.keys(pending) : [], moderationNote: row.moderationNote },
        after: { status, moderationNote: note, moderationNoteLang: lang },
      },
      now,
    );
  });
}

/** A published product's pending changes without the supplier's translations (null when nothing else is left). */
function withoutTranslations(pending: PendingChanges | null): Record<string, unknown> | null {
  const rest: PendingChanges = { ...pending };
  delete rest.translations;
  return Object.keys(rest).length > 0 ? (rest as Record<string, unknown>) : null;
}

export async function grantRole(
  db: Db,
  email: string,
  role: UserRole,
  options: DecisionOptions = {},
): Promise<{ id: number; email: string; role: UserRole }> {
  const normalized = email.trim().toLowerCase();
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, normalized)).for("update");
    if (!current) throw new ModerationError("not_found", `No user with e-mail ${normalized}: they must sign in once first`);
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, current.id));
    await recordAdminAction(
      tx,
      options.actor ?? CLI_ACTOR,
      { entityType: "user", entityId: current.id, action: "user.role", before: { role: current.role }, after: { role } },
      now,
    );
    return { id: current.id, email: normalized, role };
  });
}
