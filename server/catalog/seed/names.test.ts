import { describe, expect, test } from "vitest";
import { headingBaseRu, productNameEn, productNameRu, sentenceCase, usefulFragment } from "./names.ts";
import { Rng } from "./random.ts";
import { innCheckDigits, validateInn, validateOgrn } from "../identifiers.ts";
import { makeInn10, makeInn12, makeOgrn, prettyCompanyName } from "./companies.ts";

const t = (code: string, nameRu: string, nameEn: string | null = null) => ({ code, nameRu, nameEn });

describe("product names from TN VED texts", () => {
  const pipes = t(
    "7304",
    "ТРУБЫ, ТРУБКИ И ПРОФИЛИ ПОЛЫЕ, БЕСШОВНЫЕ, ИЗ ЧЕРНЫХ МЕТАЛЛОВ (КРОМЕ ЧУГУННОГО ЛИТЬЯ)",
    "Tubes, pipes and hollow profiles, seamless, of iron (other than cast iron) or steel",
  );

  test("sentence case keeps the heading's leading clauses without parentheses", () => {
    expect(sentenceCase("ШИНЫ И ПОКРЫШКИ ПНЕВМАТИЧЕСКИЕ")).toBe("Шины и покрышки пневматические");
    expect(headingBaseRu(pipes.nameRu)).toBe("Трубы, трубки и профили полые, бесшовные");
    expect(headingBaseRu("ВЫЧИСЛИТЕЛЬНЫЕ МАШИНЫ И ИХ БЛОКИ; МАГНИТНЫЕ ИЛИ ОПТИЧЕСКИЕ СЧИТЫВАЮЩИЕ УСТРОЙСТВА")).toBe(
      "Вычислительные машины и их блоки",
    );
  });

  test("«прочие» and references to other headings are not fragments", () => {
    expect(usefulFragment("прочие")).toBeNull();
    expect(usefulFragment("прочий")).toBeNull();
    expect(usefulFragment("указанные в примечании 4 к данной группе")).toBeNull();
    expect(usefulFragment("прочие, из коррозионностойкой стали")).toBe("из коррозионностойкой стали");
  });

  test("the distinguishing fragment is appended, or names the goods on its own", () => {
    const sub = t(
      "730441",
      "холоднотянутые или холоднокатаные (обжатые в холодном состоянии)",
      "Steel, stainless; cold-drawn or cold-rolled (cold-reduced), tubes and pipes of circular cross-section",
    );
    expect(productNameRu(pipes, sub, t("7304410009", "прочие"))).toBe(
      "Трубы, трубки и профили полые, бесшовные, холоднотянутые или холоднокатаные",
    );
    expect(productNameRu(pipes, t("730423", "трубы бурильные обычные прочие"), t("7304230009", "прочие"))).toBe("Трубы бурильные обычные");
    expect(productNameEn(pipes, sub)).toBe("Stainless steel, cold-drawn or cold-rolled");
    const tea = t("0902", "ЧАЙ СО ВКУСО-АРОМАТИЧЕСКИМИ ДОБАВКАМИ ИЛИ БЕЗ НИХ", "Tea, whether or not flavoured");
    expect(
      productNameRu(
        tea,
        t("090220", "прочий чай зеленый (неферментированный)"),
        t("0902200000", "прочий чай зеленый (неферментированный)"),
      ),
    ).toBe("Чай зеленый");
    expect(productNameEn(tea, t("090220", "", "Tea, green; (not fermented), in immediate packings of a content exceeding 3kg"))).toBe(
      "Green tea, in immediate packings of a content exceeding 3kg",
    );
  });
});

describe("generated identifiers", () => {
  test("INN, OGRN and OGRNIP have valid check digits and the region prefix", () => {
    const rng = new Rng(1, "test");
    for (let i = 0; i < 200; i++) {
      const inn = makeInn10(rng, "66");
      expect(inn).toMatch(/^66\d{8}$/);
      expect(validateInn(inn, "legal")).toBeNull();
      expect(validateInn(makeInn12(rng, "25"), "individual")).toBeNull();
      expect(validateOgrn(makeOgrn(rng, "legal", 1998, "66", "58"), "legal")).toBeNull();
      expect(validateOgrn(makeOgrn(rng, "individual", 2015, "25", "36"), "individual")).toBeNull();
    }
    expect(innCheckDigits("770708389")).toBe("3");
  });

  test("register names are written the way companies write them", () => {
    expect(prettyCompanyName('ООО "УРАЛ ПОЛЯРНЫЙ"')).toEqual({ form: "ООО", brand: "Урал Полярный" });
    expect(prettyCompanyName('ООО"ЭЛСТРОЙ-ЯМАЛ"')).toEqual({ form: "ООО", brand: "Элстрой-Ямал" });
    expect(prettyCompanyName('ООО "СТК МОЛОТОВ"')).toEqual({ form: "ООО", brand: "СТК Молотов" });
  });
});
