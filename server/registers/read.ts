/**
 * Streaming reader of an FNS register archive (a ZIP of XML files, issue 30 §1): the archive's
 * entries are inflated one at a time (yauzl, from the central directory) and parsed as they flow
 * (saxes: a streaming XML parser that builds no DOM and never fetches or expands external
 * entities), so memory stays flat whatever the archive's size — one document is held at a time.
 *
 * `readRegisterArchive(file, limits)` is an async generator of `ReadItem[]` chunks, in archive
 * order: a `file` item when an XML file's root is read (data set, format version), then one `raw`
 * item per `<Документ>`: its text, its ordinal (0-based, over the whole archive; the importer's resume
 * cursor), the INN and ИдДок it names and a hash of its text. The file's own structure (root,
 * version, КолДок, well-formedness outside the documents) is parsed here; each document is cut out
 * by its tags and parsed only when the consumer asks (`DocumentParser`), so a document whose text
 * equals the one imported before need not be parsed at all (ADR 044 addendum). The consumer's pace
 * drives the reading (back-pressure).
 *
 * Limits (`ArchiveLimits`, a broken or hostile archive fails cleanly with RegisterFormatError
 * `archive_limits` before or while it is inflated): the number of entries, the uncompressed bytes of
 * one entry (declared and counted from the stream — a lying header does not help) and the ratio of
 * uncompressed to compressed bytes. Other errors: `archive_broken` (not a ZIP, truncated),
 * `format_unknown` / `version_unsupported` (the root's ТипИнф / ВерсФорм), `xml_malformed`,
 * `mixed_data_sets`, `count_mismatch` (a file holding fewer or more documents than its КолДок says).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import yauzl from "yauzl";
import type { RegisterDataSet } from "../db/schema.ts";
import {
  FORMATS,
  RegisterFormatError,
  financeFacts,
  headcountFacts,
  smeFacts,
  type Facts,
  type RawDocument,
  type RefusalReason,
} from "./format.ts";

export interface ArchiveLimits {
  /** Entries (files and folders) in the archive. */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes per compressed byte of one entry. */
  maxRatio: number;
}

/**
 * Defaults: the whole SME register is ~7,000 files of ≤ 900 documents (≈ 4 MB each); XML of this kind
 * compresses 10–30×. The limits leave a wide margin above that and stop a zip bomb early.
 */
export const DEFAULT_LIMITS: ArchiveLimits = { maxEntries: 100_000, maxEntryBytes: 256 * 1024 * 1024, maxRatio: 200 };

/**
 * One `<Документ>` as read: `text` (the element, decoded), `inn` and `doc` (ИдДок) as its attributes
 * give them, unchecked (empty when absent), and `hash`: the first 16 bytes of the text's SHA-256, in
 * base64 — equal hashes, equal documents.
 */
export type RawItem = {
  type: "raw";
  entry: string;
  ordinal: number;
  dataSet: RegisterDataSet;
  text: string;
  inn: string;
  doc: string;
  hash: string;
};

export type ReadItem = { type: "file"; entry: string; dataSet: RegisterDataSet; formatVersion: string } | RawItem;

/** A parsed document: its facts, or why it is refused. */
export type ParsedItem =
  | { type: "doc"; entry: string; ordinal: number; doc: string; data: Facts }
  | { type: "refused"; entry: string; ordinal: number; doc: string; inn: string; reason: RefusalReason };

const PARTS = new Set([
  "ОргВклМСП",
  "ИПВклМСП",
  "ФИОИП",
  "СведМН",
  "Город",
  "НаселПункт",
  "СвОКВЭДОсн",
  "СведНП",
  "СведССЧР",
  "СведДохРасх",
]);

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);

/** The next entry of a lazily read archive, or null at its end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off("entry", onEntry);
      zip.off("end", onEnd);
      zip.off("error", onError);
    };
    const onEntry = (entry: yauzl.Entry) => (done(), resolve(entry));
    const onEnd = () => (done(), resolve(null));
    const onError = (error: Error) => (done(), reject(broken(error)));
    zip.on("entry", onEntry);
    zip.on("end", onEnd);
    zip.on("error", onError);
    zip.readEntry();
  });
}

const broken = (error: Error) =>
  error instanceof RegisterFormatError ? error : new RegisterFormatError("archive_broken", `The archive cannot be read: ${error.message}`);

/** The XML declaration's encoding (UTF-8 unless it names windows-1251). */
function decoderFor(head: Buffer): TextDecoder {
  const declared = /encoding\s*=\s*["']([^"']+)["']/i.exec(head.subarray(0, 200).toString("latin1"))?.[1]?.toLowerCase();
  return new TextDecoder(declared === "windows-1251" || declared === "cp1251" ? "windows-1251" : "utf-8", { fatal: true });
}

/** Reads `file` (a ZIP archive of register XML) as described in the module's comment. */
export async function* readRegisterArchive(file: string, limits: ArchiveLimits = DEFAULT_LIMITS): AsyncGenerator<ReadItem[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: true });
  } catch (error) {
    throw broken(error as Error);
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new RegisterFormatError("archive_limits", `The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are read`);
    let ordinal = 0;
    let archiveDataSet: RegisterDataSet | null = null;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      if (name.endsWith("/")) continue;
      if (!/\.xml$/i.test(name))
        throw new RegisterFormatError("format_unknown", `${name}: not an XML file; an FNS register archive holds XML files only`);
      if (entry.uncompressedSize > limits.maxEntryBytes)
        throw new RegisterFormatError(
          "archive_limits",
          `${name}: ${entry.uncompressedSize} bytes uncompressed; at most ${limits.maxEntryBytes} are read`,
        );
      const maxBytes = Math.min(limits.maxEntryBytes, Math.max(entry.compressedSize, 1) * limits.maxRatio);
      if (entry.uncompressedSize > maxBytes)
        throw new RegisterFormatError(
          "archive_limits",
          `${name}: compressed ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))}:1; at most ${limits.maxRatio}:1 is read`,
        );
      let stream: NodeJS.ReadableStream;
      try {
        stream = await promisify(zip.openReadStream.bind(zip))(entry);
      } catch (error) {
        throw broken(error as Error);
      }
      const state = new EntryParser(name, ordinal, (dataSet) => {
        if (archiveDataSet && archiveDataSet !== dataSet)
          throw new RegisterFormatError("mixed_data_sets", `${name}: a ${dataSet} file in an archive of ${archiveDataSet} files`);
        archiveDataSet = dataSet;
      });
      let bytes = 0;
      let decoder: TextDecoder | null = null;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          // Counted from the stream: a header that understates the size does not get past this.
          if (bytes > maxBytes)
            throw new RegisterFormatError(
              "archive_limits",
              `${name}: more than ${maxBytes} bytes uncompressed (limit: ${limits.maxEntryBytes} bytes, ${limits.maxRatio}:1)`,
            );
          decoder ??= decoderFor(chunk);
          state.write(decoder.decode(chunk, { stream: true }));
          if (state.items.length > 0) yield state.take();
        }
        state.write(decoder?.decode() ?? "");
        state.close();
      } catch (error) {
        (stream as unknown as { destroy?: () => void }).destroy?.();
        if (error instanceof RegisterFormatError) throw error;
        if (error instanceof TypeError && /decode|encoded/i.test(error.message))
          throw new RegisterFormatError("xml_malformed", `${name}: not valid text in the declared encoding`);
        throw broken(error as Error);
      }
      if (state.items.length > 0) yield state.take();
      ordinal = state.ordinal;
    }
  } finally {
    zip.close();
  }
}

const DOC_OPEN = "<Документ";
const DOC_CLOSE = "</Документ>";
const INN_ATTR = /ИНН(?:ЮЛ|ФЛ)?="([^"]*)"/;
const ID_ATTR = /ИдДок="([^"]*)"/;
/** A document's text longer than this is refused as malformed (the real ones are 1–10 KB). */
const MAX_DOCUMENT_CHARS = 1 << 20;

/**
 * Reads one XML entry: cuts the `<Документ>` elements out of the text as it streams (raw items) and
 * parses the rest — the root and whatever surrounds the documents — with saxes; see
 * readRegisterArchive.
 */
class EntryParser {
  items: ReadItem[] = [];
  private parser = new SaxesParser();
  private dataSet: RegisterDataSet | null = null;
  private declared = -1;
  private docs = 0;
  private sawRoot = false;
  /** Text not yet handed on: from the start of an unfinished document, or the last few characters. */
  private buffer = "";

  private readonly entry: string;
  ordinal: number;
  private readonly onDataSet: (dataSet: RegisterDataSet) => void;

  constructor(entry: string, ordinal: number, onDataSet: (dataSet: RegisterDataSet) => void) {
    this.entry = entry;
    this.ordinal = ordinal;
    this.onDataSet = onDataSet;
    this.parser.on("opentag", (tag) => this.open(tag as SaxesTagPlain));
  }

  write(text: string) {
    const buffer = this.buffer + text;
    let pos = 0;
    for (;;) {
      const start = documentStart(buffer, pos);
      if (start === -1) {
        // No document starts here; keep what could be the beginning of one's tag.
        const keep = Math.max(pos, buffer.length - DOC_OPEN.length);
        this.feed(buffer.slice(pos, keep));
        pos = keep;
        break;
      }
      if (start > pos) this.feed(buffer.slice(pos, start));
      pos = start;
      const end = buffer.indexOf(DOC_CLOSE, start);
      if (end === -1) {
        // One document is a few kilobytes; an unending one is not held whole (a bounded buffer).
        if (buffer.length - start > MAX_DOCUMENT_CHARS)
          throw new RegisterFormatError("xml_malformed", `${this.entry}: a <Документ> longer than ${MAX_DOCUMENT_CHARS} characters`);
        break;
      }
      const stop = end + DOC_CLOSE.length;
      this.document(buffer.slice(start, stop));
      pos = stop;
    }
    this.buffer = buffer.slice(pos);
  }

  close() {
    this.feed(this.buffer);
    this.buffer = "";
    try {
      this.parser.close();
    } catch (error) {
      throw new RegisterFormatError("xml_malformed", `${this.entry}: malformed or truncated XML (${(error as Error).message})`);
    }
    if (!this.sawRoot) throw new RegisterFormatError("format_unknown", `${this.entry}: no <Файл> root; not an FNS register file`);
    if (this.declared >= 0 && this.declared !== this.docs)
      throw new RegisterFormatError("count_mismatch", `${this.entry}: declares ${this.declared} documents (КолДок) but holds ${this.docs}`);
  }

  take(): ReadItem[] {
    const items = this.items;
    this.items = [];
    return items;
  }

  /** Text outside the documents goes to the file's parser. */
  private feed(text: string) {
    if (text === "") return;
    try {
      this.parser.write(text);
    } catch (error) {
      if (error instanceof RegisterFormatError) throw error;
      throw new RegisterFormatError("xml_malformed", `${this.entry}: malformed XML (${(error as Error).message})`);
    }
  }

  private document(text: string) {
    if (!this.sawRoot || !this.dataSet)
      throw new RegisterFormatError("format_unknown", `${this.entry}: no <Файл> root; not an FNS register file`);
    this.docs++;
    this.items.push({
      type: "raw",
      entry: this.entry,
      ordinal: this.ordinal++,
      dataSet: this.dataSet,
      text,
      inn: INN_ATTR.exec(text)?.[1]?.trim() ?? "",
      doc: ID_ATTR.exec(text)?.[1] ?? "",
      hash: createHash("sha256").update(text).digest("base64").slice(0, 22),
    });
  }

  private open(tag: SaxesTagPlain) {
    if (this.sawRoot) return;
    const attrs = tag.attributes as Record<string, string>;
    this.sawRoot = true;
    if (tag.name !== "Файл")
      throw new RegisterFormatError("format_unknown", `${this.entry}: root <${tag.name}>, not <Файл>; not an FNS register file`);
    const type = attrs["ТипИнф"] ?? "";
    const format = FORMATS[type];
    if (!format)
      throw new RegisterFormatError(
        "format_unknown",
        `${this.entry}: ТипИнф="${type}" is not a register this importer reads (${Object.keys(FORMATS).join(", ")})`,
      );
    const version = attrs["ВерсФорм"] ?? "";
    if (!format.versions.includes(version))
      throw new RegisterFormatError(
        "version_unsupported",
        `${this.entry}: format version ${version || "(none)"} of the ${format.dataSet} register is not supported (supported: ${format.versions.join(", ")})`,
      );
    this.dataSet = format.dataSet;
    this.onDataSet(format.dataSet);
    this.declared = /^\d+$/.test(attrs["КолДок"] ?? "") ? Number(attrs["КолДок"]) : -1;
    this.items.push({ type: "file", entry: this.entry, dataSet: format.dataSet, formatVersion: version });
  }
}

/**
 * Where the next `<Документ` start tag begins in `text` from `from`, or -1. Text that ends right
 * after the name counts as a start: the caller then waits for more text (no end tag yet) and looks
 * again from there.
 */
function documentStart(text: string, from: number): number {
  for (let at = text.indexOf(DOC_OPEN, from); at !== -1; at = text.indexOf(DOC_OPEN, at + 1)) {
    const next = text[at + DOC_OPEN.length];
    if (next === undefined) return at;
    if (next === ">" || next === " " || next === "\t" || next === "\n" || next === "\r") return at;
  }
  return -1;
}

/**
 * Parses raw documents (RawItem) into facts or refusals, one saxes parser for many documents (they
 * are written inside a synthetic root). Throws RegisterFormatError `xml_malformed` for a document
 * that is not one well-formed element.
 */
export class DocumentParser {
  private parser = new SaxesParser();
  private doc: RawDocument | null = null;
  private done: RawDocument[] = [];

  constructor() {
    this.parser.on("opentag", (tag) => this.open(tag as SaxesTagPlain));
    this.parser.on("closetag", (tag) => {
      if (tag.name === "Документ" && this.doc) {
        this.done.push(this.doc);
        this.doc = null;
      }
    });
    this.parser.write("<r>");
  }

  parse(raw: RawItem): ParsedItem {
    try {
      this.parser.write(raw.text);
    } catch (error) {
      throw new RegisterFormatError("xml_malformed", `${raw.entry}: malformed XML (${(error as Error).message})`);
    }
    const parsed = this.done;
    this.done = [];
    if (parsed.length !== 1 || this.doc !== null)
      throw new RegisterFormatError("xml_malformed", `${raw.entry}: malformed document ${raw.doc || `#${raw.ordinal + 1}`}`);
    const doc = parsed[0]!;
    const id = doc.attrs["ИдДок"] ?? "";
    const checked = raw.dataSet === "sme" ? smeFacts(doc) : raw.dataSet === "headcount" ? headcountFacts(doc) : financeFacts(doc);
    return checked.ok
      ? { type: "doc", entry: raw.entry, ordinal: raw.ordinal, doc: id, data: { dataSet: raw.dataSet, facts: checked.facts } as Facts }
      : { type: "refused", entry: raw.entry, ordinal: raw.ordinal, doc: id, inn: checked.inn, reason: checked.reason };
  }

  private open(tag: SaxesTagPlain) {
    const attrs = tag.attributes as Record<string, string>;
    if (tag.name === "Документ") {
      if (this.doc) throw new RegisterFormatError("xml_malformed", "a <Документ> inside a <Документ>");
      this.doc = { attrs, parts: new Map(), okvedExtra: [] };
      return;
    }
    if (!this.doc) return;
    if (tag.name === "СвОКВЭДДоп") this.doc.okvedExtra.push(attrs);
    else if (PARTS.has(tag.name) && !this.doc.parts.has(tag.name)) this.doc.parts.set(tag.name, attrs);
  }
}
