/**
 * API keys (issue 29 §1; ADR 052): a company's keys (created by its owner or admin) and a person's
 * own keys, for scripts, 1C and AI assistants that call the API without signing in.
 *
 * - The secret `pk_live_<publicId>_<random>` (12 hex characters of public id, 256 bits of
 *   randomness) is answered ONCE, by the creation; the server keeps only its SHA-256. A key is then
 *   known by `prefix` (`pk_live_<publicId>`), which is not secret.
 * - `scopes` (API_SCOPES) bound what the key may do; an operation names the scopes it needs in its
 *   descriptor (`scopes` of contract/route.ts) and a key without one is refused with 403
 *   `insufficient_scope` naming it (`details.scope`). An operation that names none never accepts a
 *   key (403 `api_key_not_accepted`): the profile's settings, employees, the admin area.
 * - `allowedIps`: IPv4/IPv6 addresses or CIDR ranges (at most 20); empty is any address.
 * - `expiresAt`: an optional last day (`YYYY-MM-DD`, inclusive, UTC), from tomorrow to 5 years ahead.
 * - `rateLimit`: requests a minute (1–600, default 120), counted per key.
 * A revoked, expired, unknown or wrong-address key is a 401 `unauthorized`.
 *
 * Validation codes (contract/validation.ts): a bad address or range is `invalid_format` on
 * `allowedIps`; an expiry not after today `too_small`, beyond 5 years `too_big`; no scope `required`.
 * Isomorphic: the profile's forms validate with these schemas.
 */
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { form, PathIdParams, text, typeError } from "./profile/fields.ts";
import { defineRoute } from "./route.ts";
import { API_SCOPES, type ApiScope } from "./api-scopes.ts";

export { API_SCOPE_DESCRIPTIONS, API_SCOPES, type ApiScope } from "./api-scopes.ts";

/** Scopes a person's own key may have: a person's key never acts for a company's catalogue. */
export const PERSONAL_SCOPES: readonly ApiScope[] = ["catalog:read", "orders", "rfq", "conversations:read"];

/** The visible start of every key; `_live_` leaves room for test-mode keys later (Stripe's convention). */
export const KEY_PREFIX = "pk_live_";
/** `pk_live_` + 12 hex (public id) + `_` + 43 base64url characters (32 random bytes). */
export const KEY_PATTERN = /^pk_live_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export const MAX_ALLOWED_IPS = 20;
export const DEFAULT_RATE_LIMIT = 120;
const MAX_EXPIRY_DAYS = 5 * 366;

/** Whether `value` is an IPv4/IPv6 address or CIDR range ipaddr.js reads. */
export function isAddressOrRange(value: string): boolean {
  if (value.includes("/")) {
    try {
      ipaddr.parseCIDR(value);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(value);
}

/** `YYYY-MM-DD` of a Date (UTC). */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The form's list of addresses: a textarea's lines (or commas, spaces), or a JSON array. */
const AllowedIps = z
  .preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(/[\s,;]+/)
            .map((part) => part.trim())
            .filter(Boolean)
        : (value ?? []),
    z
      .array(z.string({ error: typeError }).trim().max(64, { error: "too_long" }), { error: typeError })
      .max(MAX_ALLOWED_IPS, { error: "too_many" }),
  )
  .superRefine((list, ctx) => {
    if (!Array.isArray(list)) return;
    if (list.some((item) => !isAddressOrRange(item))) ctx.addIssue({ code: "custom", message: "invalid_format" });
  });

const ExpiresAt = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z
    .string({ error: typeError })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_format" })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: "invalid_format" })
    .refine((day) => day > isoDay(new Date()), { error: "too_small" })
    .refine((day) => day <= isoDay(new Date(Date.now() + MAX_EXPIRY_DAYS * 86_400_000)), { error: "too_big" })
    .optional(),
);

/** A form's checkboxes send one value or several; the API sends an array. */
const Scopes = z.preprocess(
  (value) => (typeof value === "string" ? [value] : (value ?? [])),
  z
    .array(z.enum(API_SCOPES, { error: "invalid_option" }), { error: typeError })
    .min(1, { error: "required" })
    .transform((list) => [...new Set(list)]),
);

/** What creating a key takes (the JSON body and the profile's form). */
export const CreateApiKeySchema = form({
  name: text(80),
  scopes: Scopes,
  expiresAt: ExpiresAt,
  allowedIps: AllowedIps,
  rateLimit: z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : typeof value === "string" ? Number(value) : value),
    z
      .number({ error: "invalid_number" })
      .int({ error: "invalid_number" })
      .min(1, { error: "too_small" })
      .max(600, { error: "too_big" })
      .default(DEFAULT_RATE_LIMIT),
  ),
}).meta({ id: "ApiKeyCreate" });
export type CreateApiKeyInput = z.input<typeof CreateApiKeySchema>;

export const API_KEY_STATUSES = ["active", "expired", "revoked"] as const;

/** One key as its managers see it (never its secret). */
export const ApiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().meta({ description: "`pk_live_<publicId>`: names the key, is not secret" }),
    scopes: z.array(z.enum(API_SCOPES)),
    companyId: z.number().int().nullable().meta({ description: "null for a person's own key" }),
    createdBy: z.object({ id: z.number().int(), name: z.string() }),
    createdAt: z.string(),
    expiresAt: z.string().nullable().meta({ description: "The last day the key works (UTC), or null" }),
    lastUsedAt: z.string().nullable().meta({ description: "Updated at most once a minute" }),
    lastUsedIp: z.string().nullable(),
    allowedIps: z.array(z.string()),
    rateLimit: z.number().int().meta({ description: "Requests a minute" }),
    revokedAt: z.string().nullable(),
    status: z.enum(API_KEY_STATUSES),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof ApiKeySchema>;

/** The creation's answer: the key and, this once, its secret. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  secret: z.string().meta({ description: "The whole key. Shown only in this answer; store it now" }),
}).meta({ id: "CreatedApiKey" });

const TAG = "API keys";
const KEY_ERRORS = ["no_company", "member_blocked", "forbidden_role"] as const;

export const listCompanyApiKeys = defineRoute({
  method: "GET",
  path: "/api/profile/company/api-keys",
  operationId: "listCompanyApiKeys",
  tag: TAG,
  summary: "The company's API keys, newest first (owners and admins)",
  auth: "user",
  data: z.array(ApiKeySchema),
  errors: KEY_ERRORS,
});

export const createCompanyApiKey = defineRoute({
  method: "POST",
  path: "/api/profile/company/api-keys",
  operationId: "createCompanyApiKey",
  tag: TAG,
  summary: "Create a company API key; the answer holds its secret, shown only this once",
  auth: "user",
  body: CreateApiKeySchema,
  data: CreatedApiKeySchema,
  status: 201,
  errors: [...KEY_ERRORS, "company_blocked", "too_many_api_keys"],
});

export const revokeCompanyApiKey = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/api-keys/{id}",
  operationId: "revokeCompanyApiKey",
  tag: TAG,
  summary: "Revoke a company API key (its next use is a 401)",
  auth: "user",
  params: PathIdParams,
  data: ApiKeySchema,
  errors: [...KEY_ERRORS, "not_found"],
});

export const listOwnApiKeys = defineRoute({
  method: "GET",
  path: "/api/profile/api-keys",
  operationId: "listOwnApiKeys",
  tag: TAG,
  summary: "The caller's own API keys, newest first",
  auth: "user",
  data: z.array(ApiKeySchema),
});

export const createOwnApiKey = defineRoute({
  method: "POST",
  path: "/api/profile/api-keys",
  operationId: "createOwnApiKey",
  tag: TAG,
  summary: "Create a personal API key (scopes catalog:read, orders, rfq); the answer holds its secret, shown only this once",
  auth: "user",
  body: CreateApiKeySchema,
  data: CreatedApiKeySchema,
  status: 201,
  errors: ["too_many_api_keys"],
});

export const revokeOwnApiKey = defineRoute({
  method: "DELETE",
  path: "/api/profile/api-keys/{id}",
  operationId: "revokeOwnApiKey",
  tag: TAG,
  summary: "Revoke one of the caller's own API keys",
  auth: "user",
  params: PathIdParams,
  data: ApiKeySchema,
  errors: ["not_found"],
});
