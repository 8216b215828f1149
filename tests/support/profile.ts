/**
 * Helpers for the company-profile API tests: users signed in by a token (a `users` row and an
 * access token signed with the API's own keys), JSON and multipart calls, test pictures and
 * documents, and a real INN from ../shared/data/companies that no company in the database uses yet.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { signAccessToken } from "../../server/auth/tokens.ts";
import { legalEntities, users, type UserRole } from "../../server/db/schema.ts";
import type { TestApi } from "./api.ts";

export interface TestUser {
  id: number;
  email: string;
  token: string;
}

let counter = 0;

/** A unique e-mail address for this run. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "user"}.${process.pid}.${Date.now().toString(36)}.${counter}@${TEST_DOMAIN}`;
}

/** Every address these tests create ends with this domain, so `cleanupProfileData` finds their rows. */
export const TEST_DOMAIN = "profile.test";

/**
 * Removes what the profile tests created: uploads of their users, companies their users belong to
 * or were invited to, and the users. One statement per call (the PGlite socket takes no multi-statement queries).
 */
export async function cleanupProfileData(api: TestApi): Promise<void> {
  const like = `%@${TEST_DOMAIN}`;
  for (const statement of [
    sql`delete from companies where id in (select m.company_id from company_members m join users u on u.id = m.user_id where u.email like ${like})
        or id in (select company_id from company_members where invited_email like ${like})`,
    sql`delete from files where uploaded_by in (select id from users where email like ${like})`,
    sql`delete from users where email like ${like}`,
  ]) {
    await api.db.execute(statement);
  }
}

/** Inserts a user and signs an access token for them. */
export async function createUser(api: TestApi, label: string, options: { role?: UserRole; locale?: "ru" | "en" | "zh"; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(label);
  const [row] = await api.db
    .insert(users)
    .values({ email, firstName: label, lastName: "Тестов", role: options.role ?? "USER", locale: options.locale ?? "ru", acceptedTermsAt: new Date() })
    .returning({ id: users.id });
  const token = await signAccessToken(api.auth.keys, { userId: row!.id, role: options.role ?? "USER" }, new Date());
  return { id: row!.id, email, token };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON call; `body` is sent as JSON unless it is a string (sent raw) or FormData. */
export async function call<T = any>(api: TestApi, method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers["content-type"] ??= "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await api.app.request(url, init);
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    throw new Error(`${method} ${url} → ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A multipart body with `file` (bytes, name, declared type) and extra string fields. */
export function multipart(bytes: Uint8Array, name: string, type = "application/octet-stream", fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("file", new File([Buffer.from(bytes)], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** A JPEG photo with EXIF (camera, GPS-like comment) that re-encoding must strip. */
export async function jpegPhoto(width = 320, height = 240, color = "#2a6fb0"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestCam", Model: "GPS 55.7558N 37.6173E", Copyright: "secret-owner" } })
    .toBuffer();
}

export async function pngPicture(width = 200, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 0.8 } } }).png().toBuffer();
}

/** A small valid PDF (one empty page) with correct cross-reference offsets. */
export function pdfDocument(title = "Прайс-лист"): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    `<< /Title (${Buffer.from(title).toString("hex")}) >>`,
  ];
  let body = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A Windows executable header (MZ … PE). */
export function windowsExecutable(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84);
  return bytes;
}

/** A Linux ELF executable header. */
export function elfExecutable(): Buffer {
  const bytes = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes);
  return bytes;
}

/** A minimal zip archive (stored, no compression) with the given files. */
export function zipArchive(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const CONTENT_TYPES = (main: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${main}" ContentType="${type}"/></Types>`;

/** A minimal DOCX package (enough for the content check: content types and the main part). */
export function docxDocument(): Buffer {
  return zipArchive({
    "[Content_Types].xml": CONTENT_TYPES("word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"),
    "_rels/.rels": "<Relationships/>",
    "word/document.xml": "<w:document/>",
  });
}

/** A minimal XLSX package. */
export function xlsxDocument(): Buffer {
  return zipArchive({
    "[Content_Types].xml": CONTENT_TYPES("xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"),
    "_rels/.rels": "<Relationships/>",
    "xl/workbook.xml": "<workbook/>",
  });
}

/** Real legal entities (FNS open data, ../shared/data/companies/rsmp_legal_entities.csv). */
export function realLegalEntities(dataDir: string): { inn: string; nameFull: string; nameShort: string }[] {
  const text = readFileSync(path.join(dataDir, "companies", "rsmp_legal_entities.csv"), "utf8");
  const out: { inn: string; nameFull: string; nameShort: string }[] = [];
  for (const line of text.split("\n").slice(1)) {
    // inn, ogrn, "name_full", "name_short", … — the first four fields, quoted with doubled quotes.
    const match = line.match(/^(\d{10}),[^,]*,"((?:[^"]|"")*)","((?:[^"]|"")*)"/);
    if (match) out.push({ inn: match[1]!, nameFull: match[2]!.replace(/""/g, '"'), nameShort: match[3]!.replace(/""/g, '"') });
  }
  return out;
}

/** Real entities whose INN no legal entity in the database has yet (the demo seed uses some). */
export async function freeRealEntities(api: TestApi, count: number, skip = 0) {
  const all = realLegalEntities(api.dataDir).slice(skip);
  const taken = new Set(
    (await api.db.select({ inn: legalEntities.inn }).from(legalEntities).where(inArray(legalEntities.inn, all.slice(0, 400).map((e) => e.inn)))).map((r) => r.inn),
  );
  return all.slice(0, 400).filter((e) => !taken.has(e.inn)).slice(0, count);
}
