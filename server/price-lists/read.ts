/**
 * Reading a price list's bytes, as a stream of records, without holding a parsed copy of the whole
 * file: CSV (csv-parse), XLSX (exceljs' streaming reader) and YML (Yandex Market Language, saxes —
 * a streaming XML parser that never builds a DOM and never fetches or expands external entities).
 *
 * - `detectFormat(bytes)`: `xlsx` (an Office Open XML workbook, checked by the upload checks), `yml`
 *   (XML whose root is `yml_catalog`), `csv` (other text); throws DomainError otherwise.
 * - `decodeText(bytes)`: UTF-8 (with or without BOM) when the bytes are valid UTF-8, else
 *   windows-1251 — the two encodings Russian spreadsheets are saved in. A YML's XML declaration
 *   names its encoding and wins.
 * - `detectDelimiter(text)`: `;`, `,` or tab — the one that splits the first lines into the same,
 *   largest number of cells (quotes respected).
 * - `tableRows(format, bytes)`: CSV/XLSX rows `{ row, cells }` (row 1-based, empty rows skipped);
 * - `ymlOffers(bytes)`: the YML's categories and offers.
 *
 * The readers give the event loop a turn every few hundred records (`setImmediate`), so a 50,000
 * row file does not hold up other requests. Errors: DomainError `price_list_unreadable` (422) for a
 * file that cannot be read, with the reason in the message.
 */
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import { SaxesParser } from "saxes";
import type { PriceListFormat } from "../../contract/profile/price-lists.ts";
import { DomainError } from "../errors.ts";
import { DOCUMENT_MAX_BYTES, inspectUpload, MiB, UploadError } from "../files/uploads.ts";

export const unreadable = (why: string) => new DomainError("price_list_unreadable", `The price list cannot be read: ${why}`);

/** A CSV/XLSX row: its number as a spreadsheet shows it, its cells as text, and its worksheet (a CSV is one sheet, "", index 0). */
export interface TableRow {
  row: number;
  cells: string[];
  sheet: string;
  sheetIndex: number;
}

/** One `<offer>` of a YML file (texts trimmed; `params` are `<param name unit>`). */
export interface YmlOffer {
  row: number;
  id: string;
  available: boolean;
  name: string;
  description: string;
  price: string;
  currencyId: string;
  categoryId: string;
  vendorCode: string;
  minQuantity: string;
  salesNotes: string;
  pictures: string[];
  params: { name: string; unit: string; value: string }[];
  /** Other child elements by name (`country_of_origin`, `step-quantity`, `oldprice`, `vendor`…), text trimmed. */
  extra: Record<string, string>;
}

export interface YmlCategory {
  id: string;
  name: string;
  parentId: string | null;
}

const TEXT_SNIFF = 4096;

/** Where the first `n` bytes (after a BOM and whitespace) start with `<`: an XML document. */
function startsLikeXml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, TEXT_SNIFF))
    .toString("latin1")
    .replace(/^\xEF\xBB\xBF/, "")
    .trimStart();
  return head.startsWith("<");
}

/**
 * The format of `bytes` by content, never by name. XLSX goes through the document upload checks
 * (macros, archives, size); text with NUL bytes or markup that is not a YML catalogue is refused.
 */
export async function detectFormat(bytes: Uint8Array): Promise<PriceListFormat> {
  if (bytes.byteLength === 0) throw new UploadError("file_empty", "The file is empty");
  if (bytes.byteLength > DOCUMENT_MAX_BYTES)
    throw new UploadError("file_too_large", `Price lists may be at most ${DOCUMENT_MAX_BYTES / MiB} MB`);
  const head = bytes.subarray(0, TEXT_SNIFF);
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || head.includes(0)) {
    // Binary: the upload checks name what it is (a program, an archive, macros…); of what they
    // accept only a workbook is a price list.
    const inspected = await inspectUpload(bytes);
    if (inspected.ext !== "xlsx") throw new UploadError("file_type_not_allowed", "Upload the price list as CSV, XLSX or YML");
    return "xlsx";
  }
  if (startsLikeXml(bytes)) {
    const text = Buffer.from(head).toString("latin1").toLowerCase();
    if (/<yml_catalog[\s>]/.test(text)) return "yml";
    if (/<(html|svg|script)[\s>]/.test(text) || text.includes("<!doctype html"))
      throw new UploadError("html_not_allowed", "HTML files are not accepted");
    throw new UploadError("file_type_not_allowed", "Upload the price list as CSV, XLSX or YML");
  }
  if (/^\s*(<!doctype html|<html)/i.test(Buffer.from(head).toString("latin1")))
    throw new UploadError("html_not_allowed", "HTML files are not accepted");
  return "csv";
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else windows-1251. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1251" } {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1251").decode(bytes), encoding: "windows-1251" };
  }
}

/** Cells per line of `line` split by `delimiter`, quotes respected. */
function cellCount(line: string, delimiter: string): number {
  let count = 1;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

export type Delimiter = ";" | "," | "\t";

/** The delimiter that splits the first (up to 20) lines into the same and largest number of cells; `;` on a tie (Russian Excel's default). */
export function detectDelimiter(text: string): Delimiter {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20);
  let best: Delimiter = ";";
  let bestScore = -1;
  for (const delimiter of [";", "\t", ","] as const) {
    const counts = lines.map((l) => cellCount(l, delimiter));
    const first = counts[0] ?? 1;
    if (first < 2) continue;
    const consistent = counts.filter((c) => c === first).length;
    const score = consistent * 1000 + first;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** A cell of exceljs as text: numbers as written, dates as ISO dates, rich text joined, formulas by their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return cellText(v.result);
    if (typeof v.text === "string") return v.text;
    if (v.error) return "";
  }
  return "";
}

/** Rows of a CSV or XLSX (every worksheet, in order), empty rows skipped. */
export async function* tableRows(
  format: "csv" | "xlsx",
  bytes: Uint8Array,
  reading: { encoding?: string; delimiter?: string } = {},
): AsyncGenerator<TableRow> {
  let n = 0;
  if (format === "csv") {
    const text = reading.encoding ? new TextDecoder(reading.encoding).decode(bytes) : decodeText(bytes).text;
    const parser = Readable.from([text.replace(/^\uFEFF/, "")]).pipe(
      parse({
        delimiter: reading.delimiter ?? detectDelimiter(text),
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        info: true,
      }),
    );
    try {
      for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        if (record.record.every((c) => !c.trim())) continue;
        yield { row: record.info.lines, cells: record.record.map((c) => c.trim()), sheet: "", sheetIndex: 0 };
        if (++n % 500 === 0) await nextTurn();
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw unreadable(error instanceof Error ? error.message : String(error));
    }
    return;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  try {
    let sheetIndex = 0;
    for await (const worksheet of reader) {
      const sheet = (worksheet as unknown as { name?: string }).name ?? `#${sheetIndex + 1}`;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from(values, (v) => cellText(v).trim());
        if (cells.every((c) => !c)) continue;
        yield { row: row.number, cells, sheet, sheetIndex };
        if (++n % 500 === 0) await nextTurn();
      }
      sheetIndex += 1;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable(error instanceof Error ? error.message : String(error));
  }
}

/** The encoding a YML's XML declaration names (`windows-1251` is common), or UTF-8/windows-1251 by the bytes. */
export function decodeXml(bytes: Uint8Array): { text: string; encoding: string } {
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(
    Buffer.from(bytes.subarray(0, 200))
      .toString("latin1")
      .replace(/^\xEF\xBB\xBF/, ""),
  )?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return { text: new TextDecoder(declared.toLowerCase()).decode(bytes), encoding: declared.toLowerCase() };
    } catch {
      throw unreadable(`unknown encoding ${declared}`);
    }
  }
  return decodeText(bytes);
}

/**
 * The categories and offers of a YML file, streamed: `onCategories` is called once the
 * `<categories>` element is closed (it comes before `<offers>` in YML), offers are yielded one by
 * one. Unknown elements are skipped; a malformed document is `price_list_unreadable`.
 */
export async function* ymlOffers(bytes: Uint8Array, onCategories?: (categories: YmlCategory[]) => void): AsyncGenerator<YmlOffer> {
  const { text } = decodeXml(bytes);
  const parser = new SaxesParser({ xmlns: false });
  const categories: YmlCategory[] = [];
  const ready: YmlOffer[] = [];
  const path: string[] = [];
  let offer: YmlOffer | null = null;
  let category: YmlCategory | null = null;
  let param: { name: string; unit: string; value: string } | null = null;
  let buffer = "";
  let count = 0;
  let sawRoot = false;
  let failure: Error | null = null;

  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("opentag", (tag) => {
    const name = tag.name;
    if (path.length === 0) {
      if (name !== "yml_catalog") failure ??= new Error("the root element is not yml_catalog");
      sawRoot = true;
    }
    path.push(name);
    buffer = "";
    const attr = (key: string) => String(tag.attributes[key] ?? "").trim();
    if (name === "offer" && path.at(-2) === "offers") {
      count += 1;
      offer = {
        row: count,
        id: attr("id"),
        available: attr("available") !== "false",
        name: "",
        description: "",
        price: "",
        currencyId: "",
        categoryId: "",
        vendorCode: "",
        minQuantity: "",
        salesNotes: "",
        pictures: [],
        params: [],
        extra: {},
      };
    } else if (name === "category" && path.at(-2) === "categories") {
      category = { id: attr("id"), name: "", parentId: attr("parentId") || null };
    } else if (name === "param" && offer) {
      param = { name: attr("name"), unit: attr("unit"), value: "" };
    }
  });
  parser.on("text", (t) => {
    buffer += t;
  });
  parser.on("cdata", (t) => {
    buffer += t;
  });
  parser.on("closetag", (tag) => {
    const name = tag.name;
    const value = buffer.replace(/\s+/g, " ").trim();
    if (offer && name !== "offer") {
      switch (name) {
        case "name":
        case "model":
          if (!offer.name || name === "name") offer.name = value;
          break;
        case "description":
          // Kept as written: line breaks and markup are the description's format (drafts.ts cleans it).
          offer.description = buffer.trim();
          break;
        case "price":
          offer.price = value;
          break;
        case "currencyId":
          offer.currencyId = value;
          break;
        case "categoryId":
          offer.categoryId = value;
          break;
        case "vendorCode":
          offer.vendorCode = value;
          break;
        case "min-quantity":
          offer.minQuantity = value;
          break;
        case "sales_notes":
          offer.salesNotes = value;
          break;
        case "picture":
          if (value) offer.pictures.push(value);
          break;
        case "param":
          if (param) offer.params.push({ ...param, value });
          param = null;
          break;
        default:
          if (path.at(-2) === "offer" && value) offer.extra[name] = value;
      }
    } else if (name === "offer" && offer) {
      ready.push(offer);
      offer = null;
    } else if (name === "category" && category) {
      category.name = value;
      categories.push(category);
      category = null;
    } else if (name === "categories") {
      onCategories?.(categories);
    }
    path.pop();
    buffer = "";
  });

  const CHUNK = 64 * 1024;
  for (let at = 0; at < text.length; at += CHUNK) {
    parser.write(text.slice(at, at + CHUNK));
    if (failure) break;
    while (ready.length > 0) yield ready.shift()!;
    await nextTurn();
  }
  if (!failure) parser.close();
  if (failure) throw unreadable((failure as Error).message.split("\n")[0] ?? "malformed XML");
  if (!sawRoot) throw unreadable("no yml_catalog element");
  while (ready.length > 0) yield ready.shift()!;
}

/** All categories of a YML (reads the file up to `</categories>`, then stops). */
export async function ymlCategories(bytes: Uint8Array): Promise<YmlCategory[]> {
  let found: YmlCategory[] = [];
  const offers = ymlOffers(bytes, (c) => {
    found = c;
  });
  // The first offer comes after the categories; stop there.
  for await (const _ of offers) break;
  return found;
}
