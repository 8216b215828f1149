/**
 * Who may read a stored file (security review N5, usability J1-7; ADR 040).
 *
 * A file row has at most one owner (an upload is claimed once, server/files/repository.ts
 * `claimUpload`), and whether its bytes are public follows from that owner, read at request time:
 *
 * | owner                                                    | served at            | to whom                              |
 * |----------------------------------------------------------|----------------------|--------------------------------------|
 * | product file (stored or in pending changes), company file, logo, story cover | `/media/<key>` | everyone (long-lived, immutable) |
 * | attachment of a PUBLIC buying request                    | `/media/<key>`       | everyone                             |
 * | attachment of a conversation message                     | `/files/<id>`        | the buyer and the supplier company's ACTIVE employees, while the message is not hidden |
 * | attachment of a private buying request                   | `/files/<id>`        | its buyer and the companies that may see it (invited, once listed: `supplierMaySee`) |
 * | attachment of a quote                                    | `/files/<id>`        | the quoting company's active employees and the request's buyer |
 * | document of an order's stage, evidence of its dispute (ADR 048, 056) | `/files/<id>` | the buyer and the supplier company's active employees |
 * | a temporary upload (not yet attached), anything else     | `/files/<id>`        | its uploader                          |
 *
 * Site staff (moderators, admins) may read every file (moderation of reports, requests, quotes).
 * Everyone else gets the same answer as for a missing file (404), so an id reveals nothing.
 * `/media/<key>` refuses every key whose file is not public by the table (fail closed: a file
 * whose owner is unknown, or a future private owner such as an order, is private until listed here).
 *
 * `/files/<id>` is the web tier's route (app/routes/resources/private-file.ts) in front of
 * `GET /api/files/{id}/content`, which checks on every download (nothing is cached: `private,
 * no-store`) and names the file by its original name.
 */
import { and, eq, sql } from "drizzle-orm";
import { isStaffRole } from "#contract/admin/access.ts";
import type { Db } from "../db/client.ts";
import { conversations, files, quotes, rfqs } from "../db/schema.ts";
import { sideIn } from "../conversations/repository.ts";
import { membershipOf } from "../profile/access.ts";
import type { FileRow } from "./repository.ts";
import { rfqRow, supplierMaySee } from "../rfq/requests.ts";

/** SQL: the file `files.id` has a public owner (the first two rows of the module's table). */
const publicOwner = sql`(
  exists (select 1 from product_files pf where pf.file_id = ${files.id})
  or exists (select 1 from company_files cf where cf.file_id = ${files.id})
  or exists (select 1 from companies c where c.logo_file_id = ${files.id})
  or exists (select 1 from stories s where s.cover_file_id = ${files.id})
  or exists (select 1 from rfq_files rf join rfqs r on r.id = rf.rfq_id where rf.file_id = ${files.id} and r.visibility = 'public')
  or exists (select 1 from products p where p.pending_changes is not null
               and p.pending_changes->'files' @> jsonb_build_array(jsonb_build_object('fileId', ${files.id})))
)`;

/**
 * Whether the object under storage `key` (a file's own key or its thumbnail's) may be served at
 * `/media` to anyone: a file row exists for it, it is attached (not a temporary upload) and its
 * owner is public. Keys without a row (none are written today) are refused.
 */
export async function isPublicMediaKey(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ public: sql<boolean>`${publicOwner}` })
    .from(files)
    .where(and(sql`(${files.storageKey} = ${key} or ${files.thumbKey} = ${key})`, sql`${files.expiresAt} is null`))
    .limit(1);
  return row?.public === true;
}

/** The reader of a download: a signed-in caller (`userId`, site `role`) or null (anonymous). */
export type FileReader = { userId: number; role: string } | null;

/**
 * File `fileId` when `reader` may download it (the module's table), else null — a missing file,
 * an anonymous reader of a private one and a stranger are all null, for the caller's 404.
 */
export async function readableFile(db: Db, reader: FileReader, fileId: number, now = new Date()): Promise<FileRow | null> {
  const [found] = await db
    .select({ file: files, public: sql<boolean>`${publicOwner}` })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  if (!found) return null;
  const { file } = found;
  if (file.expiresAt === null && found.public) return file;
  if (!reader) return null;
  if (isStaffRole(reader.role)) return file;
  if (file.expiresAt !== null) return file.uploadedBy === reader.userId && file.expiresAt > now ? file : null;
  if (await messageReader(db, reader.userId, fileId)) return file;
  if (await rfqReader(db, reader.userId, fileId)) return file;
  if (await quoteReader(db, reader.userId, fileId)) return file;
  if (await orderReader(db, reader.userId, fileId)) return file;
  return null;
}

/** A conversation participant reading a file of a visible message (hidden: nobody but staff). */
async function messageReader(db: Db, userId: number, fileId: number): Promise<boolean> {
  const rows = await db.execute<{ conversation_id: number }>(sql`
    select m.conversation_id from conversation_messages m
    where m.file_ids @> ${JSON.stringify([fileId])}::jsonb and m.hidden_at is null`);
  for (const { conversation_id } of rows.rows) {
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, Number(conversation_id)))
      .limit(1);
    if (conversation && (await sideIn(db, userId, conversation))) return true;
  }
  return false;
}

/** The buyer of a request, or a person of a company that may see it, reading one of its files. */
async function rfqReader(db: Db, userId: number, fileId: number): Promise<boolean> {
  const rows = await db.execute<{ rfq_id: number }>(sql`select rfq_id from rfq_files where file_id = ${fileId}`);
  for (const { rfq_id } of rows.rows) {
    const row = await rfqRow(db, Number(rfq_id));
    if (!row) continue;
    if (row.buyerUserId === userId) return true;
    const member = await membershipOf(db, userId);
    if (member?.status === "active" && (await supplierMaySee(db, row, member.companyId))) return true;
  }
  return false;
}

/** A person of the quoting company, or the request's buyer, reading a file of a quote. */
async function quoteReader(db: Db, userId: number, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ companyId: quotes.companyId, buyerUserId: rfqs.buyerUserId })
    .from(quotes)
    .innerJoin(rfqs, eq(rfqs.id, quotes.rfqId))
    .where(sql`${quotes.id} in (select quote_id from quote_files where file_id = ${fileId})`);
  if (rows.length === 0) return false;
  if (rows.some((r) => r.buyerUserId === userId)) return true;
  const member = await membershipOf(db, userId);
  return member?.status === "active" && rows.some((r) => r.companyId === member.companyId);
}

/**
 * A person of the buyer or the supplier company of an order reading a document of one of its stages
 * or an evidence file of one of its disputes (ADR 056).
 */
async function orderReader(db: Db, userId: number, fileId: number): Promise<boolean> {
  const rows = await db.execute<{ buyer_company_id: number; supplier_company_id: number }>(sql`
    select o.buyer_company_id, o.supplier_company_id from order_documents d
    join orders o on o.id = d.order_id where d.file_id = ${fileId}
    union all
    select o.buyer_company_id, o.supplier_company_id from order_dispute_messages m
    join order_disputes d on d.id = m.dispute_id join orders o on o.id = d.order_id
    where m.file_ids @> ${JSON.stringify([fileId])}::jsonb`);
  if (rows.rows.length === 0) return false;
  const member = await membershipOf(db, userId);
  if (member?.status !== "active") return false;
  return rows.rows.some((r) => Number(r.buyer_company_id) === member.companyId || Number(r.supplier_company_id) === member.companyId);
}

/**
 * `Content-Disposition` of a download under its original name (RFC 6266 / RFC 8187): an ASCII
 * fallback for old clients and `filename*` with the UTF-8 name («КП-2026.pdf»). Without a stored
 * name: `file-<id>.<ext>` from the storage key.
 */
export function attachmentDisposition(file: Pick<FileRow, "id" | "originalName" | "storageKey">): string {
  const ext = file.storageKey.match(/\.([A-Za-z0-9]{1,8})$/)?.[1];
  const name = file.originalName?.trim() || `file-${file.id}${ext ? `.${ext}` : ""}`;
  // oxlint-disable-next-line no-control-regex -- a header value: control characters and quotes go
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * `isPublicMediaKey` behind a small memory of the keys found public (at most `max`, each for `ttlMs`),
 * for `/media/*` (server/http.ts): product images are asked for on every page of the catalogue.
 * Only "public" answers are kept — a temporary upload becomes public the moment it is attached, and
 * must show at once — so a file that turns private (a draft request switched to private) stays
 * reachable at its unguessable key for at most `ttlMs`.
 */
export function publicMediaGate(db: Db, options: { max?: number; ttlMs?: number } = {}): (key: string) => Promise<boolean> {
  const max = options.max ?? 10_000;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const known = new Map<string, number>();
  return async (key) => {
    const until = known.get(key);
    if (until !== undefined && until > Date.now()) return true;
    known.delete(key);
    const isPublic = await isPublicMediaKey(db, key);
    if (isPublic) {
      if (known.size >= max) known.delete(known.keys().next().value!);
      known.set(key, Date.now() + ttlMs);
    }
    return isPublic;
  };
}
