/**
 * Hostile files for every upload endpoint (issue 25 §5), generated in code so nothing large sits on
 * disk: decompression bombs (XLSX shared strings and sheets, lying zip headers, 10,000 entries),
 * a million-column CSV, deep and wide XML, entity tricks (billion laughs, external entities),
 * wrong magic bytes, truncated archives, and a tiny PNG that declares 100,000 × 100,000 pixels.
 *
 * Used by the Vitest slice (tests/api/hostile-files-fuzz.test.ts, in-process), by `npm run fuzz`
 * against a real server process (tests/fuzz/hostile-run.ts) and by the `hostile` bench part.
 *
 * `scale`: "slice" keeps every case small enough for the normal suite (bombs inflate to 128 MiB);
 * "full" uses the sizes of the security review (a 3.5 GiB shared-strings bomb, 1,000,000 columns).
 *
 * Expectations follow the intended behaviour (issue 25 §1; the limits of the reading worker): a
 * price list that passes a limit is refused with a 4xx naming it (`price_list_too_large`,
 * `price_list_unreadable`, or an upload check's code) — never accepted, never a 5xx. Every other
 * upload endpoint stores documents without parsing them, so there a case passes with any answer
 * below 500 in the error envelope. `needsLimits` marks cases today's code (before the reading
 * worker and its limits) cannot yet refuse: they run once contract/errors.ts knows
 * `price_list_too_large`.
 */
import zlib from "node:zlib";

export type Scale = "slice" | "full";

export interface HostileFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

export interface HostileCase {
  id: string;
  /** What the file is, for the report. */
  what: string;
  file: () => HostileFile;
  /** True when only the price-list reader's limits can refuse it (see the module comment). */
  needsLimits: boolean;
}

/** Codes a refused hostile price list may carry (the upload checks' and the reader's). */
export const PRICE_LIST_REFUSALS = [
  "price_list_too_large",
  "price_list_unreadable",
  "price_list_empty",
  // The upload checks' zip verdicts (server/files/archive.ts): a truncated archive, one of too many entries.
  "document_corrupt",
  "archive_too_large",
  "file_too_large",
  "file_type_not_allowed",
  "archive_not_allowed",
  "executable_not_allowed",
  "html_not_allowed",
  "macros_not_allowed",
  "polyglot_not_allowed",
  "svg_not_allowed",
  "image_format_not_allowed",
  "file_empty",
  "too_many_uploads",
  "storage_quota_exceeded",
];

/* ───────────── a small zip writer (stored or deflated entries; sizes may lie on purpose) ───────────── */

interface ZipEntry {
  name: string;
  /** Raw deflate data, or the stored bytes when `stored`. */
  data: Uint8Array;
  stored?: boolean;
  crc: number;
  size: number;
  /** The uncompressed size written in the headers (default: the true one). */
  declaredSize?: number;
}

const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A zip archive of `entries` (no zip64: every size stays below 4 GiB). */
export function zip(entries: ZipEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const method = e.stored ? 0 : 8;
    const declared = e.declaredSize ?? e.size;
    const common = Buffer.concat([u16(20), u16(0), u16(method), u16(0), u16(0x21), u32(e.crc), u32(e.data.length), u32(declared)]);
    const local = Buffer.concat([u32(0x04034b50), common, u16(name.length), u16(0), name]);
    parts.push(local, Buffer.from(e.data));
    central.push(
      Buffer.concat([u32(0x02014b50), u16(20), common, u16(name.length), u16(0), u16(0), u16(0), u16(0), u32(0), u32(offset), name]),
    );
    offset += local.length + e.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(dir.length),
    u32(offset),
    u16(0),
  ]);
  return new Uint8Array(Buffer.concat([...parts, dir, end]));
}

/** A deflated entry of `text`. */
function entry(name: string, text: string | Buffer): ZipEntry {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  return { name, data: zlib.deflateRawSync(bytes), crc: zlib.crc32(bytes), size: bytes.length };
}

/** A stored (not deflated) entry of `text`. */
function storedEntry(name: string, text: string): ZipEntry {
  const bytes = Buffer.from(text);
  return { name, data: bytes, stored: true, crc: zlib.crc32(bytes), size: bytes.length };
}

/**
 * An entry whose content is `head`, then `unit` repeated until `bytes` in all, then `tail` —
 * deflated without ever holding the inflated content: `unit` × 1 MiB is compressed once with a full
 * flush (no back-reference crosses it, so the block can be repeated as is) and the block repeated.
 * A 3.5 GiB entry is ≈ 5 MB; the CRC is computed over the real content.
 */
function bombEntry(name: string, head: string, unit: string, tail: string, bytes: number, declaredSize?: number): ZipEntry {
  const unitBytes = Buffer.from(unit);
  const chunk = Buffer.concat(Array.from({ length: Math.max(1, Math.floor(1048576 / unitBytes.length)) }, () => unitBytes));
  const repeats = Math.max(1, Math.floor((bytes - head.length - tail.length) / chunk.length));
  const flush = (data: Buffer) => zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const headBlock = flush(Buffer.from(head));
  const chunkBlock = flush(chunk);
  const tailBlock = zlib.deflateRawSync(Buffer.from(tail));
  let crc = zlib.crc32(head);
  for (let i = 0; i < repeats; i++) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(tail, crc);
  const data = Buffer.concat([headBlock, ...Array.from({ length: repeats }, () => chunkBlock), tailBlock]);
  const size = head.length + repeats * chunk.length + tail.length;
  return { name, data, crc, size, declaredSize };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Прайс" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="inlineStr"><is><t>Price</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c><c r="B2" t="s"><v>0</v></c><c r="C2"><v>10</v></c></row></sheetData></worksheet>`;
const SST_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`;
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;

/** An XLSX whose parts are `parts` (name → entry), in the given order. */
function xlsx(parts: ZipEntry[]): Uint8Array {
  return zip([
    entry("[Content_Types].xml", CONTENT_TYPES),
    entry("_rels/.rels", RELS),
    entry("xl/workbook.xml", WORKBOOK),
    entry("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    ...parts,
  ]);
}

/** A small valid XLSX (one sheet, shared strings), the base of the truncated and lying variants. */
export function smallXlsx(): Uint8Array {
  return xlsx([entry("xl/sharedStrings.xml", `${SST_HEAD}<si><t>Труба</t></si></sst>`), entry("xl/worksheets/sheet1.xml", SHEET)]);
}

/* ───────────── images ───────────── */

/** A PNG of `width` × `height` that is a few hundred bytes: a valid header, one tiny compressed IDAT of zeros. */
export function hugePng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // The first rows' worth of zeros: a decoder that trusts the header allocates width × height first.
  const idat = zlib.deflateSync(Buffer.alloc(Math.min(width + 1, 1 << 20) * 4));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", idat),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/* ───────────── the cases ───────────── */

const yml = (body: string, doctype = "") =>
  `<?xml version="1.0" encoding="UTF-8"?>${doctype}<yml_catalog date="2026-11-28 10:00"><shop><name>Ш</name><company>К</company><url>https://example.ru</url><currencies><currency id="RUB" rate="1"/></currencies>${body}</shop></yml_catalog>`;
const OFFER = `<offer id="1" available="true"><name>Труба</name><price>10</price><currencyId>RUB</currencyId><categoryId>1</categoryId></offer>`;
const utf8 = (text: string) => new TextEncoder().encode(text);
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Every hostile case at `scale` (files are built when `file()` is called, never kept). */
export function hostileCases(scale: Scale): HostileCase[] {
  const full = scale === "full";
  const bomb = full ? 3.5 * 1024 ** 3 : 128 * 1024 ** 2;
  const columns = full ? 1_000_000 : 100_000;
  const categories = full ? 200_000 : 20_000;
  const depth = full ? 1_000_000 : 100_000;
  return [
    {
      id: "xlsx-shared-strings-bomb",
      what: `XLSX whose shared strings inflate to ${(bomb / 1024 ** 2).toFixed(0)} MiB (review N1, heap variant)`,
      needsLimits: true,
      file: () => ({
        name: "bomb.xlsx",
        type: XLSX_TYPE,
        bytes: xlsx([
          bombEntry("xl/sharedStrings.xml", SST_HEAD, `<si><t>${"a".repeat(4000)}</t></si>`, "</sst>", bomb),
          entry("xl/worksheets/sheet1.xml", SHEET),
        ]),
      }),
    },
    {
      id: "xlsx-sheet-bomb",
      what: `XLSX whose sheet comes first and inflates to ${(bomb / 1024 ** 2).toFixed(0)} MiB of rows (review N1, disk variant)`,
      needsLimits: true,
      file: () => ({
        name: "sheet-bomb.xlsx",
        type: XLSX_TYPE,
        bytes: xlsx([
          bombEntry(
            "xl/worksheets/sheet1.xml",
            SHEET_HEAD,
            `<row><c t="inlineStr"><is><t>${"b".repeat(200)}</t></is></c></row>`,
            "</sheetData></worksheet>",
            bomb,
          ),
          entry("xl/sharedStrings.xml", `${SST_HEAD}</sst>`),
        ]),
      }),
    },
    {
      id: "xlsx-lying-sizes",
      what: "XLSX whose zip headers declare 1 KB for a 64 MiB shared-strings part",
      needsLimits: true,
      file: () => ({
        name: "lying.xlsx",
        type: XLSX_TYPE,
        bytes: xlsx([
          bombEntry("xl/sharedStrings.xml", SST_HEAD, `<si><t>${"c".repeat(1000)}</t></si>`, "</sst>", 64 * 1024 ** 2, 1024),
          entry("xl/worksheets/sheet1.xml", SHEET),
        ]),
      }),
    },
    {
      id: "xlsx-many-entries",
      what: "XLSX with 10,000 extra zip entries",
      needsLimits: true,
      file: () => ({
        name: "entries.xlsx",
        type: XLSX_TYPE,
        bytes: xlsx([
          entry("xl/sharedStrings.xml", `${SST_HEAD}<si><t>Труба</t></si></sst>`),
          entry("xl/worksheets/sheet1.xml", SHEET),
          ...Array.from({ length: 10_000 }, (_, i) => storedEntry(`xl/media/x${i}.xml`, "<x/>")),
        ]),
      }),
    },
    {
      id: "xlsx-truncated",
      what: "XLSX cut in the middle (no central directory)",
      needsLimits: false,
      file: () => {
        const whole = smallXlsx();
        return { name: "truncated.xlsx", type: XLSX_TYPE, bytes: whole.slice(0, Math.floor(whole.length / 2)) };
      },
    },
    {
      id: "zip-garbage",
      what: "zip magic followed by random bytes, named .xlsx",
      needsLimits: false,
      file: () => {
        const bytes = new Uint8Array(4096);
        for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
        bytes.set([0x50, 0x4b, 0x03, 0x04], 0);
        return { name: "garbage.xlsx", type: XLSX_TYPE, bytes };
      },
    },
    {
      id: "xlsx-entity-expansion",
      what: "XLSX whose shared strings declare a billion-laughs DTD",
      needsLimits: false,
      file: () => ({
        name: "laughs.xlsx",
        type: XLSX_TYPE,
        bytes: xlsx([
          entry(
            "xl/sharedStrings.xml",
            `<?xml version="1.0"?>${LAUGHS}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&lol9;</t></si></sst>`,
          ),
          entry("xl/worksheets/sheet1.xml", SHEET),
        ]),
      }),
    },
    {
      id: "csv-million-columns",
      what: `CSV header with ${columns.toLocaleString("en-US")} columns (review N2)`,
      needsLimits: true,
      file: () => ({ name: "wide.csv", type: "text/csv", bytes: utf8(`SKU;Name;Price${";h".repeat(columns)}\nA1;Pipe;10\n`) }),
    },
    {
      id: "csv-huge-cell",
      what: "CSV with one 5 MB cell",
      needsLimits: true,
      file: () => ({ name: "cell.csv", type: "text/csv", bytes: utf8(`SKU;Name;Price\nA1;${"Труба".repeat(500_000)};10\n`) }),
    },
    {
      id: "yml-deep",
      what: `YML with an offer ${depth.toLocaleString("en-US")} elements deep`,
      needsLimits: true,
      file: () => ({
        name: "deep.yml",
        type: "application/xml",
        bytes: utf8(
          yml(
            `<offers><offer id="1"><name>Труба</name><price>1</price>${"<param>".repeat(depth)}${"</param>".repeat(depth)}</offer></offers>`,
          ),
        ),
      }),
    },
    {
      id: "yml-wide-categories",
      what: `YML with ${categories.toLocaleString("en-US")} categories (review N2)`,
      needsLimits: true,
      file: () => ({
        name: "wide.yml",
        type: "application/xml",
        bytes: utf8(
          yml(
            `<categories>${Array.from({ length: categories }, (_, i) => `<category id="${i + 1}">Категория ${i + 1}</category>`).join("")}</categories><offers>${OFFER}</offers>`,
          ),
        ),
      }),
    },
    {
      id: "yml-billion-laughs",
      what: "YML with a billion-laughs DTD used in an offer name",
      needsLimits: false,
      file: () => ({
        name: "laughs.yml",
        type: "application/xml",
        bytes: utf8(
          yml(
            `<categories><category id="1">К</category></categories><offers><offer id="1"><name>&lol9;</name><price>1</price><currencyId>RUB</currencyId></offer></offers>`,
            LAUGHS,
          ),
        ),
      }),
    },
    {
      id: "yml-external-entity",
      what: "YML whose offer name is an external entity (file:///etc/passwd)",
      needsLimits: false,
      file: () => ({
        name: "xxe.yml",
        type: "application/xml",
        bytes: utf8(
          yml(
            `<categories><category id="1">К</category></categories><offers><offer id="1"><name>&xxe;</name><price>1</price><currencyId>RUB</currencyId></offer></offers>`,
            `<!DOCTYPE yml_catalog [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`,
          ),
        ),
      }),
    },
    {
      id: "png-huge-dimensions",
      what: "a 300-byte PNG declaring 100,000 × 100,000 px",
      needsLimits: false,
      file: () => ({ name: "huge.png", type: "image/png", bytes: hugePng(100_000, 100_000) }),
    },
    {
      id: "png-named-xlsx",
      what: "PNG bytes named .xlsx (wrong magic for the name)",
      needsLimits: false,
      file: () => ({ name: "price.xlsx", type: XLSX_TYPE, bytes: hugePng(8, 8) }),
    },
    {
      id: "exe-named-csv",
      what: "a Windows executable named .csv",
      needsLimits: false,
      file: () => {
        const bytes = new Uint8Array(1024);
        bytes.set(utf8("MZ"), 0);
        bytes.set([0x80, 0, 0, 0], 0x3c);
        bytes.set(utf8("PE\0\0"), 0x80);
        return { name: "price.csv", type: "text/csv", bytes };
      },
    },
    {
      id: "pdf-named-png",
      what: "a PDF header named .png",
      needsLimits: false,
      file: () => ({ name: "photo.png", type: "image/png", bytes: utf8("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") }),
    },
    {
      id: "svg-laughs",
      what: "an SVG with a billion-laughs DTD",
      needsLimits: false,
      file: () => ({
        name: "logo.svg",
        type: "image/svg+xml",
        bytes: utf8(`<?xml version="1.0"?>${LAUGHS}<svg xmlns="http://www.w3.org/2000/svg"><text>&lol9;</text></svg>`),
      }),
    },
  ];
}

const LAUGHS = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>`;

/* ───────────── targets and judgement ───────────── */

/** An upload endpoint of the OpenAPI documents (multipart request body with a `file`). */
export interface UploadTarget {
  doc: "public" | "admin";
  method: "POST" | "PUT";
  path: string;
  operationId: string;
}

/** The multipart operations of an OpenAPI document. */
export function uploadTargets(doc: "public" | "admin", document: { paths: Record<string, Record<string, any>> }): UploadTarget[] {
  const out: UploadTarget[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (method === "post" || method === "put") {
        if (op.requestBody?.content?.["multipart/form-data"])
          out.push({ doc, method: method === "put" ? "PUT" : "POST", path, operationId: op.operationId });
      }
    }
  }
  return out;
}

export const PRICE_LIST_PATH = "/api/profile/company/price-lists";

/**
 * Why the answer to `c` at `target` is wrong, or null: never a 5xx; a 4xx in the error envelope;
 * a hostile price list refused with one of PRICE_LIST_REFUSALS (only for cases whose refusal is
 * expected: every case but a valid file); no external entity's content ever echoed.
 */
export function hostileProblem(c: HostileCase, target: UploadTarget, status: number, text: string): string | null {
  if (status >= 500) return `${status}: ${text.slice(0, 200)}`;
  if (text.includes("root:x:0:0")) return "the external entity's content (/etc/passwd) came back";
  if (status >= 400) {
    try {
      const body = JSON.parse(text) as { error?: { code?: unknown } };
      if (typeof body.error?.code !== "string") return `${status} outside the error envelope: ${text.slice(0, 200)}`;
      if (target.path === PRICE_LIST_PATH && !PRICE_LIST_REFUSALS.includes(body.error.code))
        return `price list refused with ${body.error.code}, not a file refusal`;
    } catch {
      return `${status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    return null;
  }
  // Accepted. A price list that only limits can refuse must not be accepted; an entity must not expand.
  if (target.path === PRICE_LIST_PATH) {
    if (c.needsLimits) return `accepted (${status}) instead of refused by a limit`;
    if (text.includes("lollollol")) return "an entity was expanded";
  }
  return null;
}
