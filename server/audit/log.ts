/**
 * The audit log of the admin area (issue 7; ADR 013): who did what to which record, the changed
 * fields before and after, when, and from which request.
 *
 * `recordAdminAction(tx, actor, entry)` is called by every admin action INSIDE the transaction that
 * makes the change, so a change is never stored without its record and a failed change leaves none.
 * Pass the transaction handle: PGlite's pool has one connection, and a second query through `db`
 * while a transaction holds it would wait for itself.
 *
 * `listAudit(db, query)` pages through the log newest first with filters (actor, entity type and id,
 * action, date range).
 */
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { adminAuditLog, users } from "../db/schema.ts";
import { pageOfTable, rowById, type Queryable } from "../db/queries.ts";
import type { AdminActor } from "./access.ts";

import type { AuditRow } from "#contract/admin/audit.ts";
import type { AuditAction, AuditEntityType } from "#contract/admin/constants.ts";

export { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from "#contract/admin/constants.ts";
export type { AuditRow } from "#contract/admin/audit.ts";

export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: number | string;
  action: AuditAction;
  /** The changed fields as they were (null for a creation). */
  before?: unknown;
  /** The changed fields as they are now (null for a deletion). */
  after?: unknown;
}

/** Writes one audit row through `tx` (the transaction of the change). */
export async function recordAdminAction(tx: Queryable, actor: AdminActor, entry: AuditEntry, now = new Date()): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    actorRole: actor.role,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId ?? null,
    ip: actor.ip ?? null,
    createdAt: now,
  });
}

/** What one admin change did to its record, for the audit log: the action and the changed fields. */
export type AuditedChange = Omit<AuditEntry, "entityType" | "entityId">;

/**
 * A record an admin action changes: its table, id, entity type in the log, the name a 404 gives it
 * ("Company"), and when the action happens (`at`; default: when its audit entry is written).
 */
export interface AuditedRecord<T extends PgTable & { id: PgColumn }> {
  table: T;
  id: number;
  entityType: AuditEntityType;
  what: string;
  at?: Date;
}

/**
 * Changes one record as an audited admin action, in one transaction: locks the row (404 naming
 * `record.what` when it is missing), runs `change` with it and writes the audit entry it returns for
 * the record — none when it returns null (nothing changed). A `change` that throws (a DomainError
 * refusal) rolls everything back. The entry is stamped `record.at`.
 * Resolves to the row as it was before the change.
 */
export async function auditedChange<T extends PgTable & { id: PgColumn }>(
  db: Db,
  actor: AdminActor,
  record: AuditedRecord<T>,
  change: (tx: Queryable, row: T["$inferSelect"]) => Promise<AuditedChange | null>,
): Promise<T["$inferSelect"]> {
  return db.transaction(async (tx) => {
    const row = await rowById(tx, record.table, record.id, record.what, { forUpdate: true });
    const done = await change(tx, row);
    if (done) await recordAdminAction(tx, actor, { entityType: record.entityType, entityId: record.id, ...done }, record.at);
    return row;
  });
}

/**
 * Sets the columns `next` of a record (and its `updatedAt`) as the audited change `action`: the
 * entry's before is the row's values of those columns, its after `next`. `check` runs first on the
 * locked row and may refuse (throw).
 */
export async function updateAudited<T extends PgTable & { id: PgColumn }>(
  db: Db,
  actor: AdminActor,
  record: AuditedRecord<T>,
  action: AuditAction,
  next: Record<string, unknown>,
  check?: (tx: Queryable, row: T["$inferSelect"]) => Promise<void>,
): Promise<void> {
  await auditedChange(db, actor, record, async (tx, row) => {
    await check?.(tx, row);
    await tx
      .update(record.table)
      .set({ ...next, updatedAt: new Date() } as PgUpdateSetSource<T>)
      .where(eq(record.table.id, record.id));
    const stored = row as Record<string, unknown>;
    return { action, before: Object.fromEntries(Object.keys(next).map((key) => [key, stored[key]])), after: next };
  });
}

/**
 * Inserts one record as an audited admin action through `tx` (the caller's transaction): the audit
 * entry has before null and after `values`; `extra` columns are stored but not audited. Resolves to
 * the new id.
 */
export async function insertAudited<T extends PgTable & { id: PgColumn }>(
  tx: Queryable,
  actor: AdminActor,
  target: { table: T; entityType: AuditEntityType; action: AuditAction },
  values: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await tx
    .insert(target.table)
    .values({ ...values, ...extra } as PgInsertValue<T>)
    .returning({ id: target.table.id });
  const id = row!.id as number;
  await recordAdminAction(tx, actor, { entityType: target.entityType, entityId: id, action: target.action, before: null, after: values });
  return id;
}

/** The security events of end users the audit log keeps (security review F24; ASVS V16.3.1/16.3.2). */
export type UserSecurityAction = Extract<
  AuditAction,
  "user.sign_in" | "user.code_failed" | "user.logout_all" | "user.contact_change" | "user.contact_undo"
>;

export interface UserSecurityEvent {
  /** The account the event is about (the row's entity, type "user"). */
  userId: number;
  action: UserSecurityAction;
  /**
   * Who acted: the account's own user id, or null when it is not known who typed a wrong code for
   * the account's address (recorded as actor "anonymous", role ANONIM).
   */
  actorUserId: number | null;
  before?: unknown;
  after?: unknown;
  /** The client's IP (the request's `x-client-ip`). */
  ip?: string | null;
}

/**
 * Writes an end-user security event (sign-in, a wrong or spent code, sign-out everywhere, a changed
 * sign-in address) as an audit row of entity "user". The actor's label is the account's e-mail or
 * phone as it is now, so staff can follow one account's events on its admin page (`historyOf`).
 */
export async function recordUserEvent(db: Queryable, event: UserSecurityEvent, now = new Date()): Promise<void> {
  let label = "anonymous";
  if (event.actorUserId !== null) {
    const [row] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, event.actorUserId)).limit(1);
    label = row?.email ?? row?.phone ?? `user ${event.actorUserId}`;
  }
  await db.insert(adminAuditLog).values({
    actorUserId: event.actorUserId,
    actorLabel: label,
    actorRole: event.actorUserId === null ? "ANONIM" : "USER",
    entityType: "user",
    entityId: String(event.userId),
    action: event.action,
    before: event.before ?? null,
    after: event.after ?? null,
    requestId: null,
    ip: event.ip ?? null,
    createdAt: now,
  });
}

export interface AuditQuery {
  /** Substring of the actor's label (e-mail, phone or "cli"), or an actor's user id. */
  actor?: string;
  entityType?: AuditEntityType;
  entityId?: string;
  action?: AuditAction;
  /** Inclusive start and exclusive end (UTC instants). */
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A page of the audit log, newest first, with the total number of matching rows. */
export async function listAudit(db: Db, query: AuditQuery): Promise<{ items: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  const actor = query.actor?.trim();
  if (actor) {
    conditions.push(
      /^\d{1,9}$/.test(actor) ? eq(adminAuditLog.actorUserId, Number(actor)) : ilike(adminAuditLog.actorLabel, `%${escapeLike(actor)}%`),
    );
  }
  if (query.entityType) conditions.push(eq(adminAuditLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(adminAuditLog.entityId, query.entityId));
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.from) conditions.push(gte(adminAuditLog.createdAt, query.from));
  if (query.to) conditions.push(lt(adminAuditLog.createdAt, query.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { rows, total } = await pageOfTable(
    db,
    adminAuditLog,
    where,
    [desc(adminAuditLog.createdAt), desc(adminAuditLog.id)],
    query.page,
    query.limit,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorUserId: r.actorUserId,
      actorLabel: r.actorLabel,
      actorRole: r.actorRole,
      entityType: r.entityType,
      entityId: r.entityId,
      action: r.action,
      before: r.before,
      after: r.after,
      requestId: r.requestId,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** The last `limit` actions on one record, newest first (shown on its admin page). */
export async function historyOf(db: Db, entityType: AuditEntityType, entityId: number | string, limit = 20): Promise<AuditRow[]> {
  return (await listAudit(db, { entityType, entityId: String(entityId), page: 1, limit })).items;
}

/** Distinct actors seen in the log (for the audit page's filter), most active first. */
export async function auditActors(db: Db): Promise<{ label: string; count: number }[]> {
  const rows = await db
    .select({ label: adminAuditLog.actorLabel, n: sql<number>`count(*)::int` })
    .from(adminAuditLog)
    .groupBy(adminAuditLog.actorLabel)
    .orderBy(sql`count(*) desc`)
    .limit(50);
  return rows.map((r) => ({ label: r.label, count: r.n }));
}
