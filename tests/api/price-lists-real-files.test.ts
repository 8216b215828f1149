/**
 * Real price lists (issue 26 §2): every file in `../shared/data/yml/` (top level, *.xml) and
 * `../shared/data/price-lists/` (*.xlsx), found when the test runs — a file dropped there is tested
 * without new code — is uploaded and previewed, and its result is explained: counts of rows taken
 * and refused, every refused row with its reason, and no row refused for a value a person would
 * call valid (a country name or code, a unit as written in Russian, a price with «руб.»). Per file,
 * every YML offer with a name and a numeric price is taken; a workbook is read on every sheet.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tableRows, ymlOffers } from "#server/price-lists/read.ts";
import { OKEI_CODES, parseDecimal } from "#server/price-lists/values.ts";
import type { TestApi } from "../support/api.ts";
import { closeProfileApi, createCompany, createUser, multipart, openProfileApi, type TestUser } from "../support/profile.ts";

const DATA = process.env.CLASSIFIER_DATA_DIR ?? path.resolve(import.meta.dirname, "../../../shared/data");
/** Real 1C exports (../shared/data/commerceml, PROVENANCE.md): exchange files, not price lists. */
const commerceMl = readdirSync(path.join(DATA, "commerceml"))
  .filter((f) => f.endsWith(".xml"))
  .map((f) => path.join(DATA, "commerceml", f));
const files = [
  ...readdirSync(path.join(DATA, "yml"))
    .filter((f) => f.endsWith(".xml"))
    .map((f) => path.join(DATA, "yml", f)),
  ...readdirSync(path.join(DATA, "price-lists"))
    .filter((f) => f.endsWith(".xlsx"))
    .map((f) => path.join(DATA, "price-lists", f)),
];

/** Spellings of the OKEI units the catalogue sells in (OKEIUoms.csv: name, ru/en symbols and letter codes). */
const okeiSpellings = new Set(
  readFileSync(path.join(DATA, "units", "OKEIUoms.csv"), "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(","))
    .filter((cells) => cells[0] && Object.hasOwn(OKEI_CODES, cells[0]))
    .flatMap((cells) => cells.slice(1, 6))
    .filter((v) => v && v !== "NULL" && v !== "—")
    .map((v) => v.toLowerCase().replace(/[\s.]/g, "")),
);
/** Every country's name in ru, en and zh (CLDR) and its code. */
const countrySpellings = new Set<string>();
for (const lang of ["ru", "en", "zh"]) {
  const names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
  for (const code of ["RU", "CN", "DE", "TR", "KR", "TW", "US", "IT", "JP", "BY", "KZ", "FR", "GB", "PL", "IN", "VN"]) {
    countrySpellings.add(code.toLowerCase());
    countrySpellings.add(names.of(code)!.toLowerCase());
  }
}

/** A refusal for a value a person would call valid: a unit as OKEI writes it, a country by its name or code, a known currency. */
function refusedValid(e: { code: string; value: string }): boolean {
  const value = e.value.trim().toLowerCase();
  if (e.code === "unit_unknown") return okeiSpellings.has(value.replace(/[\s.]/g, ""));
  if (e.code === "country_invalid") return countrySpellings.has(value) || countrySpellings.has(value.split(",")[0]!.trim());
  if (e.code === "currency_unknown") return ["rub", "rur", "руб", "руб.", "₽", "cny", "usd", "$"].includes(value);
  return false;
}

let api: TestApi;
let owner: TestUser;

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "pricelist-real");
  await createCompany(owner, { name: { ru: "ООО «Настоящие прайсы»" }, country: "RU" });
}, 60_000);

afterAll(() => closeProfileApi(api));

describe("real price lists", () => {
  test("the folders hold files to test", () => {
    expect(files.filter((f) => f.endsWith(".xml")).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith(".xlsx")).length).toBeGreaterThan(0);
  });

  test.each(files.map((f) => [path.basename(f), f]))(
    "%s imports with an explained result",
    async (_name, file) => {
      const bytes = new Uint8Array(readFileSync(file));
      const uploaded = await owner.post("/api/profile/company/price-lists", multipart(bytes, path.basename(file)));
      expect(uploaded.status, JSON.stringify(uploaded.body.error)).toBe(201);
      const run = uploaded.body.data;
      const byCode: Record<string, number> = {};
      for (const e of run.errors as { code: string }[]) byCode[e.code] = (byCode[e.code] ?? 0) + 1;
      console.info(
        `[real] ${path.basename(file)}: ${run.validRows} taken / ${run.totalRows} rows, ${run.invalidRows} refused ${JSON.stringify(byCode)}, warnings ${run.warnings.length}`,
      );
      expect(run.validRows + run.invalidRows).toBe(run.totalRows);
      // Every refused row has a reason; the reasons are never values people write.
      if (run.invalidRows > 0) expect(run.errors.length).toBeGreaterThan(0);
      for (const e of run.errors as { code: string; value: string }[]) expect(refusedValid(e), `${e.code}: ${e.value}`).toBe(false);
      if (file.endsWith(".xml")) {
        // Every offer with a name and a number for a price is taken.
        let priced = 0;
        for await (const offer of ymlOffers(bytes)) if (offer.name.trim() && parseDecimal(offer.price, 12, 2) !== null) priced += 1;
        expect(run.validRows).toBeGreaterThanOrEqual(priced);
        for (const row of run.sample as { name: string }[]) expect(row.name).not.toMatch(/<\/?[a-z]+>/);
      } else {
        // Every sheet that holds products is read: rows come from more than the first sheet when the workbook has several.
        const sheets = new Set<string>();
        for await (const row of tableRows("xlsx", bytes)) sheets.add(row.sheet);
        expect(run.totalRows).toBeGreaterThan(0);
        if (sheets.size > 1) expect(run.ymlCategories.length).toBeGreaterThan(1);
        expect(run.validRows).toBeGreaterThan(0);
      }
    },
    120_000,
  );

  test.each(commerceMl.map((f) => [path.basename(f), f]))(
    "%s (a real 1C CommerceML export) is refused as an exchange file, with nothing stored",
    async (_name, file) => {
      const before = (await owner.get("/api/profile/company/price-lists")).body.data.length;
      const uploaded = await owner.post(
        "/api/profile/company/price-lists",
        multipart(new Uint8Array(readFileSync(file)), path.basename(file)),
      );
      expect(uploaded.status).toBe(415);
      expect(uploaded.body.error).toMatchObject({ code: "file_type_not_allowed", details: { format: "commerceml" } });
      expect((await owner.get("/api/profile/company/price-lists")).body.data.length).toBe(before);
    },
  );
});
