/**
 * The profile's form schemas moved to contract/profile/ (fields.ts, company.ts,
 * legal-entities.ts, products.ts, employees.ts), which both tiers import (ADR 023). This module
 * re-exports them for the server code that still imports them from here (the admin forms, the
 * suggestions), and keeps the address suggestion form until `/dev/address` joins the contract.
 */
import { z } from "zod";
import { form, text, typeError } from "../../contract/profile/fields.ts";

export { LANGS, type Lang as ProfileLang } from "../../contract/lang.ts";
export { VALIDATION_CODES, type ValidationCode } from "../../contract/validation.ts";
export * from "../../contract/profile/fields.ts";
export { LangField as Lang } from "../../contract/profile/fields.ts";
export * from "../../contract/profile/company.ts";
export * from "../../contract/profile/legal-entities.ts";
export * from "../../contract/profile/products.ts";
export * from "../../contract/profile/employees.ts";

/** Address suggestions (`POST /dev/address`). */
export const AddressQuerySchema = form({
  query: text(300),
  count: z
    .number({ error: typeError })
    .int({ error: "invalid_type" })
    .min(1, { error: "too_small" })
    .max(20, { error: "too_big" })
    .default(10),
  lang: z.enum(["ru", "en"], { error: "invalid_option" }).default("ru"),
});
