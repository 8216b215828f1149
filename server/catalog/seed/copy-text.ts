/**
 * A batch of generated products as the text COPY reads (PostgreSQL docs, COPY, "Text Format"): one
 * string per table — products, product_prices, product_variants, product_files — with the columns of
 * `PRODUCT_TABLES`, byte for byte what sql.ts `copyRows` would send for the same rows (tests/api/
 * seed.test.ts compares them). Written column by column with no intermediate row arrays: encoding was
 * a fifth of the seed's CPU (ADR 059 addendum), and this runs in the seed's worker threads (workers.ts).
 *
 * Why the shortcuts hold: numbers print as `String(n)` and never contain a tab, newline or
 * backslash; JSON.stringify escapes every control character, so JSON text holds no raw tab, newline
 * or carriage return and only its backslashes need doubling; the enum columns (status, languages,
 * currencies, countries, TN VED digits) are ASCII words.
 */
import type { ProductDraft } from "./products.ts";
import type { Column } from "./sql.ts";

/** The columns written for products and their children, in the order both write paths use. */
export const PRODUCT_TABLES = {
  products: [
    ["id", "int"],
    ["company_id", "int"],
    ["category_id", "int"],
    ["tnved_code", "text"],
    ["name", "jsonb"],
    ["description", "jsonb"],
    ["source_lang", "text"],
    ["status", "text"],
    ["moq", "numeric"],
    ["moq_unit", "text"],
    ["origin_country", "text"],
    ["facts", "jsonb"],
    ["price_from", "numeric"],
    ["price_currency", "text"],
    ["published_at", "timestamptz"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
  ],
  product_prices: [
    ["product_id", "int"],
    ["min_quantity", "numeric"],
    ["price", "numeric"],
    ["currency", "text"],
    ["unit", "text"],
  ],
  product_variants: [
    ["product_id", "int"],
    ["name", "jsonb"],
    ["attributes", "jsonb"],
    ["price", "numeric"],
    ["currency", "text"],
    ["position", "int"],
  ],
  product_files: [
    ["product_id", "int"],
    ["file_id", "int"],
    ["kind", "text"],
    ["position", "int"],
  ],
} as const satisfies Record<string, readonly Column[]>;

export type ProductTable = keyof typeof PRODUCT_TABLES;

/** The tables in the order a batch is written (children after their products). */
export const PRODUCT_TABLE_ORDER: readonly ProductTable[] = ["products", "product_prices", "product_variants", "product_files"];

/** The rows of a batch per table, values in the order of `PRODUCT_TABLES` (for the INSERT path and the generic COPY). */
export function productRows(ids: ArrayLike<number>, batch: readonly ProductDraft[]): Record<ProductTable, unknown[][]> {
  return {
    products: batch.map((p, i) => [
      ids[i],
      p.companyId,
      p.categoryId,
      p.tnvedCode,
      p.name,
      p.description,
      p.sourceLang,
      p.status,
      p.moq,
      p.moqUnit,
      p.originCountry,
      p.facts,
      p.priceFrom,
      p.priceCurrency,
      p.publishedAt,
      p.createdAt,
      p.publishedAt ?? p.createdAt,
    ]),
    product_prices: batch.flatMap((p, i) => p.prices.map((t) => [ids[i], t.minQuantity, t.price, t.currency, t.unit])),
    product_variants: batch.flatMap((p, i) => p.variants.map((v) => [ids[i], v.name, v.attributes, v.price, v.currency, v.position])),
    product_files: batch.flatMap((p, i) => p.imageFileIds.map((fileId, position) => [ids[i], fileId, "image", position])),
  };
}

/** A batch's COPY text per table and its row counts. */
export interface EncodedBatch {
  text: Record<ProductTable, string>;
  prices: number;
  variants: number;
  files: number;
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const escapeChar = (c: string) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t");

/** A text value (COPY's backslash escapes only when needed). */
function text(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, escapeChar) : value;
}

/** A jsonb value: JSON text has no raw control characters, so only backslashes are doubled. */
function json(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const encoded = JSON.stringify(value);
  return encoded.includes("\\") ? encoded.replaceAll("\\", "\\\\") : encoded;
}

/**
 * Encodes `batch` (product `batch[i]` gets id `ids[i]`) as COPY text for the four product tables.
 * Same rows as `copyRows(client, table, PRODUCT_TABLES[table], productRows(ids, batch)[table])`.
 */
export function encodeProductBatch(ids: ArrayLike<number>, batch: readonly ProductDraft[]): EncodedBatch {
  let products = "";
  let prices = "";
  let variants = "";
  let files = "";
  let priceCount = 0;
  let variantCount = 0;
  let fileCount = 0;
  for (let i = 0; i < batch.length; i++) {
    const p = batch[i]!;
    const id = ids[i]!;
    const published = p.publishedAt === null ? "\\N" : p.publishedAt.toISOString();
    const created = p.createdAt.toISOString();
    products +=
      `${id}\t${p.companyId}\t${p.categoryId}\t${text(p.tnvedCode)}\t${json(p.name)}\t${json(p.description)}\t${p.sourceLang}\t${p.status}\t` +
      `${p.moq}\t${text(p.moqUnit)}\t${p.originCountry}\t${json(p.facts)}\t${p.priceFrom}\t${p.priceCurrency}\t${published}\t${created}\t` +
      `${p.publishedAt === null ? created : published}\n`;
    for (const t of p.prices) prices += `${id}\t${t.minQuantity}\t${t.price}\t${t.currency}\t${text(t.unit)}\n`;
    for (const v of p.variants) variants += `${id}\t${json(v.name)}\t${json(v.attributes)}\t${v.price}\t${v.currency}\t${v.position}\n`;
    for (let k = 0; k < p.imageFileIds.length; k++) files += `${id}\t${p.imageFileIds[k]}\timage\t${k}\n`;
    priceCount += p.prices.length;
    variantCount += p.variants.length;
    fileCount += p.imageFileIds.length;
  }
  return {
    text: { products, product_prices: prices, product_variants: variants, product_files: files },
    prices: priceCount,
    variants: variantCount,
    files: fileCount,
  };
}
