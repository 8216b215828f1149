/**
 * Documents of an order's stages (issue 28 §2; ADR 056): invoices, packing lists, certificates,
 * photos, inspection reports and transport documents (contract/orders.ts ORDER_DOCUMENT_KINDS).
 *
 * A document is an earlier temporary upload (`POST /api/files/common`, which ran the upload checks:
 * type sniffed from the bytes, size, the storage quota — server/files/receive.ts) claimed for the
 * order by its uploader. It is then a private file (server/files/access.ts `orderReader`): the two
 * companies' active employees and staff download it at `/files/{id}`, everyone else gets 404.
 *
 * `addDocuments(db, caller, orderId, input)`: either side's people who may act (ADR 048's access),
 * on a confirmed order, to a stage of the agreed terms reached so far (the current stage or one
 * before it). Errors: 404 (order not visible, staff), 403 `forbidden_role` / `company_blocked`, 409
 * `invalid_transition` (not confirmed, a stage not reached or not in the terms), 409 `too_many_files`
 * (over MAX_STAGE_DOCUMENTS on the stage), 404 `file_not_found` (not the caller's unexpired upload).
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { AddDocumentsInput, OrderDocumentKind, OrderDocumentView, OrderSnapshot, OrderStage, Side } from "#contract/orders.ts";
import { MAX_STAGE_DOCUMENTS, stagesFor } from "#contract/orders.ts";
import type { Db } from "../db/client.ts";
import { files, orderDocuments, type OrderState } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { claimUpload } from "../files/repository.ts";
import { privateFileView } from "../files/links.ts";
import { agreedSnapshot } from "./payments.ts";
import { assertMayAct, orderAccess, personOf, type OrderCaller, type OrderRow } from "./access.ts";

/**
 * The stages of `order` reached so far under its agreed terms: up to and including the current one
 * (every stage once closed); none before confirmation.
 */
export function reachedStages(order: Pick<OrderRow, "state" | "stage">, agreed: OrderSnapshot | null): OrderStage[] {
  if (!agreed || (order.state !== "confirmed" && order.state !== "closed")) return [];
  const stages = stagesFor(agreed.terms);
  if (order.state === "closed") return stages;
  const index = stages.indexOf(order.stage as OrderStage);
  return index < 0 ? [] : stages.slice(0, index + 1);
}

/** The stages documents may be attached to now: those reached on a confirmed order (a closed one is settled). */
export function documentStages(order: Pick<OrderRow, "state" | "stage">, agreed: OrderSnapshot | null): OrderStage[] {
  return order.state === ("confirmed" satisfies OrderState) ? reachedStages(order, agreed) : [];
}

/**
 * Claims `fileIds` (uploads of `userId`) as documents of `stage` inside transaction `tx`; the caller
 * checked the stage. 404 `file_not_found` for an id that is not the person's unexpired upload.
 */
export async function attachDocuments(
  tx: Pick<Db, "insert" | "update" | "select">,
  row: { orderId: number; stage: OrderStage; kind: OrderDocumentKind; side: Side; userId: number; name: string },
  fileIds: readonly number[],
  now = new Date(),
): Promise<void> {
  for (const fileId of fileIds) {
    const file = await claimUpload(tx as Db, fileId, row.userId, now);
    if (!file) throw new DomainError("file_not_found", "No such upload: upload the file again");
    await tx.insert(orderDocuments).values({
      orderId: row.orderId,
      stage: row.stage,
      kind: row.kind,
      fileId,
      side: row.side,
      uploadedByUserId: row.userId,
      uploadedByName: row.name,
      createdAt: now,
    });
  }
}

/** Attaches the caller's uploads to a stage of order `orderId` (module comment). */
export async function addDocuments(
  db: Db,
  caller: OrderCaller,
  orderId: number,
  input: AddDocumentsInput,
  now = new Date(),
): Promise<void> {
  const access = await orderAccess(db, caller, orderId);
  const side = await assertMayAct(db, access);
  const agreed = await agreedSnapshot(db, access.order);
  if (!documentStages(access.order, agreed).includes(input.stage))
    throw new DomainError("invalid_transition", "Documents go to a stage the confirmed order has reached");
  const person = await personOf(db, caller.userId);
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(orderDocuments)
      .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.stage, input.stage)));
    if ((held?.n ?? 0) + input.fileIds.length > MAX_STAGE_DOCUMENTS)
      throw new DomainError("too_many_files", `A stage carries at most ${MAX_STAGE_DOCUMENTS} documents`, {
        details: { max: MAX_STAGE_DOCUMENTS },
      });
    await attachDocuments(
      tx,
      { orderId, stage: input.stage, kind: input.kind, side, userId: caller.userId, name: person.name },
      input.fileIds,
      now,
    );
  });
}

/** The documents of order `orderId`, oldest first, as the order view shows them. */
export async function orderDocumentViews(db: Db, orderId: number): Promise<OrderDocumentView[]> {
  const rows = await db
    .select({ doc: orderDocuments, file: files })
    .from(orderDocuments)
    .innerJoin(files, eq(files.id, orderDocuments.fileId))
    .where(eq(orderDocuments.orderId, orderId))
    .orderBy(asc(orderDocuments.createdAt), asc(orderDocuments.id));
  return rows.map(({ doc, file }) => ({
    id: doc.id,
    stage: doc.stage as OrderStage,
    kind: doc.kind as OrderDocumentKind,
    side: doc.side,
    uploadedBy: doc.uploadedByName,
    createdAt: doc.createdAt.toISOString(),
    file: privateFileView(file),
  }));
}

/** Files of dispute messages by id, as private file views (for server/orders/disputes.ts). */
export async function fileViews(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, ReturnType<typeof privateFileView>>();
  const rows = await db
    .select()
    .from(files)
    .where(inArray(files.id, [...ids]));
  return new Map(rows.map((r) => [r.id, privateFileView(r)]));
}
