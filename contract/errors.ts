/**
 * Every error code the API answers with, its HTTP status and, where a client needs more than the
 * code, the shape of its structured `details` (DESIGN §3). The envelope of a failure is
 * `{ error: { code, message, issues?, details? } }`: `message` is English prose for logs and API
 * users, never parsed by a client; `issues` lists bad fields (`path` dotted, `message` a validation
 * code); `details` carries numbers a client shows (attempts left, seconds to wait).
 *
 * Domain code throws `DomainError(code, …)` (server/errors.ts) without knowing HTTP; the API tier
 * takes the status from this table. A route descriptor lists the codes it may answer so the OpenAPI
 * document names them.
 */
import { z } from "zod";

export const IssueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof IssueSchema>;

/**
 * The bounds a user's file is read under (server/price-lists/limits.ts, server/files/archive.ts):
 * rows, columns, cells, characters of a cell and of the whole file, YML categories, XML nesting, zip
 * entries, bytes inflated per entry and in total, compression ratio, parser memory (MB) and time (s).
 */
export const PRICE_LIST_LIMITS = [
  "rows",
  "columns",
  "cells",
  "cell_chars",
  "text_chars",
  "categories",
  "xml_depth",
  "entries",
  "entry_bytes",
  "total_bytes",
  "ratio",
  "memory_mb",
  "seconds",
] as const;
export type PriceListLimit = (typeof PRICE_LIST_LIMITS)[number];
const LimitDetails = z.object({
  limit: z.enum(PRICE_LIST_LIMITS),
  value: z.number().int().min(0).meta({ description: "The file's value (rows, columns, characters, bytes, the ratio…)" }),
  max: z.number().int().min(0).meta({ description: "The bound" }),
});

/** `details` of the codes that carry them. */
export const ErrorDetails = {
  price_list_too_large: LimitDetails,
  archive_too_large: LimitDetails,
  invalid_code: z.object({ attemptsLeft: z.number().int().min(0) }),
  rate_limited: z.object({ retryAfter: z.number().int().positive() }),
  inn_conflict: z.object({ inn: z.string(), companyId: z.number().int() }),
  inquiry_already_sent: z.object({ conversationId: z.number().int().nullable() }),
  insufficient_scope: z.object({ scope: z.string() }),
} as const;

/** code → HTTP status and a one-line meaning (the OpenAPI document shows it). */
export const ERRORS = {
  // Requests the API cannot read
  invalid_query: [400, "A query parameter is missing or malformed (issues list each)"],
  invalid_body: [400, "The body is not JSON or does not match the schema (issues list each field)"],
  invalid_multipart: [400, "The multipart body cannot be read"],
  invalid_target: [400, "Neither an e-mail address nor a phone number"],
  invalid_registration: [400, "The registration token is invalid or expired"],
  invalid_undo_link: [400, "The undo link of a changed sign-in address is invalid, expired or already used"],
  invalid_code: [400, "The one-time code is wrong (details.attemptsLeft); on the classifier trees, not a code of the classifier"],
  code_expired: [400, "The one-time code has expired or was used up"],
  file_required: [400, "No file in the form"],
  unauthorized: [401, "Sign-in required, or the access token is invalid"],
  refresh_invalid: [401, "The refresh token is unknown, expired or revoked"],
  refresh_reused: [401, "A rotated refresh token was used again: its whole family is revoked"],
  fingerprint_mismatch: [401, "The refresh token belongs to another device"],
  forbidden: [403, "The caller may not do this"],
  forbidden_role: [403, "The caller's company role does not allow this"],
  no_company: [403, "The caller belongs to no company"],
  user_blocked: [403, "The account is blocked"],
  member_blocked: [403, "The caller's membership of the company is blocked"],
  company_blocked: [403, "The company is blocked by a moderator"],
  product_blocked: [403, "The product is blocked by a moderator"],
  not_found: [404, "No such resource (or not visible to the caller)"],
  file_not_found: [404, "No such file"],
  invitation_expired: [410, "The invitation has expired"],
  file_kind_mismatch: [415, "The file's content is not of an accepted kind"],
  incomplete: [422, "Required fields are missing for this step"],
  body_too_large: [413, "The request body is too large"],
  file_too_large: [413, "The file is too large"],
  rate_limited: [429, "Too many requests (Retry-After header and details.retryAfter)"],
  too_many_uploads: [429, "Too many uploads in a short time"],
  product_limit_reached: [409, "The company has as many products as a company may have (COMPANY_PRODUCT_LIMIT); details: limit, value"],
  storage_quota_exceeded: [409, "The storage quota of the user or of the company is used up (issue on file)"],
  // Conflicts with the current state
  invalid_transition: [409, "The status does not allow this change"],
  already_member: [409, "The user already belongs to a company"],
  not_claimable: [409, "The company is on the platform already: only a company from the FNS registers can be claimed"],
  claim_pending: [409, "The company already has a claim under way"],
  no_company_domain: [409, "The company's web domain is unknown: it can be claimed only through moderation"],
  already_employee: [409, "The user is already an employee of this company"],
  already_invited: [409, "An invitation to this address is pending"],
  already_blocked: [409, "Already blocked"],
  not_blocked: [409, "Not blocked"],
  cannot_block_self: [409, "Staff cannot block themselves"],
  too_many_files: [409, "The file limit is reached"],
  too_many_legal_entities: [409, "The legal entity limit is reached"],
  too_many_payment_routes: [409, "The payment route limit is reached (contract/payment-routes.ts MAX_PAYMENT_ROUTES)"],
  too_many_invitations: [409, "The invitation limit is reached"],
  under_moderation: [409, "A change is waiting for moderation"],
  slug_taken: [409, "The slug is in use"],
  inn_taken: [409, "A published company's legal entity: the INN is listed by another published company"],
  inn_conflict: [409, "Another published company lists one of this company's INNs (details.inn, details.companyId)"],
  inn_exists: [409, "The INN is already listed for this company"],
  in_use: [409, "Still referenced by other records"],
  own_product: [409, "A company cannot do this to its own product"],
  own_account: [409, "Staff cannot change their own account this way"],
  not_joined: [409, "The user has not joined the company"],
  legal_entity_required: [409, "The company needs a legal entity first"],
  last_owner: [409, "The company's last owner cannot leave or be demoted"],
  last_admin: [409, "The last administrator cannot be demoted"],
  contact_unchanged: [409, "The new address is the current one"],
  reauth_required: [403, "Sign in again first: changing the sign-in address needs a sign-in within the last 10 minutes"],
  contact_taken: [409, "The address belongs to another account"],
  change_completed: [409, "The change was already completed"],
  nothing_to_approve: [409, "Nothing waits for approval"],
  nothing_to_reject: [409, "Nothing waits for rejection"],
  // Buying requests and quotes (contract/rfq.ts, contract/quotes.ts)
  quote_exists: [409, "The company has already quoted on this request (change that quote instead)"],
  rfq_closed: [409, "The request no longer takes quotes (deadline passed, closed or awarded)"],
  own_rfq: [409, "A company cannot quote on its own request"],
  company_not_published: [403, "The caller's company is not published yet: it cannot quote or see requests as a supplier"],
  translation_not_needed: [409, "The supplier wrote the field in that language (or it is the source): nothing to translate"],
  // Upload checks (server/files/uploads.ts): the content decides, never the name or the declared type
  file_empty: [400, "The file is empty"],
  archive_not_allowed: [415, "Archives are not accepted"],
  executable_not_allowed: [415, "Executables are not accepted"],
  file_type_not_allowed: [415, "This file type is not accepted here"],
  price_list_unreadable: [422, "The price list cannot be read as CSV, XLSX or YML"],
  price_list_empty: [422, "The price list has no rows of products"],
  price_list_too_large: [422, "The price list is over one of the reading bounds (details.limit, value, max)"],
  archive_too_large: [422, "The document's archive inflates past a bound (details.limit, value, max)"],
  document_corrupt: [422, "The document's archive is damaged, truncated or inconsistent"],
  no_valid_rows: [409, "No row of the price list can be imported"],
  html_not_allowed: [415, "HTML files are not accepted"],
  image_format_not_allowed: [415, "This image format is not accepted"],
  macros_not_allowed: [415, "Office files with macros are not accepted"],
  polyglot_not_allowed: [415, "The file is valid as more than one type"],
  svg_not_allowed: [415, "SVG images are not accepted"],
  image_corrupt: [422, "The image cannot be decoded"],
  image_too_large: [422, "The image has too many pixels"],
  // Page metadata of a site a user names (server/parse-meta, ADR 012)
  url_invalid: [400, "Not a URL"],
  url_scheme: [400, "Only http and https URLs"],
  url_credentials: [400, "URLs with credentials are refused"],
  url_port: [400, "Only the standard ports"],
  url_forbidden_address: [400, "The address is private, local or reserved"],
  dns_failed: [422, "The host name does not resolve"],
  too_many_redirects: [422, "More than 3 redirects"],
  timeout: [422, "The site did not answer in time"],
  too_large: [422, "The page is larger than 1 MiB"],
  not_html: [422, "The page is not HTML"],
  http_status: [422, "The site answered with an error status"],
  fetch_failed: [422, "The page could not be fetched"],
  resend_too_soon: [429, "A code was sent moments ago (Retry-After)"],
  too_many_attempts: [429, "Too many wrong codes; a new code is needed"],
  delivery_failed: [503, "The message could not be delivered"],
  unreachable: [503, "A service the API depends on cannot be reached"],
  translation_unavailable: [503, "No machine translation provider is configured"],
  translation_failed: [503, "The machine translation service failed; try again later"],
  service_unavailable: [503, "The database cannot be reached for a moment; try again in a few seconds (Retry-After)"],
  // Prices and landed cost (contract/money.ts)
  no_price: [422, "The product has no price to estimate from"],
  // Inquiries and conversations (contract/inquiries.ts, conversations.ts; ADR 028)
  own_company: [409, "A company cannot send an inquiry to itself"],
  spam_suspected: [400, "The request looks automated (a hidden field was filled)"],
  duplicate_inquiry: [429, "The same message went to 3 different suppliers within 10 minutes"],
  inquiry_already_sent: [409, "The draft was already sent as an inquiry (details.conversationId)"],
  // API keys (contract/api-keys.ts; ADR 052)
  insufficient_scope: [403, "The API key lacks the scope this operation needs (details.scope names it)"],
  api_key_not_accepted: [403, "This operation is not open to API keys (sign in instead)"],
  too_many_api_keys: [409, "The key limit is reached: revoke a key first"],
  // Orders (contract/orders.ts; ADR 048)
  party_missing: [409, "A side's legal entity is not named in the version: that side counters with it first"],
  internal_error: [500, "An unexpected failure (logged with the request id)"],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERRORS;

/** HTTP status of an error code. */
export function errorStatus(code: ErrorCode): number {
  return ERRORS[code][0];
}

/** The failure envelope. */
export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Machine-readable error code" }),
      message: z.string().meta({ description: "English description for logs; never parsed by clients" }),
      issues: z.array(IssueSchema).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
