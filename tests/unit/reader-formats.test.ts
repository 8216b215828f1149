/**
 * Numbers and words in the reader's language (issue 26 §5, defects #4, #19, #22, #23; ADR 042):
 * the one typing rule for quantities and prices (contract/decimal.ts through `decimal()` and the
 * landed-cost query), the one formatter module (contract/format.ts), and the TN VED texts whose
 * "²"/"³" the source file lost, repaired at import.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { normalizeDecimalInput } from "#contract/decimal.ts";
import { decimal } from "#contract/profile/fields.ts";
import { InquirySchema } from "#contract/inquiries.ts";
import { RfqSchema } from "#contract/rfq.ts";
import { QuoteSchema } from "#contract/quotes.ts";
import { LandedCostQuery } from "#contract/money.ts";
import {
  countryName,
  formatDate,
  formatPrice,
  formatQuantityUnit,
  formatTnvedCode,
  joinList,
  joinPlace,
  quoteName,
} from "#contract/format.ts";
import { restoreSuperscripts } from "#server/classifiers/import/superscripts.ts";

const NBSP = "\u00A0";
const NNBSP = "\u202F";

describe("a number typed the reader's way (#4)", () => {
  test.each([
    ["12,5", "12.5"],
    ["12.5", "12.5"],
    ["1 234,56", "1234.56"],
    [`1${NBSP}234,56`, "1234.56"],
    [`1${NNBSP}234${NNBSP}567`, "1234567"],
    ["1.234,56", "1234.56"],
    ["1,234.56", "1234.56"],
    ["1,234,567", "1234567"],
    ["1,234", "1.234"],
    [" 0,5 ", "0.5"],
    ["−3,5", "-3.5"],
  ])("%j is %s", (typed, canonical) => {
    expect(normalizeDecimalInput(typed)).toBe(canonical);
  });

  test.each(["12,5,1", "1 23", "1 2345", "12,5.1,2", "12a", "", ",", "1..2", "1,234 567"])("%j is not a number", (typed) => {
    expect(normalizeDecimalInput(typed)).toBeNull();
  });

  test("every form's quantity and price takes «12,5» and «1 300,50»: inquiry, buying request, quote, product price", () => {
    const price = decimal({ integerDigits: 12, scale: 2 });
    expect(price.parse(`1${NBSP}300,50`)).toBe("1300.50");
    expect(price.safeParse("1 300,505").success).toBe(false);
    const inquiry = InquirySchema.parse({
      supplierId: 1,
      message: "Цена?",
      quantity: "12,5",
      unit: "t",
      targetPrice: "1 300,50",
      currency: "USD",
    });
    expect(inquiry).toMatchObject({ quantity: "12.5", targetPrice: "1300.50" });
    const rfq = RfqSchema.safeParse({ quantity: "12,5" });
    expect(rfq.success ? [] : rfq.error.issues.filter((i) => i.path[0] === "quantity")).toEqual([]);
    const quote = QuoteSchema.safeParse({ moq: "2,5", tiers: [{ minQuantity: "2,5", price: "1 300,50" }] });
    expect(quote.success ? [] : quote.error.issues.filter((i) => ["moq", "tiers"].includes(String(i.path[0])))).toEqual([]);
  });

  test("the landed-cost form's quantity, freight and insurance too", () => {
    expect(LandedCostQuery.parse({ qty: "12,5", freight: "150 000", insurance: "1 234,5" })).toMatchObject({
      qty: 12.5,
      freight: 150000,
      insurance: 1234.5,
    });
    expect(LandedCostQuery.safeParse({ qty: "12,5,5" }).success).toBe(false);
  });
});

describe("values formatted per language (#19, #22)", () => {
  test("money a person set keeps its cents (1 300,50 $ / $1,300.50 / US$1,300.50), whole amounts without ,00", () => {
    expect(formatPrice("1300.50", "USD", "ru")).toBe(`1${NBSP}300,50${NBSP}$`);
    expect(formatPrice("1300.50", "USD", "en")).toBe("$1,300.50");
    expect(formatPrice("1300.50", "USD", "zh")).toBe("US$1,300.50");
    expect(formatPrice("115000.00", "RUB", "ru")).toBe(`115${NBSP}000${NBSP}₽`);
  });

  test("quantities with their unit: 12,5 т / 12.5 t / 12.5 吨", () => {
    expect(formatQuantityUnit("12.500", "t", "ru")).toBe(`12,5${NBSP}т`);
    expect(formatQuantityUnit("12.500", "t", "en")).toBe(`12.5${NBSP}t`);
    expect(formatQuantityUnit("12.500", "t", "zh")).toBe(`12.5${NBSP}吨`);
  });

  test("a calendar day is never an ISO date and never shifts with the time zone", () => {
    expect(formatDate("2027-02-15", "ru")).toBe("15 февраля 2027 г.");
    expect(formatDate("2027-02-15", "en")).toBe("February 15, 2027");
    expect(formatDate("2027-02-15", "zh")).toBe("2027年2月15日");
  });

  test("TN VED codes are grouped as the tariff prints them; countries by name; Chinese punctuation", () => {
    expect(formatTnvedCode("7304193009")).toBe(`7304${NBSP}19${NBSP}300${NBSP}9`);
    expect(formatTnvedCode("730419")).toBe(`7304${NBSP}19`);
    expect(countryName("RU", "ru")).toBe("Россия");
    expect(countryName("CN", "zh")).toBe("中国");
    expect(countryName("Новосибирская обл.", "ru")).toBe("Новосибирская обл.");
    expect(joinPlace(["Новосибирск", "Россия"], "ru")).toBe("Новосибирск, Россия");
    expect(joinPlace(["辽宁省", "沈阳"], "zh")).toBe("辽宁省，沈阳");
    expect(joinList(["钢", "铜"], "zh")).toBe("钢、铜");
  });

  test("a name with its own guillemets is not quoted twice", () => {
    expect(quoteName("ООО «Регионстальзавод»", "ru")).toBe("ООО «Регионстальзавод»");
    expect(quoteName("Регионстальзавод", "ru")).toBe("«Регионстальзавод»");
  });
});

describe("TN VED texts get back their ² and ³ (#23)", () => {
  test("by the words around the sign", () => {
    expect(restoreSuperscripts("из стали с ударной вязкостью 2,5 кгс·м/см? и более")).toBe(
      "из стали с ударной вязкостью 2,5 кгс·м/см² и более",
    );
    expect(restoreSuperscripts("с лицевой стороной не более 90 см?")).toBe("с лицевой стороной не более 90 см²");
    expect(restoreSuperscripts("с рабочим объемом цилиндров двигателя более 1500 см?, но не более 1800 см?")).toBe(
      "с рабочим объемом цилиндров двигателя более 1500 см³, но не более 1800 см³",
    );
    expect(restoreSuperscripts("производительностью не более 2 м?/мин")).toBe("производительностью не более 2 м³/мин");
    expect(restoreSuperscripts("бумага массой 1 м? не более 40 г")).toBe("бумага массой 1 м² не более 40 г");
    // A short name reads its full name's words.
    expect(
      restoreSuperscripts("более 50 см?, но не более 125 см?", "Мотоциклы с двигателем рабочим объемом:более 50 см?, но не более 125 см?"),
    ).toBe("более 50 см³, но не более 125 см³");
    expect(restoreSuperscripts("Что? Где?")).toBe("Что? Где?");
  });

  test("no text of the real classifier file keeps a lost sign", () => {
    const file = readFileSync(path.resolve(import.meta.dirname, "../../../shared/data/tnved/tnved_eaeu.csv"), "utf8");
    const broken = file.split("\n").filter((line) => /(см|м)\?/.test(line));
    expect(broken.length).toBeGreaterThan(40);
    for (const line of broken) expect(restoreSuperscripts(line)).not.toMatch(/(мм|см|дм|км|м)\?(?![А-Яа-яЁё])/);
  });
});
