/**
 * A moderator's decisions on companies and products (issue 5), used by `npm run admin` until the
 * admin area exists, and later by it.
 *
 * - approveCompany: moderation → published (publication time set, note cleared).
 * - rejectCompany: moderation → rejected, with the reason in `moderation_note`.
 * - approveProduct: moderation → published, applying pending changes if any; or, for a published
 *   product with pending changes, applies them (the new version becomes public).
 * - rejectProduct: moderation → rejected with the reason; or, for a published product with pending
 *   changes, keeps the published version and the changes and records the reason (the author fixes
 *   and resubmits).
 * - grantRole: sets a user's site role (ADMIN, MODERATOR or USER) by e-mail; it applies to access
 *   tokens issued from then on (at the latest after the next refresh, ≤ 30 minutes).
 * Each throws `ModerationError` (with a `code`) when there is nothing to do.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { companies, products, users, type UserRole } from "../db/schema.ts";
import { deleteUnusedFiles } from "../files/repository.ts";
import type { FileStorage } from "../files/storage.ts";
import { applyPending, pendingOf } from "./products.ts";

export class ModerationError extends Error {
  readonly code: "not_found" | "nothing_to_approve" | "nothing_to_reject" | "reason_required";
  constructor(code: ModerationError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

export async function approveCompany(db: Db, id: number, now = new Date()): Promise<{ id: number; status: "published" }> {
  const [row] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw new ModerationError("not_found", `No company ${id}`);
  if (row.status !== "moderation") throw new ModerationError("nothing_to_approve", `Company ${id} is ${row.status}, not under moderation`);
  await db.update(companies).set({ status: "published", publishedAt: now, moderationNote: null, updatedAt: now }).where(eq(companies.id, id));
  return { id, status: "published" };
}

export async function rejectCompany(db: Db, id: number, reason: string, now = new Date()): Promise<{ id: number; status: "rejected" }> {
  if (!reason.trim()) throw new ModerationError("reason_required", "Give the reason with --reason");
  const [row] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw new ModerationError("not_found", `No company ${id}`);
  if (row.status !== "moderation") throw new ModerationError("nothing_to_reject", `Company ${id} is ${row.status}, not under moderation`);
  await db.update(companies).set({ status: "rejected", moderationNote: reason.trim(), updatedAt: now }).where(eq(companies.id, id));
  return { id, status: "rejected" };
}

export async function approveProduct(db: Db, storage: FileStorage, id: number, now = new Date()): Promise<{ id: number; status: "published"; appliedChanges: boolean }> {
  const detached: number[] = [];
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!row) throw new ModerationError("not_found", `No product ${id}`);
    const pending = pendingOf(row);
    if (row.status !== "moderation" && !(row.status === "published" && pending)) {
      throw new ModerationError("nothing_to_approve", `Product ${id} is ${row.status}${row.status === "published" ? " without pending changes" : ", not under moderation"}`);
    }
    detached.push(...(await applyPending(tx, row)));
    await tx
      .update(products)
      .set({ status: "published", publishedAt: row.status === "published" && row.publishedAt ? row.publishedAt : now, moderationNote: null, updatedAt: now })
      .where(eq(products.id, id));
    return { id, status: "published" as const, appliedChanges: pending !== null };
  });
  await deleteUnusedFiles(db, storage, detached);
  return result;
}

export async function rejectProduct(db: Db, id: number, reason: string, now = new Date()): Promise<{ id: number; status: "rejected" | "published" }> {
  if (!reason.trim()) throw new ModerationError("reason_required", "Give the reason with --reason");
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw new ModerationError("not_found", `No product ${id}`);
  if (row.status === "moderation") {
    await db.update(products).set({ status: "rejected", moderationNote: reason.trim(), updatedAt: now }).where(eq(products.id, id));
    return { id, status: "rejected" };
  }
  if (row.status === "published" && pendingOf(row)) {
    await db.update(products).set({ moderationNote: reason.trim(), updatedAt: now }).where(eq(products.id, id));
    return { id, status: "published" };
  }
  throw new ModerationError("nothing_to_reject", `Product ${id} is ${row.status}, nothing awaits moderation`);
}

export async function grantRole(db: Db, email: string, role: UserRole): Promise<{ id: number; email: string; role: UserRole }> {
  const normalized = email.trim().toLowerCase();
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.email, normalized)).returning({ id: users.id, email: users.email, role: users.role });
  if (!row) throw new ModerationError("not_found", `No user with e-mail ${normalized}: they must sign in once first`);
  return { id: row.id, email: row.email ?? normalized, role: row.role };
}
