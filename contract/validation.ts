/**
 * Validation codes: the only messages a request schema of the contract produces (zod issue
 * `message`s). The API returns them as `issues[].message` of a 400 `invalid_body` / `invalid_query`;
 * the web tier shows the `validation.<code>` text of locales/{ru,en,zh} (one rule for every form).
 * A zod issue without one of these messages is reported by its kind (`validationCode`).
 */
export const VALIDATION_CODES = [
  "required",
  "invalid_type",
  "too_long",
  "too_short",
  "too_small",
  "too_big",
  "too_many",
  "invalid_option",
  "invalid_email",
  "invalid_url",
  "invalid_phone",
  "invalid_number",
  "invalid_format",
  "source_lang_missing",
  "inn_format",
  "inn_checksum",
  "kpp_format",
  "kpp_individual",
  "ogrn_format",
  "ogrn_checksum",
  "duplicate_tier",
  "duplicate_key",
  "price_currency_pair",
  "moq_unit_pair",
  // Buying requests (contract/rfq.ts): phones, e-mails or links in a public request's text
  "contacts_found",
  // Payment routes (contract/payment-routes.ts): never an account number; SWIFT BIC form; a route's currency
  "account_number",
  "swift_bic_format",
  "route_currency",
  // Orders (contract/orders.ts): a Chinese party's USCC check character (GB 32100-2015); one party; one origin
  "uscc_checksum",
  "one_party",
  "one_origin",
  // Sign-in (contract/auth.ts)
  "invalid_login",
  "code_format",
  "name_chars",
  "terms_required",
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** Codes of the admin area's forms only (contract/admin/), translated as `admin.validation.<code>`. */
export const ADMIN_VALIDATION_CODES = [
  "slug_format",
  "evidence_required",
  "date_required",
  "date_future",
  "icon_format",
  "tnved_headings",
  "localities_required",
] as const;
export type AdminValidationCode = (typeof ADMIN_VALIDATION_CODES)[number];

const CODES = new Set<string>([...VALIDATION_CODES, ...ADMIN_VALIDATION_CODES]);

/** The validation code of one zod issue: its message when that is a code, else the kind of failure. */
export function validationCode(issue: { code: string; message: string; input?: unknown }): ValidationCode | AdminValidationCode {
  if (CODES.has(issue.message)) return issue.message as ValidationCode | AdminValidationCode;
  if (issue.code === "invalid_type") return issue.input === undefined ? "required" : "invalid_type";
  if (issue.code === "too_big") return "too_big";
  if (issue.code === "too_small") return "too_small";
  if (issue.code === "invalid_value") return "invalid_option";
  return "invalid_format";
}
