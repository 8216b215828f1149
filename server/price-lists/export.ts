/**
 * The company's own products as a price list (issue 15), in the formats an upload reads, so an
 * exported file imports back (its headers are ones `guessField` recognises, its SKUs update the same
 * products):
 * - CSV (UTF-8 with BOM, `;` — what Russian Excel opens by double click) and XLSX (first worksheet):
 *   one row per price tier (a product without prices is one row without them); columns SKU, Name,
 *   Description, Price, Currency, Quantity from, Unit, MOQ, TN VED, Category, Country of origin, then
 *   one column per specification name (the first MAX_SPEC_COLUMNS names met).
 * - YML: one offer per product (`vendorCode` the SKU, `price` the lowest tier of the main currency,
 *   `min-quantity` the MOQ, a `param` per specification, and params for the unit and TN VED code).
 *
 * Texts are in `lang` (else the product's source language). The stored (approved) version is
 * exported, not pending edits. CSV cells a spreadsheet would run as formulas (= + - @ tab CR) are
 * escaped with a leading `'` (csv-stringify `escape_formulas`, review F4); XLSX cells are written as
 * text values, never formulas.
 */
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { asc, eq, gt, and, inArray, isNotNull, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import type { Lang, Localized } from "#contract/lang-schemas.ts";
import type { PriceListFormat } from "#contract/profile/price-lists.ts";
import { UNITS, type UnitId } from "#contract/units.ts";
import type { Db } from "../db/client.ts";
import { categories, companies, productPrices, products } from "../db/schema.ts";

export const MAX_SPEC_COLUMNS = 30;
/**
 * Column headers in the export's language, each one `guessField` maps back to its field (the first,
 * our product number, makes rows of a product without an SKU update that product on import).
 */
export const EXPORT_HEADERS: Record<Lang, string[]> = {
  ru: [
    "ID товара",
    "Артикул",
    "Наименование",
    "Описание",
    "Цена",
    "Валюта",
    "Цена от количества",
    "Ед. изм.",
    "Мин. партия",
    "Код ТН ВЭД",
    "Категория",
    "Страна происхождения",
  ],
  en: [
    "Product ID",
    "SKU",
    "Name",
    "Description",
    "Price",
    "Currency",
    "Quantity from",
    "Unit",
    "MOQ",
    "TN VED",
    "Category",
    "Country of origin",
  ],
  zh: ["商品ID", "货号", "名称", "描述", "单价", "币种", "起始数量", "单位", "最小起订量", "海关编码", "分类", "原产国"],
};
/** YML param names of the fields YML has no element for, per language (drafts.ts `PARAM_FIELDS` reads them back). */
const YML_PARAMS: Record<Lang, { id: string; unit: string; tnved: string; tier: (q: string, unit: string) => string }> = {
  ru: { id: "ID товара", unit: "Единица измерения", tnved: "Код ТН ВЭД", tier: (q, u) => `Цена от ${q} ${u}` },
  en: { id: "Product ID", unit: "Unit", tnved: "TN VED", tier: (q, u) => `Price from ${q} ${u}` },
  zh: { id: "商品ID", unit: "单位", tnved: "海关编码", tier: (q, u) => `价格 ≥ ${q} ${u}` },
};

const pick = (text: Localized | null | undefined, lang: Lang, fallback: Lang): string => text?.[lang] ?? text?.[fallback] ?? "";
const unitText = (unit: string | null, lang: Lang) => (unit && unit in UNITS ? UNITS[unit as UnitId][lang] : (unit ?? ""));
const plain = (value: string | null) => (value === null ? "" : String(Number(value)));

interface ExportProduct {
  row: typeof products.$inferSelect;
  tiers: (typeof productPrices.$inferSelect)[];
}

/** Every product of the company with its tiers, in batches of 1,000 (by id). */
async function* companyProducts(db: Db, companyId: number): AsyncGenerator<ExportProduct[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(1000);
    if (rows.length === 0) return;
    const tiers = await db
      .select()
      .from(productPrices)
      .where(
        inArray(
          productPrices.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(productPrices.currency), asc(productPrices.minQuantity));
    yield rows.map((row) => ({ row, tiers: tiers.filter((t) => t.productId === row.id) }));
    after = rows.at(-1)!.id;
  }
}

export interface ExportFile {
  /** The file, made batch by batch as it is read (memory bounded by one batch, whatever the catalogue's size). */
  body: ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
}

/**
 * The first `MAX_SPEC_COLUMNS` specification names in `lang` (else the product's source language),
 * in the order the products (by id) and their facts first name them: counted in the database, so the
 * header is known before the first row is written.
 */
async function specNamesOf(db: Db, companyId: number, lang: Lang): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select name from (
      select coalesce(f.fact->'key'->>${lang}, f.fact->'key'->>p.source_lang) as name, min(array[p.id, f.ord]) as first
      from ${products} p cross join lateral jsonb_array_elements(p.facts) with ordinality as f(fact, ord)
      where p.company_id = ${companyId}
      group by 1
    ) names where name is not null and name <> '' order by first limit ${MAX_SPEC_COLUMNS}`);
  return result.rows.map((r) => r.name);
}

const encoder = new TextEncoder();

/** A byte stream of `chunks` (strings are UTF-8 encoded), pulled one at a time as the reader asks. */
function streamOf(chunks: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  const bytes = (async function* () {
    for await (const chunk of chunks) yield typeof chunk === "string" ? encoder.encode(chunk) : chunk;
  })();
  return Readable.toWeb(Readable.from(bytes, { objectMode: false })) as ReadableStream<Uint8Array>;
}

/** The export in `format` (see the module comment), streamed. */
export async function exportProducts(db: Db, companyId: number, format: PriceListFormat, lang: Lang): Promise<ExportFile> {
  const categoryRows = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
  const categoryName = new Map(categoryRows.map((c) => [c.id, pick(c.name, lang, "ru")]));
  const stamp = new Date().toISOString().slice(0, 10);

  if (format === "yml") {
    const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const used = await db
      .selectDistinct({ id: products.categoryId })
      .from(products)
      .where(and(eq(products.companyId, companyId), isNotNull(products.categoryId)));
    return {
      body: streamOf(
        ymlOf(db, companyId, categoryRows, new Set(used.map((u) => u.id!)), company ? pick(company.name, lang, "ru") : "", lang),
      ),
      contentType: "application/xml; charset=utf-8",
      fileName: `products-${stamp}.yml`,
    };
  }

  const specNames = await specNamesOf(db, companyId, lang);
  const header = [...EXPORT_HEADERS[lang], ...specNames];
  /** The rows of one product: one per price tier (one without prices when it has none). */
  const rowsOf = ({ row, tiers }: ExportProduct): string[][] => {
    const source = row.sourceLang as Lang;
    const specs = new Map(row.facts.map((f) => [pick(f.key, lang, source), pick(f.value, lang, source)]));
    const card = [pick(row.name, lang, source), pick(row.description, lang, source)];
    const rest = [
      row.moq === null ? "" : plain(row.moq),
      row.tnvedCode ?? "",
      row.categoryId ? (categoryName.get(row.categoryId) ?? "") : "",
      row.originCountry ?? "",
      ...specNames.map((name) => specs.get(name) ?? ""),
    ];
    return (tiers.length > 0 ? tiers : [null]).map((tier) => [
      String(row.id),
      row.sku ?? "",
      ...card,
      tier ? plain(tier.price) : "",
      tier?.currency ?? "",
      tier ? plain(tier.minQuantity) : "",
      unitText(tier?.unit ?? row.moqUnit, lang),
      ...rest,
    ]);
  };

  if (format === "csv") {
    const csv = { delimiter: ";", escape_formulas: true, record_delimiter: "windows" } as const;
    return {
      body: streamOf(
        (async function* () {
          yield stringify([header], { ...csv, bom: true });
          for await (const batch of companyProducts(db, companyId)) yield stringify(batch.flatMap(rowsOf), csv);
        })(),
      ),
      contentType: "text/csv; charset=utf-8",
      fileName: `products-${stamp}.csv`,
    };
  }
  return {
    body: await xlsxOf(db, companyId, header, rowsOf),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName: `products-${stamp}.xlsx`,
  };
}

/**
 * The XLSX export through ExcelJS's streaming writer: each row is committed (written out and
 * forgotten) as it is made, and a batch waits while the reader is behind, so memory stays at one batch.
 * ExcelJS (with its zip writer and reader) is loaded on the first export: ≈ 36 MB of a process's
 * resident memory that a server holds for nothing until a supplier asks for a spreadsheet (issue 31 §5, ADR 070).
 */
async function xlsxOf(
  db: Db,
  companyId: number,
  header: string[],
  rowsOf: (product: ExportProduct) => string[][],
): Promise<ReadableStream<Uint8Array>> {
  const { default: ExcelJS } = await import("exceljs");
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Products");
  header.forEach((_, i) => {
    sheet.getColumn(i + 1).width = i === 2 ? 40 : i === 3 ? 50 : 14;
  });
  const headerRow = sheet.addRow(header);
  headerRow.font = { bold: true };
  headerRow.commit();
  void (async () => {
    try {
      for await (const batch of companyProducts(db, companyId)) {
        // Text values only: a cell never becomes a formula, whatever it starts with.
        for (const row of batch.flatMap(rowsOf)) sheet.addRow(row.map((cell) => ({ richText: [{ text: cell }] }))).commit();
        if (out.writableNeedDrain) await once(out, "drain");
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** XML text and attribute escaping (&, <, >, quotes), and control characters XML 1.0 forbids dropped. */
export function xmlEscape(text: string): string {
  return (
    text
      // oxlint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** The YML document, one chunk for the head and one per batch of offers. */
async function* ymlOf(
  db: Db,
  companyId: number,
  categoryRows: { id: number; name: Localized; parentId: number | null }[],
  used: Set<number>,
  companyName: string,
  lang: Lang,
): AsyncGenerator<string> {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${new Date().toISOString().slice(0, 16).replace("T", " ")}">`,
    "<shop>",
    `<name>${xmlEscape(companyName)}</name>`,
    `<company>${xmlEscape(companyName)}</company>`,
    '<currencies><currency id="RUB" rate="1"/><currency id="CNY" rate="CBRF"/><currency id="USD" rate="CBRF"/></currencies>',
    "<categories>",
  ];
  for (const c of categoryRows) {
    if (!used.has(c.id)) continue;
    out.push(`<category id="${c.id}">${xmlEscape(pick(c.name, lang, "ru"))}</category>`);
  }
  out.push("</categories>", "<offers>", "");
  yield out.join("\n");
  for await (const batch of companyProducts(db, companyId)) {
    const offers: string[] = [];
    for (const { row, tiers } of batch) {
      const source = row.sourceLang as Lang;
      const main = tiers
        .filter((t) => t.currency === (row.priceCurrency ?? tiers[0]?.currency))
        .sort((a, b) => Number(a.minQuantity) - Number(b.minQuantity))[0];
      const parts = [
        `<offer id="${row.id}" available="${row.status === "published"}">`,
        `<name>${xmlEscape(pick(row.name, lang, source))}</name>`,
      ];
      if (row.sku) parts.push(`<vendorCode>${xmlEscape(row.sku)}</vendorCode>`);
      if (main) parts.push(`<price>${plain(main.price)}</price>`, `<currencyId>${main.currency}</currencyId>`);
      if (row.categoryId) parts.push(`<categoryId>${row.categoryId}</categoryId>`);
      const description = pick(row.description, lang, source);
      if (description) parts.push(`<description>${xmlEscape(description)}</description>`);
      // The MOQ as stored: 2.5 t stays 2.5 (YML readers take a decimal here).
      if (row.moq !== null) parts.push(`<min-quantity>${plain(row.moq)}</min-quantity>`);
      if (row.originCountry) parts.push(`<country_of_origin>${xmlEscape(row.originCountry)}</country_of_origin>`);
      const names = YML_PARAMS[lang];
      parts.push(`<param name="${xmlEscape(names.id)}">${row.id}</param>`);
      const unit = main?.unit ?? row.moqUnit;
      if (unit) parts.push(`<param name="${xmlEscape(names.unit)}">${xmlEscape(unitText(unit, lang))}</param>`);
      if (row.tnvedCode) parts.push(`<param name="${xmlEscape(names.tnved)}">${row.tnvedCode}</param>`);
      // Every tier YML has no element for, as a param a re-import reads as a tier («Цена от 10 т»,
      // its currency in `unit`); the offer's own price is its lowest tier, named too when it starts
      // above the MOQ.
      for (const tier of tiers) {
        const isMain = tier === main;
        if (isMain && Number(tier.minQuantity) === Number(row.moq ?? 1)) continue;
        parts.push(
          `<param name="${xmlEscape(names.tier(plain(tier.minQuantity), unitText(tier.unit, lang)))}" unit="${tier.currency}">${plain(tier.price)}</param>`,
        );
      }
      for (const fact of row.facts) {
        const key = pick(fact.key, lang, source);
        if (key) parts.push(`<param name="${xmlEscape(key)}">${xmlEscape(pick(fact.value, lang, source))}</param>`);
      }
      parts.push("</offer>");
      offers.push(parts.join(""));
    }
    yield `${offers.join("\n")}\n`;
  }
  yield "</offers>\n</shop>\n</yml_catalog>\n";
}
