/**
 * The readers of a price list's bytes — CSV (csv-parse), XLSX (the zip read with yauzl through the
 * counting streams of server/files/archive.ts, its XML parts with saxes) and YML (saxes) — each
 * under the bounds of limits.ts. They run only inside the parse worker (worker.ts); the request's
 * thread never parses a user's file (read.ts starts the worker and relays what it finds).
 *
 * - `decodeText(bytes)`: UTF-8 (with or without BOM) when the bytes are valid UTF-8, else
 *   windows-1251 — the two encodings Russian spreadsheets are saved in. `decodeXml` lets a YML's XML
 *   declaration name its encoding. `detectDelimiter(text)`: `;`, `,` or tab.
 * - `csvRows` / `xlsxRows`: rows `{ row, cells, sheet, sheetIndex }` (row 1-based as a spreadsheet
 *   shows it, empty rows skipped). An XLSX gives the rows of EVERY worksheet in the workbook's order,
 *   each with its sheet's name and 0-based position; a CSV is one sheet named "".
 * - `ymlRead`: the YML's categories (once `</categories>` closes) and its offers one by one.
 *
 * XLSX without exceljs' reader (ADR 038): the directory gives random access, so the shared strings
 * are read before the sheets whatever the entry order — nothing is spooled to a temp file — and
 * every bound is checked on the element being read, before it is kept.
 *
 * Errors: `LimitError` (limits.ts) for a file over a bound, `Unreadable` for a file that cannot be
 * read (its message says why), `ArchiveLimitError` / `ArchiveCorruptError` from the zip.
 * Sources: ECMA-376 Part 1 §18.3 (sheetData, row, c and its `t` types), §18.4 (shared strings),
 * §18.2 (workbook sheets); Yandex Market YML (yml_catalog/shop/categories, offers).
 */
import path from "node:path";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse } from "csv-parse";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { openArchive, type Archive } from "../files/archive.ts";
import { over, type ReadLimits } from "./limits.ts";

/** A file that cannot be read as a price list; the message says why (shown in logs, API `message`). */
export class Unreadable extends Error {
  constructor(why: string) {
    super(why);
    this.name = "Unreadable";
  }
}

/** A CSV/XLSX row: its number as a spreadsheet shows it, its cells as text, and the sheet it is on. */
export interface TableRow {
  row: number;
  cells: string[];
  /** The worksheet's name ("" for a CSV). */
  sheet: string;
  /** The worksheet's position in the workbook, 0-based (0 for a CSV). */
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

export type Delimiter = ";" | "," | "\t";

/** How a CSV was decoded: kept with the run so a remap reads it the same way. */
export interface Reading {
  encoding?: string;
  delimiter?: string;
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
      throw new Unreadable(`unknown encoding ${declared}`);
    }
  }
  return decodeText(bytes);
}

/**
 * What the reader hands on, counted: rows of products (a sheet's first non-empty row is its header
 * and not counted), non-empty cells, characters. Columns and a cell's characters stop the reading
 * at once; rows, cells and characters are counted to the end so the refusal names the real figure.
 */
class Budget {
  rows = 0;
  cells = 0;
  chars = 0;
  private readonly limits: ReadLimits;
  constructor(limits: ReadLimits) {
    this.limits = limits;
  }

  /** Counts a row; false once a counted bound is passed (the row is then not handed on). */
  take(cells: string[], header: boolean): boolean {
    const { limits } = this;
    if (cells.length > limits.columns) throw over("columns", cells.length, limits.columns);
    for (const cell of cells) {
      if (cell.length > limits.cellChars) throw over("cell_chars", cell.length, limits.cellChars);
      if (cell) this.cells += 1;
      this.chars += cell.length;
    }
    if (!header) this.rows += 1;
    return this.within();
  }

  within(): boolean {
    const { limits } = this;
    return this.rows <= limits.rows && this.cells <= limits.cells && this.chars <= limits.textChars;
  }

  /** Throws the first counted bound the file passed. */
  finish(): void {
    const { limits } = this;
    if (this.rows > limits.rows) throw over("rows", this.rows, limits.rows);
    if (this.cells > limits.cells) throw over("cells", this.cells, limits.cells);
    if (this.chars > limits.textChars) throw over("text_chars", this.chars, limits.textChars);
  }
}

/** Rows of a CSV; `onReading` learns the encoding and delimiter used (guessed unless `reading` gives them). */
export async function* csvRows(
  bytes: Uint8Array,
  reading: Reading,
  limits: ReadLimits,
  onReading: (reading: Required<Reading>) => void = () => undefined,
): AsyncGenerator<TableRow> {
  let text: string;
  let encoding: string;
  if (reading.encoding) {
    try {
      text = new TextDecoder(reading.encoding).decode(bytes);
    } catch {
      throw new Unreadable(`unknown encoding ${reading.encoding}`);
    }
    encoding = reading.encoding;
  } else {
    ({ text, encoding } = decodeText(bytes));
  }
  const delimiter = reading.delimiter ?? detectDelimiter(text);
  onReading({ encoding, delimiter });
  const parser = Readable.from([text.replace(/^\uFEFF/, "")]).pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }),
  );
  const budget = new Budget(limits);
  let header = true;
  let n = 0;
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.record.every((c) => !c.trim())) continue;
      const cells = record.record.map((c) => c.trim());
      if (budget.take(cells, header)) yield { row: record.info.lines, cells, sheet: "", sheetIndex: 0 };
      header = false;
      if (++n % 500 === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof Error && error.name !== "CsvError") throw error;
    throw new Unreadable(error instanceof Error ? error.message : String(error));
  }
  budget.finish();
}

/** The element name without its namespace prefix (`x:row` → `row`). */
export const local = (name: string) => name.slice(name.indexOf(":") + 1);

export interface XmlHandlers {
  open(tag: SaxesTagPlain, name: string): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * A saxes parser fed chunk by chunk with the handlers, checking the nesting depth on every element
 * and the text saxes holds between two tags (it keeps a text node whole until the next `<`, so an
 * endless text node would otherwise grow unseen). Malformed XML is `Unreadable`. The caller writes
 * chunks and hands on what its handlers gathered in between (a callback cannot yield).
 */
export function xmlFeeder(
  limits: Pick<ReadLimits, "xmlDepth" | "cellChars">,
  handlers: XmlHandlers,
): { write(chunk: string): void; close(): void } {
  const parser = new SaxesParser({ xmlns: false });
  let depth = 0;
  parser.on("error", (error) => {
    throw new Unreadable(error.message.split("\n")[0] ?? "malformed XML");
  });
  parser.on("opentag", (tag) => {
    depth += 1;
    if (depth > limits.xmlDepth) throw over("xml_depth", depth, limits.xmlDepth);
    handlers.open(tag as SaxesTagPlain, local(tag.name));
  });
  parser.on("text", (t) => handlers.text(t));
  parser.on("cdata", (t) => handlers.text(t));
  parser.on("closetag", (tag) => {
    depth -= 1;
    handlers.close(local(tag.name));
  });
  // saxes keeps the pending text node in `text` (not part of its typed API).
  const pending = () => (parser as unknown as { text?: unknown }).text;
  return {
    write(chunk) {
      parser.write(chunk);
      const held = pending();
      if (typeof held === "string" && held.length > limits.cellChars * 4 + 65_536) throw over("cell_chars", held.length, limits.cellChars);
    },
    close() {
      parser.close();
    },
  };
}

/** Feeds all of `chunks` (a part read whole before the rows: relations, workbook, shared strings). */
async function feedXml(chunks: AsyncIterable<string>, limits: ReadLimits, handlers: XmlHandlers): Promise<void> {
  const feeder = xmlFeeder(limits, handlers);
  let any = false;
  for await (const chunk of chunks) {
    any = true;
    feeder.write(chunk);
  }
  if (any) feeder.close();
}

/** The inflated entry as text chunks (XLSX parts are UTF-8). */
async function* entryText(archive: Archive, name: string): AsyncGenerator<string> {
  const entry = archive.entries.find((e) => e.fileName === name);
  if (!entry) return;
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of await archive.open(entry)) yield decoder.decode(chunk as Buffer, { stream: true });
  yield decoder.decode();
}

/** The column number (1-based) of a cell reference like `AB12`, or null. */
function columnOf(ref: string | undefined): number | null {
  const letters = /^\$?([A-Za-z]{1,7})\$?\d*$/.exec(ref ?? "")?.[1];
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

const attr = (tag: SaxesTagPlain, key: string) => String(tag.attributes[key] ?? "").trim();

/** Collects an element's text up to the cell bound, counting what is beyond it. */
class TextBuffer {
  value = "";
  length = 0;
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  reset() {
    this.value = "";
    this.length = 0;
  }
  add(text: string) {
    this.length += text.length;
    if (this.value.length <= this.max) this.value += text;
  }
  /** The text; throws `cell_chars` when it is longer than the bound. */
  take(): string {
    if (this.length > this.max) throw over("cell_chars", this.length, this.max);
    return this.value;
  }
}

/** Sheets of the workbook in its order: `{ name, part }` (the part's path in the zip). */
async function workbookSheets(archive: Archive, limits: ReadLimits): Promise<{ name: string; part: string }[]> {
  const targets = new Map<string, string>();
  await feedXml(entryText(archive, "xl/_rels/workbook.xml.rels"), limits, {
    open(tag, name) {
      if (name === "Relationship") targets.set(attr(tag, "Id"), attr(tag, "Target"));
    },
    text() {},
    close() {},
  });
  const sheets: { name: string; part: string }[] = [];
  await feedXml(entryText(archive, "xl/workbook.xml"), limits, {
    open(tag, name) {
      if (name !== "sheet") return;
      const id = Object.entries(tag.attributes).find(([key]) => local(key) === "id" && key.includes(":"))?.[1];
      const target = targets.get(String(id ?? ""));
      if (!target) return;
      const part = target.startsWith("/") ? target.slice(1) : path.posix.normalize(`xl/${target}`);
      sheets.push({ name: attr(tag, "name"), part });
    },
    text() {},
    close() {},
  });
  if (sheets.length > 0) return sheets;
  // No usable workbook relations: the conventional sheet parts in their numeric order.
  return archive.entries
    .map((e) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(e.fileName))
    .filter((m): m is RegExpExecArray => !!m)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => ({ name: `Sheet${m[1]}`, part: m[0] }));
}

/** The shared strings table (rich text runs joined, phonetic runs left out), each string within the cell bound. */
async function sharedStrings(archive: Archive, limits: ReadLimits): Promise<string[]> {
  const strings: string[] = [];
  const buffer = new TextBuffer(limits.cellChars);
  let chars = 0;
  let inText = false;
  let phonetic = 0;
  await feedXml(entryText(archive, "xl/sharedStrings.xml"), limits, {
    open(_tag, name) {
      if (name === "si") buffer.reset();
      else if (name === "rPh") phonetic += 1;
      else if (name === "t" && phonetic === 0) inText = true;
    },
    text(t) {
      if (inText) buffer.add(t);
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic -= 1;
      else if (name === "si") {
        const text = buffer.take();
        chars += text.length;
        strings.push(text);
        if (strings.length > limits.cells) throw over("cells", strings.length, limits.cells);
        if (chars > limits.textChars) throw over("text_chars", chars, limits.textChars);
      }
    },
  });
  return strings;
}

/** A cell's value as text, by its type (ECMA-376 §18.18.11 ST_CellType). */
function cellValue(type: string, value: string, inline: string, shared: string[]): string {
  switch (type) {
    case "s":
      return shared[Number.parseInt(value, 10)] ?? "";
    case "inlineStr":
      return inline;
    case "str":
      return value;
    case "b":
      return value ? String(Number.parseInt(value, 10) !== 0) : "";
    case "e":
      return "";
    case "d":
      return value.slice(0, 10);
    default: {
      if (!value.trim()) return "";
      const number = Number.parseFloat(value);
      return Number.isFinite(number) ? String(number) : value;
    }
  }
}

/**
 * Rows of every worksheet of an XLSX, in the workbook's order. Every zip entry is first inflated
 * through the counting streams (server/files/archive.ts `checkArchive` bounds), then the shared
 * strings and the sheets are read from the directory.
 */
export async function* xlsxRows(bytes: Uint8Array, limits: ReadLimits): AsyncGenerator<TableRow> {
  const walk = await openArchive(bytes, limits.archive);
  for (const entry of walk.entries) {
    if (!(await walk.agrees(entry))) throw new Unreadable(`the local header of ${entry.fileName} disagrees with the zip directory`);
    for await (const _ of await walk.open(entry));
  }
  const archive = await openArchive(bytes, limits.archive);
  const sheets = await workbookSheets(archive, limits);
  const shared = await sharedStrings(archive, limits);
  const budget = new Budget(limits);
  for (const [sheetIndex, sheet] of sheets.entries()) {
    const ready: TableRow[] = [];
    let header = true;
    let cells: string[] | null = null;
    let rowNumber = 0;
    let column = 0;
    let type = "";
    let inValue = false;
    let inInline = false;
    let phonetic = 0;
    const value = new TextBuffer(limits.cellChars);
    const inline = new TextBuffer(limits.cellChars);
    const feeder = xmlFeeder(limits, {
      open(tag, name) {
        if (name === "row") {
          const r = Number.parseInt(attr(tag, "r"), 10);
          rowNumber = Number.isFinite(r) && r > 0 ? r : rowNumber + 1;
          cells = [];
          column = 0;
        } else if (name === "c" && cells) {
          column = columnOf(attr(tag, "r")) ?? column + 1;
          if (column > limits.columns) throw over("columns", column, limits.columns);
          type = attr(tag, "t");
          value.reset();
          inline.reset();
        } else if (name === "v" && cells) inValue = true;
        else if (name === "is") inInline = true;
        else if (name === "rPh") phonetic += 1;
      },
      text(t) {
        if (inValue) value.add(t);
        else if (inInline && phonetic === 0) inline.add(t);
      },
      close(name) {
        if (name === "v") inValue = false;
        else if (name === "is") inInline = false;
        else if (name === "rPh") phonetic -= 1;
        else if (name === "c" && cells) {
          const text = cellValue(type, value.take().trim(), inline.take(), shared).trim();
          while (cells.length < column - 1) cells.push("");
          cells[column - 1] = text;
        } else if (name === "row" && cells) {
          const row = cells;
          cells = null;
          if (row.every((c) => !c)) return;
          for (let i = 0; i < row.length; i++) row[i] ??= "";
          if (budget.take(row, header)) ready.push({ row: rowNumber, cells: row, sheet: sheet.name, sheetIndex });
          header = false;
        }
      },
    });
    let any = false;
    for await (const chunk of entryText(archive, sheet.part)) {
      any = true;
      feeder.write(chunk);
      yield* ready.splice(0);
    }
    if (any) feeder.close();
    yield* ready.splice(0);
  }
  budget.finish();
}

/**
 * The categories and offers of a YML file, streamed: `onCategories` is called once the
 * `<categories>` element is closed (it comes before `<offers>` in YML), offers are yielded one by
 * one. Unknown elements are skipped; a malformed document is `Unreadable`.
 */
export async function* ymlRead(
  bytes: Uint8Array,
  limits: ReadLimits,
  onCategories?: (categories: YmlCategory[]) => void,
): AsyncGenerator<YmlOffer> {
  const { text } = decodeXml(bytes);
  const categories: YmlCategory[] = [];
  const ready: YmlOffer[] = [];
  const tags: string[] = [];
  let offer: YmlOffer | null = null;
  let category: YmlCategory | null = null;
  let param: { name: string; unit: string; value: string } | null = null;
  const buffer = new TextBuffer(limits.cellChars);
  let count = 0;
  let categoryCount = 0;
  let sawRoot = false;
  let offerCells = 0;
  let offerChars = 0;
  let totalCells = 0;
  let totalChars = 0;
  const keep = (value: string) => {
    if (!value) return;
    offerCells += 1;
    offerChars += value.length;
  };

  const CHUNK = 64 * 1024;
  function* chunks() {
    for (let at = 0; at < text.length; at += CHUNK) yield text.slice(at, at + CHUNK);
  }
  const handlers: XmlHandlers = {
    open(tag, name) {
      if (tags.length === 0) {
        if (name !== "yml_catalog") throw new Unreadable("the root element is not yml_catalog");
        sawRoot = true;
      }
      tags.push(name);
      buffer.reset();
      const at = (key: string) => attr(tag, key);
      if (name === "offer" && tags.at(-2) === "offers") {
        count += 1;
        offerCells = 0;
        offerChars = 0;
        offer = {
          row: count,
          id: at("id").slice(0, limits.cellChars),
          available: at("available") !== "false",
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
      } else if (name === "category" && tags.at(-2) === "categories") {
        categoryCount += 1;
        category = categoryCount <= limits.categories ? { id: at("id"), name: "", parentId: at("parentId") || null } : null;
      } else if (name === "param" && offer) {
        param = { name: at("name"), unit: at("unit"), value: "" };
      }
    },
    text(t) {
      buffer.add(t);
    },
    close(name) {
      const raw = buffer.take();
      const value = raw.replace(/\s+/g, " ").trim();
      if (offer && name !== "offer") {
        keep(value);
        switch (name) {
          case "name":
          case "model":
            if (!offer.name || name === "name") offer.name = value;
            break;
          case "description":
            // Kept as written: line breaks and markup are the description's format (drafts.ts cleans it).
            offer.description = raw.trim();
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
            if (tags.at(-2) === "offer" && value) offer.extra[name] = value;
        }
        const columns = offer.pictures.length + offer.params.length + Object.keys(offer.extra).length;
        if (columns > limits.columns) throw over("columns", columns, limits.columns);
      } else if (name === "offer" && offer) {
        totalCells += offerCells;
        totalChars += offerChars;
        if (count <= limits.rows && totalCells <= limits.cells && totalChars <= limits.textChars) ready.push(offer);
        offer = null;
      } else if (name === "category" && category) {
        category.name = value;
        categories.push(category);
        category = null;
      } else if (name === "categories") {
        if (categoryCount > limits.categories) throw over("categories", categoryCount, limits.categories);
        onCategories?.(categories);
      }
      tags.pop();
      buffer.reset();
    },
  };
  const feeder = xmlFeeder(limits, handlers);
  for (const chunk of chunks()) {
    feeder.write(chunk);
    while (ready.length > 0) yield ready.shift()!;
    await nextTurn();
  }
  if (sawRoot) feeder.close();
  while (ready.length > 0) yield ready.shift()!;
  if (!sawRoot) throw new Unreadable("no yml_catalog element");
  if (categoryCount > limits.categories) throw over("categories", categoryCount, limits.categories);
  if (count > limits.rows) throw over("rows", count, limits.rows);
  if (totalCells > limits.cells) throw over("cells", totalCells, limits.cells);
  if (totalChars > limits.textChars) throw over("text_chars", totalChars, limits.textChars);
}
