import { describe, expect, test } from "vitest";
import { encodeProductBatch, PRODUCT_TABLE_ORDER, PRODUCT_TABLES, productRows } from "./copy-text.ts";
import type { ProductDraft } from "./products.ts";
import { copyLines } from "./sql.ts";

const product = (overrides: Partial<ProductDraft>): ProductDraft => ({
  companyId: 7,
  categoryId: 12,
  tnvedCode: "7304190000",
  name: { ru: "Труба стальная", zh: "钢管" },
  description: { ru: "Описание.", zh: "说明。" },
  sourceLang: "ru",
  status: "published",
  moq: 2.5,
  moqUnit: "t",
  originCountry: "RU",
  facts: [{ key: { ru: "Марка", en: "Grade", zh: "牌号" }, value: { ru: "Ст3", en: "St3", zh: "St3" } }],
  priceFrom: 1234.5,
  priceCurrency: "RUB",
  publishedAt: new Date("2026-05-01T10:20:30.456Z"),
  createdAt: new Date("2026-04-28T00:00:00Z"),
  prices: [
    { minQuantity: 2.5, price: 1300, currency: "RUB", unit: "t" },
    { minQuantity: 25, price: 1234.5, currency: "RUB", unit: "t" },
  ],
  variants: [{ name: { ru: "Ø 57", en: "Ø 57", zh: "Ø 57" }, attributes: { size: "57" }, price: 1300.1, currency: "RUB", position: 0 }],
  imageFileIds: [4, 5],
  ...overrides,
});

describe("COPY text of product batches", () => {
  test("is byte for byte the generic COPY encoding of the same rows, tricky values included", () => {
    const batch = [
      product({}),
      // Tabs, newlines, carriage returns, backslashes and a literal \N in texts and JSON; no publication; no children.
      product({
        name: { ru: 'Труба\t«стальная»\\ 1/2"', zh: "钢管\n第二行\r" },
        description: { ru: "\\N" },
        moqUnit: "pc\\s\t",
        status: "draft",
        publishedAt: null,
        prices: [{ minQuantity: 1, price: 0.01, currency: "CNY", unit: "m\t2" }],
        variants: [],
        imageFileIds: [],
      }),
      product({ variants: [{ name: { ru: "a\\b", en: "", zh: "" }, attributes: {}, price: 1e-7, currency: "USD", position: 3 }] }),
    ];
    const ids = [1, 2, 2_147_483_647];
    const encoded = encodeProductBatch(ids, batch);
    const rows = productRows(ids, batch);
    for (const table of PRODUCT_TABLE_ORDER) expect(encoded.text[table], table).toBe(copyLines(PRODUCT_TABLES[table], rows[table]));
    expect(encoded).toMatchObject({ prices: 5, variants: 2, files: 4 });
  });
});
