/**
 * Reading price lists (server/price-lists): units matched to OKEI codes and symbols, prices as people
 * type them, header guessing in three languages, CSV encodings (UTF-8, windows-1251) and delimiters,
 * XLSX and YML streaming, and per-row errors of bad rows.
 */
import { describe, expect, test } from "vitest";
import type { PriceListMapping } from "#contract/profile/price-lists.ts";
import { cellsOfOffer, cellsOfRow, DraftSet, draftOf, type DraftLookups } from "#server/price-lists/drafts.ts";
import { decodeText, detectDelimiter, detectFormat, tableRows, ymlCategories, ymlOffers } from "#server/price-lists/read.ts";
import { guessMapping, matchCurrency, matchUnit, parseDecimal } from "#server/price-lists/values.ts";
import { tableRows as fixtureRows, xlsxPriceList, ymlCatalogue, YML_BAD } from "../fixtures/price-lists/make-fixtures.ts";

const lookups: DraftLookups = { categoryByName: new Map([["трубы", 5]]), categoryIds: new Set([5]) };
const mapping: PriceListMapping = { columns: [], categories: { "1": 5 }, currency: "RUB", unit: "pcs" };

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/**
 * Checks a reader of one cell on every spelling: each key of `readAs` is what its spellings read as,
 * and every spelling in `unread` reads as null. The failing spelling names the failed expectation.
 */
function expectReadings(read: (text: string) => string | null, readAs: Record<string, string[]>, unread: string[]): void {
  for (const [value, spellings] of Object.entries(readAs)) for (const text of spellings) expect(read(text), text).toBe(value);
  for (const text of unread) expect(read(text), text).toBeNull();
}

/** windows-1251 bytes of Cyrillic text (Node has no encoder for it: a small table suffices). */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 128) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      throw new Error(`no cp1251 for ${ch}`);
    }),
  );
}

describe("values", () => {
  test("units: OKEI codes, Russian/English symbols, Rec. 20 codes, Chinese words", () => {
    expectReadings(
      matchUnit,
      {
        pcs: ["796", "шт.", "PCE"],
        kg: ["166", "КГ"],
        m: ["6"],
        m2: ["м²", "кв. м"],
        m3: ["MTQ"],
        l: ["112"],
        set: ["компл.", "套"],
        pair: ["715"],
        t: ["吨"],
      },
      ["бочка", "999"],
    );
  });

  test("prices as people type them", () => {
    expectReadings(
      (text) => parseDecimal(text, 12, 2),
      { "1234.5": ["1 234,50", "1,234.50", "1.234,5 руб."], "12.35": ["12.345"], "99": ["$99"], "1": ["0,999"] },
      ["договорная", "-5", "1".repeat(13)],
    );
  });

  test("currencies", () => {
    expectReadings(matchCurrency, { RUB: ["RUR", "руб."], CNY: ["RMB", "元"], USD: ["$"] }, ["EUR"]);
  });

  test("headers in ru, en and zh are guessed; unknown ones become specifications, each field once", () => {
    expect(guessMapping(["Артикул", "Наименование", "Цена, руб.", "Ед. изм.", "ТН ВЭД", "Материал", ""])).toEqual([
      "sku",
      "name",
      "price",
      "unit",
      "tnvedCode",
      "spec",
      "",
    ]);
    expect(guessMapping(["SKU", "Product name", "Unit price", "Currency", "MOQ", "HS code", "Quantity from"])).toEqual([
      "sku",
      "name",
      "price",
      "currency",
      "moq",
      "tnvedCode",
      "minQuantity",
    ]);
    expect(guessMapping(["货号", "品名", "单价", "币种", "单位", "起订量", "海关编码", "名称"])).toEqual([
      "sku",
      "name",
      "price",
      "currency",
      "unit",
      "moq",
      "tnvedCode",
      "spec",
    ]);
  });
});

describe("CSV", () => {
  test("delimiters: semicolon, comma, tab", () => {
    expect(detectDelimiter("a;b;c\n1;2,5;3\n")).toBe(";");
    expect(detectDelimiter('a,b,c\n1,"2;5",3\n')).toBe(",");
    expect(detectDelimiter("a\tb\tc\n1\t2\t3\n")).toBe("\t");
  });

  test("windows-1251 and UTF-8 (with BOM) read the same rows", async () => {
    const text = "Артикул;Наименование;Цена\r\nА-1;Фланец стальной;1 200,50\r\n";
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const win = cp1251(text);
    expect(decodeText(win).encoding).toBe("windows-1251");
    expect(decodeText(utf8).encoding).toBe("utf-8");
    const a = await collect(tableRows("csv", utf8));
    const b = await collect(tableRows("csv", win));
    expect(a).toEqual(b);
    expect(a[1]).toEqual({ row: 2, cells: ["А-1", "Фланец стальной", "1 200,50"], sheet: "", sheetIndex: 0 });
    expect(await detectFormat(win)).toBe("csv");
  });

  test("bad rows carry their row number, field and code; good ones become drafts", async () => {
    const rows = fixtureRows(50);
    const text = rows.map((r) => r.join(";")).join("\n");
    const read = await collect(tableRows("csv", new TextEncoder().encode(text)));
    const headers = read[0]!.cells;
    const columns = guessMapping(headers);
    const drafts = read.slice(1).map((r) => draftOf(r.row, cellsOfRow(r, headers, columns), { ...mapping, columns }, lookups));
    const errors = drafts.flatMap((d) => d.errors);
    expect(errors).toEqual([
      { row: 5, field: "price", code: "price_invalid", value: "12,3,4.5x" },
      { row: 12, field: "unit", code: "unit_unknown", value: "бочка" },
      { row: 40, field: "name", code: "name_required", value: "" },
    ]);
    const first = drafts[0]!.draft;
    expect(first).toMatchObject({ sku: "XL-1", name: "Фланец 1", moq: "2", moqUnit: "pcs", tnvedCode: "7304191001" });
    // The first tier starts at the MOQ (2), not at 1 (issue 26, J4-3).
    expect(first.tiers).toEqual([{ minQuantity: "2", price: "1001.5", currency: "RUB", unit: "pcs" }]);
    expect(first.specs).toEqual([{ key: "Материал", value: "Сталь 20" }]);
  });

  test("rows with one SKU are one product with price tiers; a repeated tier is an error", () => {
    const headers = ["SKU", "Name", "Price", "Quantity from"];
    const columns = guessMapping(headers);
    const set = new DraftSet();
    const errors = [
      ["A", "Bolt", "10", "1"],
      ["A", "Bolt", "9", "100"],
      ["A", "Bolt", "8", "100"],
    ].map((cells, i) =>
      set.add(
        draftOf(i + 2, cellsOfRow({ row: i + 2, cells, sheet: "", sheetIndex: 0 }, headers, columns), { ...mapping, columns }, lookups)
          .draft,
      ),
    );
    expect(errors.slice(0, 2)).toEqual([null, null]);
    expect(errors[2]).toMatchObject({ row: 4, code: "tier_duplicate" });
    expect(set.drafts).toHaveLength(1);
    expect(set.drafts[0]!.tiers.map((t) => t.minQuantity)).toEqual(["1", "100"]);
  });
});

describe("XLSX", () => {
  test("is recognised by content and streamed row by row", async () => {
    const bytes = await xlsxPriceList(20);
    expect(await detectFormat(bytes)).toBe("xlsx");
    const rows = await collect(tableRows("xlsx", bytes));
    expect(rows).toHaveLength(21);
    expect(rows[0]!.cells.slice(0, 3)).toEqual(["Артикул", "Наименование", "Цена, руб."]);
    expect(rows[4]).toMatchObject({ row: 5, cells: ["XL-4", "Фланец 4", "12,3,4.5x", "RUB", "796", "1", "7304191001", "Сталь 20"] });
  });
});

describe("YML", () => {
  test("offers and categories are streamed; params become fields or specifications", async () => {
    const bytes = new TextEncoder().encode(ymlCatalogue(60));
    expect(await detectFormat(bytes)).toBe("yml");
    expect(await ymlCategories(bytes)).toEqual([
      { id: "1", name: "Трубы", parentId: null },
      { id: "2", name: "Трубы стальные", parentId: "1" },
      { id: "3", name: "Прочее", parentId: null },
    ]);
    const offers = await collect(ymlOffers(bytes));
    expect(offers).toHaveLength(60);
    const checked = offers.map((o) => draftOf(o.row, cellsOfOffer(o), mapping, lookups));
    const bad = Object.fromEntries(checked.filter((c) => c.errors.length > 0).map((c) => [c.row, c.errors.map((e) => e.code)]));
    expect(bad).toEqual(Object.fromEntries(Object.entries(YML_BAD).map(([row, code]) => [row, [code]])));
    const third = checked[2]!.draft;
    expect(third).toMatchObject({ sku: "YML-3", name: "Труба стальная 3 мм", categoryId: 5, moq: "4", tnvedCode: "7304191001" });
    expect(third.description).toBe("Описание & характеристики 3");
    expect(third.tiers).toEqual([{ minQuantity: "4", price: "103.5", currency: "RUB", unit: "pcs" }]);
    expect(third.specs).toEqual([{ key: "Диаметр", value: "23 мм" }]);
  });

  test("a windows-1251 YML is read by its declaration; malformed XML and other XML are refused", async () => {
    const xml =
      '<?xml version="1.0" encoding="windows-1251"?><yml_catalog><shop><offers><offer id="1"><name>Гайка</name><price>5</price></offer></offers></shop></yml_catalog>';
    const offers = await collect(ymlOffers(cp1251(xml)));
    expect(offers[0]).toMatchObject({ name: "Гайка", price: "5" });
    await expect(collect(ymlOffers(new TextEncoder().encode("<yml_catalog><shop><offers><offer>")))).rejects.toMatchObject({
      code: "price_list_unreadable",
    });
    await expect(detectFormat(new TextEncoder().encode('<?xml version="1.0"?><svg><script>x</script></svg>'))).rejects.toMatchObject({
      code: "html_not_allowed",
    });
    await expect(detectFormat(new TextEncoder().encode('<?xml version="1.0"?><rss></rss>'))).rejects.toMatchObject({
      code: "file_type_not_allowed",
    });
  });

  test("an external entity is never fetched or expanded", async () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE y [<!ENTITY x SYSTEM "file:///etc/passwd">]><yml_catalog><shop><offers><offer id="1"><name>&x;</name></offer></offers></shop></yml_catalog>';
    await expect(collect(ymlOffers(new TextEncoder().encode(xml)))).rejects.toMatchObject({ code: "price_list_unreadable" });
  });
});
