/**
 * The shared profile schemas: property-based (fast-check) — whatever JSON arrives, parsing never
 * throws and every issue's message is a known validation code (the web tier has a translation for
 * each: locales `validation.*`); and examples of the rules (decimals, localized names, identifiers).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { resources } from "#locales/index.ts";
import * as schemas from "./schemas.ts";

const FORMS = {
  CompanySchema: schemas.CompanySchema,
  CompanyPatchSchema: schemas.CompanyPatchSchema,
  FactsSchema: schemas.FactsSchema,
  StatusActionSchema: schemas.StatusActionSchema,
  ProductCompanySchema: schemas.ProductCompanySchema,
  LegalEntitySchema: schemas.LegalEntitySchema,
  LegalEntityPatchSchema: schemas.LegalEntityPatchSchema,
  ProductSchema: schemas.ProductSchema,
  ProductPatchSchema: schemas.ProductPatchSchema,
  PriceTiersSchema: schemas.PriceTiersSchema,
  VariantsSchema: schemas.VariantsSchema,
  AttachFileSchema: schemas.AttachFileSchema,
  InviteEmployeeSchema: schemas.InviteEmployeeSchema,
  EmployeePatchSchema: schemas.EmployeePatchSchema,
  EmployeeStatusSchema: schemas.EmployeeStatusSchema,
  AddressQuerySchema: schemas.AddressQuerySchema,
};
const CODES = new Set<string>(schemas.VALIDATION_CODES);

/** JSON objects shaped a little like the forms: known keys with arbitrary values, nested. */
const fieldNames = [
  "name",
  "description",
  "sourceLang",
  "country",
  "inn",
  "kpp",
  "ogrn",
  "kind",
  "tiers",
  "variants",
  "facts",
  "price",
  "minQuantity",
  "currency",
  "unit",
  "email",
  "role",
  "status",
  "action",
  "website",
  "phone",
  "moq",
  "moqUnit",
  "fileId",
  "ru",
  "en",
  "zh",
  "key",
  "value",
  "attributes",
  "latitude",
  "yearFounded",
  "okvedCodes",
  "query",
  "count",
];
const formLike = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    fc.jsonValue({ maxDepth: 2 }),
    tie("object"),
    fc.array(tie("object"), { maxLength: 3 }),
  ),
  object: fc.dictionary(fc.constantFrom(...fieldNames), tie("value"), { maxKeys: 8 }),
})).object;

describe("profile schemas", () => {
  test.each(Object.entries(FORMS))(
    "%s: any JSON gives data or issues with known codes, never an exception",
    (_name, schema) => {
      fc.assert(
        fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), formLike), (value) => {
          const result = (schema as import("zod").ZodType).safeParse(value);
          if (!result.success) {
            for (const issue of result.error.issues) {
              // The root of a non-object body is the only place zod's own wording may appear; the API maps it.
              if (issue.path.length > 0) expect(CODES.has(issue.message), `${issue.path.join(".")}: ${issue.message}`).toBe(true);
            }
          }
        }),
        { numRuns: 150 },
      );
    },
    60_000,
  );

  test("every validation code has a translation in ru, en and zh", () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      const validation = (resources[lang].common as { validation?: Record<string, string> }).validation ?? {};
      for (const code of [
        ...schemas.VALIDATION_CODES,
        "unknown_region",
        "unknown_code",
        "unknown_category",
        "inn_taken",
        "inn_exists",
        "already_employee",
        "already_invited",
      ]) {
        expect(validation[code], `${lang}: validation.${code}`).toBeTruthy();
      }
    }
  });

  test("every error code the API can answer has a translation in ru, en and zh", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "..");
    const codes = new Set<string>(["not_found", "invalid_body", "invalid_query", "internal_error", "unauthorized"]);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(dir, e.name))
          : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
            ? [path.join(dir, e.name)]
            : [],
      );
    for (const file of [
      ...walk(path.join(root, "profile")),
      ...walk(path.join(root, "files")),
      ...["profile-company", "profile-products", "profile-employees", "app-employees", "uploads", "suggestions"].map((f) =>
        path.join(root, "api", `${f}.ts`),
      ),
    ]) {
      for (const match of readFileSync(file, "utf8").matchAll(/(?:(?:ApiError|UploadError)\(\s*\d+,|DomainError\()\s*"([a-z_]+)"/g))
        codes.add(match[1]!);
    }
    expect(codes.size).toBeGreaterThan(30);
    for (const lang of ["ru", "en", "zh"] as const) {
      const apiErrors = (resources[lang].common as { apiErrors?: Record<string, string> }).apiErrors ?? {};
      for (const code of codes) expect(apiErrors[code], `${lang}: apiErrors.${code}`).toBeTruthy();
    }
  });

  test("decimals: numbers and strings, normalized; too precise, negative, zero and huge are refused", () => {
    const price = schemas.decimal({ integerDigits: 12, scale: 2 });
    expect(price.parse(42.5)).toBe("42.5");
    expect(price.parse(" 0042.50 ")).toBe("42.50");
    expect(price.parse("1000000")).toBe("1000000");
    const message = (value: unknown) => price.safeParse(value).error?.issues[0]?.message;
    expect(message("1.234")).toBe("invalid_number");
    // Typed the Russian way (issue 26 #4, contract/decimal.ts): a decimal comma and spaces between thousands.
    expect(price.parse("1,5")).toBe("1.5");
    expect(price.parse("1 250,50")).toBe("1250.50");
    expect(message("1,5,0")).toBe("invalid_number");
    expect(message(-1)).toBe("too_small");
    expect(message(0)).toBe("too_small");
    expect(message("1234567890123")).toBe("too_big");
    expect(message(1e21)).toBe("too_big");
    expect(message("abc")).toBe("invalid_number");
    expect(message("")).toBe("required");
    expect(message(null)).toBe("required");
  });

  test("localized names: empty languages dropped, one language required, the source language filled", () => {
    expect(schemas.ProductSchema.parse({ name: { ru: " Труба ", en: "" }, sourceLang: "ru" }).name).toEqual({ ru: "Труба" });
    expect(schemas.ProductSchema.safeParse({ name: { ru: "", en: " " } }).error?.issues[0]).toMatchObject({
      path: ["name"],
      message: "required",
    });
    expect(schemas.ProductSchema.safeParse({ name: { en: "Pipe" }, sourceLang: "zh" }).error?.issues[0]).toMatchObject({
      path: ["name", "zh"],
      message: "source_lang_missing",
    });
  });

  test("legal entities: INN by kind and check digits, KPP only for legal entities, OGRN vs OGRNIP", () => {
    const issues = (value: object) =>
      schemas.LegalEntitySchema.safeParse({ nameFull: "ООО «Тест»", ...value }).error?.issues.map(
        (i) => `${i.path.join(".")}:${i.message}`,
      ) ?? [];
    expect(issues({ kind: "legal", inn: "7707 083 893", kpp: "773601001", ogrn: "1027700132195" })).toEqual([]);
    expect(issues({ kind: "legal", inn: "7707083894" })).toEqual(["inn:inn_checksum"]);
    expect(issues({ kind: "legal", inn: "500100732259" })).toEqual(["inn:inn_format"]);
    expect(issues({ kind: "individual", inn: "500100732259", kpp: "773601001", ogrn: "304500116000157" })).toEqual(["kpp:kpp_individual"]);
    expect(issues({ kind: "individual", inn: "500100732259", ogrn: "1027700132195" })).toEqual(["ogrn:ogrn_format"]);
    expect(issues({ kind: "legal", inn: "7707083893", ogrn: "1027700132196" })).toEqual(["ogrn:ogrn_checksum"]);
    expect(issues({ kind: "legal", inn: "7707083893", kpp: "77-36" })).toEqual(["kpp:kpp_format"]);
  });
});
