/**
 * The product pages' forms as Conform reads them from a submitted form (no JavaScript): the API's own
 * rules under the form's field names, and the price page's rising-quantity rule.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { localizedText, PriceFormSchema, ProductMainSchema, TIER_ORDER_ERROR } from "./product-forms.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

/** The product main page's form, submitted with `entries`, as Conform reads it. */
function parseMain(entries: [string, string][]) {
  return parseWithZod(form(entries), { schema: ProductMainSchema });
}

describe("ProductMainSchema", () => {
  test("a full form: localized name, decimals as strings, facts and variants lists", () => {
    const result = parseMain([
      ["card.sourceLang", "en"],
      ["card.name.en", "Steel bracket"],
      ["card.name.ru", ""],
      ["card.categoryId", "12"],
      ["card.tnvedCode", "7326 90 980 7"],
      ["card.moq", "0.5"],
      ["card.moqUnit", "t"],
      ["facts[0].key.en", "Material"],
      ["facts[0].value.en", "Steel"],
      ["variants[0].name.en", "Large"],
      ["variants[0].attributes[0].key", "Size"],
      ["variants[0].attributes[0].value", "60×60"],
      ["variants[0].price", "120"],
      ["variants[0].currency", "CNY"],
    ]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.card).toMatchObject({
      name: { en: "Steel bracket" },
      categoryId: 12,
      tnvedCode: "7326909807",
      moq: "0.5",
      moqUnit: "t",
      sourceLang: "en",
    });
    expect(result.value.facts).toEqual([{ key: { en: "Material" }, value: { en: "Steel" } }]);
    expect(result.value.variants[0]).toMatchObject({
      name: { en: "Large" },
      attributes: [{ key: "Size", value: "60×60" }],
      price: "120",
      currency: "CNY",
    });
  });

  test("errors are codes on the form's field names", () => {
    const result = parseMain([
      ["card.sourceLang", "zh"],
      ["card.name.ru", "Болт"],
      ["card.moq", "10"],
      ["facts[0].key.ru", "Материал"],
    ]);
    expect(result.status).toBe("error");
    const errors = result.reply().error!;
    expect(errors["card.name.zh"]).toEqual(["source_lang_missing"]);
    expect(errors["card.moqUnit"]).toEqual(["moq_unit_pair"]);
    expect(errors["facts[0].value"]).toEqual(["required"]);
  });
});

describe("PriceFormSchema", () => {
  const tier = (i: number, q: string, price = "10", currency = "RUB", unit = "pcs"): [string, string][] => [
    [`tiers[${i}].minQuantity`, q],
    [`tiers[${i}].price`, price],
    [`tiers[${i}].currency`, currency],
    [`tiers[${i}].unit`, unit],
  ];

  test("quantities rise within a currency and unit; another currency starts its own ladder", () => {
    const ok = parseWithZod(form([...tier(0, "10"), ...tier(1, "100"), ...tier(2, "1", "2", "CNY")]), { schema: PriceFormSchema });
    expect(ok.status).toBe("success");
    const bad = parseWithZod(form([...tier(0, "100"), ...tier(1, "10")]), { schema: PriceFormSchema });
    expect(bad.reply().error!["tiers[1].minQuantity"]).toEqual([TIER_ORDER_ERROR]);
  });

  test("a quantity of 0 and a duplicate tier are the API's own refusals", () => {
    const zero = parseWithZod(form(tier(0, "0")), { schema: PriceFormSchema });
    expect(zero.reply().error!["tiers[0].minQuantity"]).toEqual(["too_small"]);
    const twice = parseWithZod(form([...tier(0, "10"), ...tier(1, "10")]), { schema: PriceFormSchema });
    expect(twice.reply().error!["tiers[1].minQuantity"]).toEqual(["duplicate_tier"]);
  });
});

describe("localizedText", () => {
  test("the page's language, else the source language, else any", () => {
    expect(localizedText({ ru: "Болт", en: "Bolt" }, "en", "ru")).toEqual({ text: "Bolt", lang: "en" });
    expect(localizedText({ ru: "Болт", zh: "螺栓" }, "en", "zh")).toEqual({ text: "螺栓", lang: "zh" });
    expect(localizedText({}, "en", "ru")).toBeNull();
  });
});
