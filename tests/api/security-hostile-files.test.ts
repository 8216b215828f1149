/**
 * Issue 25 §1, security review 2 N1, N2 and N7: hostile price lists, generated here (small on disk,
 * huge once inflated or parsed), are refused with their code and `details: { limit, value, max }`
 * (or `price_list_unreadable` for an archive that lies or is cut short); the process's RSS stays
 * bounded; the API answers other requests while a file is parsed (in the parse worker); no temp file
 * is left. A price list is stored with a purpose no attach operation accepts, and its file is
 * deleted once the run is imported; uploads are limited per company per day.
 */
import { readdirSync } from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { claimUpload } from "#server/files/repository.ts";
import { READ_LIMITS } from "#server/price-lists/limits.ts";
import { parseActivity, tableRows } from "#server/price-lists/read.ts";
import { PRICE_LIST_UPLOADS_PER_DAY } from "#server/api/profile-price-lists.ts";
import type { TestApi } from "../support/api.ts";
import { closeProfileApi, createCompany, createUser, multipart, openProfileApi, type TestUser } from "../support/profile.ts";
import { xlsxPriceList } from "../fixtures/price-lists/make-fixtures.ts";

const P = "/api/profile/company/price-lists";
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
let api: TestApi;
let owner: TestUser;

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "hostile-owner");
  await createCompany(owner, { name: { ru: "ООО «Враждебные файлы»" }, country: "RU" });
}, 180_000);

afterAll(async () => {
  await closeProfileApi(api);
});

// ---------------------------------------------------------------------------------------------
// A zip writer that can lie: each part gives its stored bytes, method, CRC, real size, and what
// the central directory and the local header declare.

interface Part {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  /** Uncompressed size the central directory declares (default: the real one). */
  declared?: number;
  /** Sizes the local header declares (default: as the directory). */
  local?: { compressed: number; uncompressed: number };
}

function zip(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const declared = part.declared ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.local?.compressed ?? part.data.length, 18);
    local.writeUInt32LE(part.local?.uncompressed ?? declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, part.data);
    centrals.push(central, name);
    offset += 30 + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

const stored = (name: string, text: string): Part => {
  const data = Buffer.from(text);
  return { name, data, method: 0, crc: zlib.crc32(data), size: data.length };
};

/**
 * `block` repeated `times`, deflated without compressing it `times` times: each block is a deflate
 * segment ending in a full flush (independent of the others), so copies of one segment followed by
 * an empty final block inflate to the whole.
 */
function repeated(name: string, head: string, block: string, times: number, tail: string): Part {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const body = Buffer.from(block);
  const segment = zlib.deflateRawSync(body, flush);
  const data = Buffer.concat([
    zlib.deflateRawSync(Buffer.from(head), flush),
    ...Array.from({ length: times }, () => segment),
    zlib.deflateRawSync(Buffer.from(tail)),
  ]);
  let crc = zlib.crc32(head);
  for (let i = 0; i < times; i++) crc = zlib.crc32(body, crc);
  crc = zlib.crc32(tail, crc);
  return { name, data, method: 8, crc, size: head.length + body.length * times + tail.length };
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts of a workbook with `sheets` sheets (and shared strings when asked), before its sheet parts. */
function workbookParts(sheets: number, sharedStrings = false): Part[] {
  const rels = Array.from(
    { length: sheets },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join("");
  return [
    stored(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    stored(
      "_rels/.rels",
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    stored(
      "xl/workbook.xml",
      `<workbook ${NS} ${R}><sheets>${Array.from({ length: sheets }, (_, i) => `<sheet name="Лист${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    ),
    stored(
      "xl/_rels/workbook.xml.rels",
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}${
        sharedStrings ? `<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ""
      }</Relationships>`,
    ),
  ];
}

const SHEET = (rows: string) => `<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;
const ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>';

/** N1: 2 MB on disk; its sharedStrings.xml inflates to 1 GiB. */
function sharedStringsBomb(): Buffer {
  const si = "<si><t>" + "a".repeat(4000) + "</t></si>";
  const block = si.repeat(Math.floor(MiB / si.length));
  const times = Math.ceil(GiB / block.length);
  return zip([
    ...workbookParts(1, true),
    repeated("xl/sharedStrings.xml", `<sst ${NS}>`, block, times, "</sst>"),
    stored("xl/worksheets/sheet1.xml", SHEET(ROW)),
  ]);
}

/** 40 sheets of 60 MiB each (2.4 GB inflated; exceljs spooled such sheets to the temp folder). */
function manySheets(): Buffer {
  const row = '<row><c t="inlineStr"><is><t>' + "x".repeat(1000) + "</t></is></c></row>";
  const block = row.repeat(Math.floor(MiB / row.length));
  const sheets = Array.from({ length: 40 }, (_, i) =>
    repeated(`xl/worksheets/sheet${i + 1}.xml`, `<worksheet ${NS}><sheetData>`, block, 60, "</sheetData></worksheet>"),
  );
  return zip([...workbookParts(40), ...sheets]);
}

/** A sheet whose directory and local header both say 4 KiB while its data inflates to 1 GiB. */
function lyingSizes(): Buffer {
  const block = '<row><c t="inlineStr"><is><t>' + "y".repeat(MiB - 100) + "</t></is></c></row>";
  const sheet = repeated("xl/worksheets/sheet1.xml", `<worksheet ${NS}><sheetData>`, block, 1024, "</sheetData></worksheet>");
  return zip([...workbookParts(1), { ...sheet, declared: 4096 }]);
}

/** A sheet whose local header names other sizes than the directory (a streaming reader sees another file). */
function lyingLocalHeader(): Buffer {
  const sheet = stored("xl/worksheets/sheet1.xml", SHEET(ROW + '<row r="2"><c r="A2" t="inlineStr"><is><t>A-1</t></is></c></row>'));
  return zip([...workbookParts(1), { ...sheet, local: { compressed: 10, uncompressed: 10 } }]);
}

const upload = (user: TestUser, bytes: Uint8Array, name: string) => user.post(P, multipart(bytes, name, "application/octet-stream"));

/** Names in the temp folder a parse of this process could leave behind (its parse folders, the `tmp` package's files). */
const leftovers = () =>
  readdirSync(os.tmpdir()).filter((n) => n.startsWith(`postavka-parse-${process.pid}-`) || n.startsWith(`tmp-${process.pid}-`));

/**
 * Uploads `bytes` while asking the API for a cheap page each time the previous answer came, for as
 * long as a parse worker runs: answers how many came back during the parse, the upload's reply and
 * the RSS growth seen.
 */
async function uploadWhileServing(bytes: Uint8Array, name: string) {
  const before = process.memoryUsage().rss;
  let peak = before;
  let parsing = false;
  let served = 0;
  const pumps: Promise<void>[] = [];
  const pump = async () => {
    while (parsing) {
      const reply = await owner.get("/api/profile/company/price-lists");
      if (reply.status === 200 && parsing) served += 1;
    }
  };
  const onStart = () => {
    parsing = true;
    pumps.push(pump());
  };
  const onEnd = () => {
    parsing = false;
  };
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  parseActivity.on("start", onStart);
  parseActivity.on("end", onEnd);
  const started = Date.now();
  try {
    const reply = await upload(owner, bytes, name);
    const ms = Date.now() - started;
    parsing = false;
    await Promise.all(pumps);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { reply, served, growthMb: (peak - before) / MiB, ms };
  } finally {
    clearInterval(sample);
    parseActivity.off("start", onStart);
    parseActivity.off("end", onEnd);
  }
}

describe("hostile price lists are refused under the reading bounds, and the server keeps answering", () => {
  const cases: [string, () => Buffer, string, number, string, Record<string, unknown>?][] = [
    [
      "an XLSX whose shared strings inflate to 1 GiB",
      sharedStringsBomb,
      "ss1g.xlsx",
      422,
      "price_list_too_large",
      { limit: "entry_bytes", value: expect.any(Number), max: READ_LIMITS.archive.entryBytes },
    ],
    [
      "an XLSX of 40 sheets inflating to 2.4 GB",
      manySheets,
      "sheets.xlsx",
      422,
      "price_list_too_large",
      { limit: "ratio", value: expect.any(Number), max: READ_LIMITS.archive.ratio },
    ],
    ["a zip whose headers say 4 KiB for 1 GiB of data", lyingSizes, "lying.xlsx", 422, "price_list_unreadable"],
    ["a zip whose local header disagrees with its directory", lyingLocalHeader, "local.xlsx", 422, "price_list_unreadable"],
    [
      "a truncated XLSX",
      () => {
        const whole = zip([...workbookParts(1), stored("xl/worksheets/sheet1.xml", SHEET(ROW.repeat(50)))]);
        return whole.subarray(0, whole.length - 40);
      },
      "cut.xlsx",
      422,
      "document_corrupt",
    ],
    [
      "a CSV with 1,000,000 columns",
      () => Buffer.from("SKU;Name;Price" + ";h".repeat(1_000_000) + "\nA1;Pipe;10\n"),
      "wide.csv",
      422,
      "price_list_too_large",
      { limit: "columns", value: 1_000_003, max: 200 },
    ],
    [
      "a YML with 100,000 categories",
      () =>
        Buffer.from(
          `<yml_catalog><shop><categories>${Array.from({ length: 100_000 }, (_, i) => `<category id="${i}">К${i}</category>`).join("")}</categories><offers></offers></shop></yml_catalog>`,
        ),
      "cats.yml",
      422,
      "price_list_too_large",
      { limit: "categories", value: 100_000, max: 5_000 },
    ],
    [
      "a YML nested 10,000 deep",
      () => Buffer.from(`<yml_catalog><shop>${"<x>".repeat(10_000)}${"</x>".repeat(10_000)}</shop></yml_catalog>`),
      "deep.yml",
      422,
      "price_list_too_large",
      { limit: "xml_depth", value: READ_LIMITS.xmlDepth + 1, max: READ_LIMITS.xmlDepth },
    ],
    [
      "a CSV with a cell of 1 MB",
      () => Buffer.from(`SKU;Name;Price\nA-1;${"x".repeat(MiB)};10\n`),
      "cell.csv",
      422,
      "price_list_too_large",
      { limit: "cell_chars", value: MiB, max: READ_LIMITS.cellChars },
    ],
  ];

  for (const [title, make, name, status, code, details] of cases) {
    test(title, async () => {
      const bytes = make();
      const { reply, served, growthMb, ms } = await uploadWhileServing(bytes, name);
      console.info(
        `[measure] ${title}: ${(bytes.length / MiB).toFixed(1)} MiB file, refused in ${ms} ms, RSS +${growthMb.toFixed(0)} MB, ${served} answers meanwhile`,
      );
      expect([reply.status, reply.body.error?.code]).toEqual([status, code]);
      if (details) expect(reply.body.error.details).toEqual(details);
      // The heap of the parse worker is capped at 256 MB (+ young generation); today's reader grew the process by GBs.
      expect(growthMb).toBeLessThan(600);
      expect(leftovers()).toEqual([]);
    });
  }

  test("the API answers other requests while a big file is parsed", async () => {
    // 2 MB of CSV with one cell per row: the reader takes a while, the API keeps answering.
    const csv = Buffer.from("SKU;Name;Price\n" + Array.from({ length: 40_000 }, (_, i) => `H-${i};Труба ${i};${i + 1}`).join("\n"));
    const { reply, served } = await uploadWhileServing(csv, "many.csv");
    expect(reply.status).toBe(201);
    expect(served).toBeGreaterThan(0);
  });

  test("the reader's memory and time are bounded: a worker over them is stopped and its temp folder removed", async () => {
    const csv = Buffer.from("SKU;Name;Price\n" + Array.from({ length: 200_000 }, (_, i) => `M-${i};Фланец ${i};${i}`).join("\n"));
    const read = async (limits: typeof READ_LIMITS) => {
      for await (const _ of tableRows("csv", csv, {}, { limits }));
    };
    await expect(
      read({ ...READ_LIMITS, rows: 1e9, worker: { ...READ_LIMITS.worker, maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 } }),
    ).rejects.toMatchObject({
      code: "price_list_too_large",
      details: { limit: "memory_mb", max: 8 },
    });
    await expect(read({ ...READ_LIMITS, rows: 1e9, worker: { ...READ_LIMITS.worker, timeoutMs: 1 } })).rejects.toMatchObject({
      code: "price_list_too_large",
      details: { limit: "seconds" },
    });
    expect(leftovers()).toEqual([]);
  });

  test("rows, cells and inflated bytes are counted to the end; a workbook's sheets come with their names", async () => {
    const xlsx = await xlsxPriceList(300);
    const rows: { sheet: string; sheetIndex: number }[] = [];
    for await (const row of tableRows("xlsx", xlsx)) rows.push(row);
    expect(rows.length).toBe(301);
    expect(new Set(rows.map((r) => `${r.sheetIndex}:${r.sheet}`))).toEqual(new Set([`0:${rows[0]!.sheet}`]));
    const read = async (limits: typeof READ_LIMITS) => {
      for await (const _ of tableRows("xlsx", xlsx, {}, { limits }));
    };
    await expect(read({ ...READ_LIMITS, rows: 100 })).rejects.toMatchObject({ details: { limit: "rows", value: 300, max: 100 } });
    await expect(read({ ...READ_LIMITS, archive: { ...READ_LIMITS.archive, totalBytes: 10_000 } })).rejects.toMatchObject({
      details: { limit: "total_bytes", max: 10_000 },
    });
  });
});

describe("zip-based documents (DOCX/XLSX attachments) are inflated under the same bounds", () => {
  test("a DOCX whose document.xml inflates to 1 GiB is refused before it is stored", async () => {
    const body = "<w:p><w:r><w:t>" + "z".repeat(4000) + "</w:t></w:r></w:p>";
    const docx = zip([
      stored(
        "[Content_Types].xml",
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      stored("_rels/.rels", "<Relationships/>"),
      repeated("word/document.xml", "<w:document><w:body>", body.repeat(Math.floor(MiB / body.length)), 1024, "</w:body></w:document>"),
    ]);
    const before = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from files where uploaded_by = ${owner.id}`);
    const reply = await owner.post("/api/files/common", multipart(docx, "contract.docx", "application/octet-stream"));
    expect([reply.status, reply.body.error.code]).toEqual([422, "archive_too_large"]);
    expect(reply.body.error.details).toEqual({ limit: "entry_bytes", value: expect.any(Number), max: READ_LIMITS.archive.entryBytes });
    const after = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from files where uploaded_by = ${owner.id}`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  test("a DOCX cut short is refused as damaged", async () => {
    const whole = zip([
      stored(
        "[Content_Types].xml",
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      stored("word/document.xml", "<w:document/>".repeat(200)),
    ]);
    const reply = await owner.post(
      "/api/files/common",
      multipart(whole.subarray(0, whole.length - 40), "cut.docx", "application/octet-stream"),
    );
    expect([reply.status, reply.body.error.code]).toEqual([422, "document_corrupt"]);
  });
});

describe("N7: a price list is no attachment, counts and is limited", () => {
  const csv = (sku: string) => Buffer.from(`SKU;Name;Price\n${sku};Труба;10\n`);

  test("its file cannot be claimed or attached anywhere, is not listed among uploads, and is deleted once imported", async () => {
    const run = (await upload(owner, csv("N7-1"), "n7.csv")).body.data;
    const [row] = (
      await api.db.execute<{ file_id: number; storage_key: string; purpose: string }>(
        sql`select r.file_id, f.storage_key, f.purpose from price_list_runs r join files f on f.id = r.file_id where r.id = ${run.id}`,
      )
    ).rows;
    expect(row?.purpose).toBe("price_list");
    expect(await claimUpload(api.db, row!.file_id, owner.id)).toBeNull();
    const attach = await owner.post("/api/profile/company/files", { fileId: row!.file_id, kind: "document" });
    expect([attach.status, attach.body.error.code]).toEqual([404, "file_not_found"]);
    const listed = await owner.get("/api/files/common");
    expect(listed.body.data.map((f: { id: number }) => f.id)).not.toContain(row!.file_id);

    expect((await owner.post(`${P}/${run.id}/import`)).status).toBe(200);
    expect(await api.jobs.runDue("price-list-import")).toBe(1);
    expect((await owner.get(`${P}/${run.id}`)).body.data.status).toBe("done");
    const left = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from files where id = ${row!.file_id}`);
    expect(left.rows[0]!.n).toBe(0);
    expect(await api.storage.get(row!.storage_key)).toBeNull();
  });

  test(`a company may upload ${PRICE_LIST_UPLOADS_PER_DAY} price lists a day`, async () => {
    const busy = await createUser(api, "hostile-busy");
    await createCompany(busy, { name: { ru: "ООО «Частые загрузки»" }, country: "RU" });
    // Refused files count too: each upload is a reading.
    const html = Buffer.from("<!DOCTYPE html><html><body>x</body></html>");
    for (let i = 0; i < PRICE_LIST_UPLOADS_PER_DAY; i++)
      expect((await upload(busy, html, "p.csv")).body.error.code).toBe("html_not_allowed");
    const over = await upload(busy, csv("N7-2"), "late.csv");
    expect([over.status, over.body.error.code]).toEqual([429, "rate_limited"]);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });
});
