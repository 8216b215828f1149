/**
 * The profile's form schemas moved to contract/profile/ (fields.ts, company.ts,
 * legal-entities.ts, products.ts, employees.ts), which both tiers import (ADR 023). This module
 * re-exports them for the server code that still imports them from here (the admin forms, the
 * suggestions), with the address suggestion form of contract/suggestions.ts.
 */

export { LANGS, type Lang as ProfileLang } from "#contract/lang-schemas.ts";
export { VALIDATION_CODES, type ValidationCode } from "#contract/validation.ts";
export * from "#contract/profile/fields.ts";
export { LangField as Lang } from "#contract/profile/fields.ts";
export * from "#contract/profile/company.ts";
export * from "#contract/profile/legal-entities.ts";
export * from "#contract/profile/products.ts";
export * from "#contract/profile/employees.ts";

/** Address suggestions (`POST /dev/address`): the contract's schema. */
export { AddressQuerySchema } from "#contract/suggestions.ts";
