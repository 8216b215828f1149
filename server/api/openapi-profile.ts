/**
 * OpenAPI operations of uploads and suggestions (issue 5; the company profile itself is declared in
 * contract/profile/*), merged into the
 * document by openapi.ts. Request bodies are generated from the same zod schemas the endpoints
 * validate with (server/profile/schemas.ts), so the document cannot drift from what is accepted.
 * `access` names who may call (ADR 009): every operation of the company profile also answers
 * 401 `unauthorized`, 403 `no_company` / `member_blocked` / `forbidden_role`.
 */
import { z } from "zod";
import { AddressQuerySchema, AttachFileSchema } from "../profile/schemas.ts";
import { RegisterBody, SendCodeBody, VerifyCodeBody } from "./auth.ts";
import { ProfilePatchBody } from "./profile.ts";
import { ContactChangeSchema, ContactCodeSchema, ContactResendSchema } from "../profile/contact-schemas.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

export interface WriteOperation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call: "signed in", "any employee", "owner or admin", … */
  access: "anyone" | "signed in" | "any employee" | "owner or admin" | "signed in, no company";
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart upload (field `file` and these extra fields) — alternatively JSON `{ fileId }` when `attach`. */
  multipart?: { fields: Record<string, string>; attach?: boolean };
  returns: string;
  status?: 200 | 201;
  /** Extra error responses: status → description (codes). */
  errors?: Record<string, string>;
}

const read = "any employee" as const;
const admin = "owner or admin" as const;
const uploadErrors = {
  "413": "`file_too_large` (images 10 MB, documents 20 MB)",
  "415": "`svg_not_allowed`, `html_not_allowed`, `executable_not_allowed`, `archive_not_allowed`, `macros_not_allowed`, `image_format_not_allowed`, `file_type_not_allowed`, `polyglot_not_allowed`, `file_kind_mismatch`",
  "422": "`image_corrupt` (damaged or truncated), `image_too_large` (over 40 megapixels)",
};

const fingerprint = "Send the `fingerprint` header (URL-encoded device fingerprint, spec §7).";
const refreshCookie = "Sets the `refresh` cookie (HttpOnly, SameSite=Lax, Path=/, Secure in production, 30 days).";

/** Sign-in, sessions and favourites (issue 4; server/api/auth.ts, server/api/profile.ts). */
export const authOperations: WriteOperation[] = [
  { method: "post", path: "/api/auth/send-code", tag: "Auth", summary: "Send a one-time sign-in code", description: `Body \`{ email }\` or \`{ phone }\`, optional \`locale\` (ru, en, zh) of the message. 6 digits, valid 10 minutes, 5 attempts. Never says whether an account exists. ${fingerprint}`, access: "anyone", body: SendCodeBody, returns: "{ sentTo (masked), resendAfter (s), expiresIn (s) }", errors: { "400": "`invalid_target`, `invalid_body`", "429": "`resend_too_soon`, `rate_limited` (with Retry-After)", "503": "`delivery_failed`" } },
  { method: "post", path: "/api/auth/verify-code", tag: "Auth", summary: "Check a code: sign in, or get a registration token", description: `A known person gets \`{ accessToken }\` and the refresh cookie; a new one \`{ registrationToken }\` (30 minutes, single use). ${refreshCookie} ${fingerprint}`, access: "anyone", body: VerifyCodeBody, returns: "{ accessToken } | { registrationToken }", errors: { "400": "`invalid_code` (issues: attempts left), `code_expired`, `invalid_target`", "429": "`too_many_attempts`, `rate_limited`" } },
  { method: "post", path: "/api/auth/register", tag: "Auth", summary: "Create the account a registration token proves", description: `${refreshCookie} ${fingerprint}`, access: "anyone", body: RegisterBody, returns: "{ accessToken }", errors: { "400": "`invalid_registration`, `invalid_body`" } },
  { method: "post", path: "/api/auth/refresh-token", tag: "Auth", summary: "Rotate the refresh cookie and get a new access token", description: `Needs the \`refresh\` cookie. A used token presented again revokes its whole family. ${fingerprint}`, access: "anyone", returns: "{ accessToken }", errors: { "401": "`refresh_invalid`, `refresh_reused`, `fingerprint_mismatch`" } },
  { method: "post", path: "/api/auth/logout", tag: "Auth", summary: "End the session (its refresh-token family) and clear the cookie", access: "anyone", returns: "{ ok: true }" },
  { method: "post", path: "/api/auth/logout-all", tag: "Auth", summary: "Sign out on all devices", description: "Revokes every refresh-token family of the caller and raises their session version, so access tokens already issued are refused from their next request (ADR 017); clears this browser's refresh cookie.", access: "signed in", returns: "{ ok: true, sessionsEnded (families revoked) }" },
  { method: "get", path: "/api/profile", tag: "Profile", summary: "The caller", description: "Without a valid token: `{ role: \"ANONIM\" }`.", access: "anyone", returns: "{ id, role, firstName, lastName, email, phone, locale, organization, invitations } | { role: \"ANONIM\" }" },
  { method: "patch", path: "/api/profile", tag: "Profile", summary: "Change name and interface language", access: "signed in", body: ProfilePatchBody, returns: "Profile" },
  { method: "get", path: "/api/profile/contacts", tag: "Profile: sign-in contacts", summary: "Pending changes of the sign-in e-mail or phone", access: "signed in", returns: "ContactChangeView[] ({ id, kind, value, sentTo, status, resendAfter (s), expiresIn (s), attemptsLeft }), newest first" },
  { method: "post", path: "/api/profile/contacts", tag: "Profile: sign-in contacts", summary: "Start changing the sign-in e-mail or phone: a code goes to the NEW address", description: "`locale` is the message's language (default: the user's). 201 with a new pending change; 200 with the pending change to the same address while its resend countdown runs (no second code). Starting another change of the same kind replaces the pending one. Codes: 6 digits, 10 minutes, 5 attempts; the send limits of sign-in apply.", access: "signed in", body: ContactChangeSchema, returns: "ContactChangeView", status: 201, errors: { "409": "`contact_unchanged` (already yours), `contact_taken` (another account signs in with it); issue on `value`", "429": "`resend_too_soon`, `rate_limited` (with Retry-After)", "503": "`delivery_failed`" } },
  { method: "get", path: "/api/profile/contacts/{id}", tag: "Profile: sign-in contacts", summary: "One change (pending or done)", description: "Another user's change is a 404 like a missing one; a change is forgotten 24 h after its latest code.", access: "signed in", returns: "ContactChangeView", errors: { "404": "`not_found`" } },
  { method: "post", path: "/api/profile/contacts/{id}/verify", tag: "Profile: sign-in contacts", summary: "Confirm a change with the code: the address becomes the account's", description: "The account's e-mail (the old one, when the e-mail changed) gets a notice. Whether the address is free is checked again here.", access: "signed in", body: ContactCodeSchema, returns: "Profile (as GET /api/profile)", errors: { "400": "`invalid_code` (issues: attempts left), `code_expired`", "404": "`not_found`", "409": "`contact_taken`, `change_completed`", "429": "`too_many_attempts` (ask for a new code), `rate_limited`" } },
  { method: "post", path: "/api/profile/contacts/{id}/resend", tag: "Profile: sign-in contacts", summary: "Send a new code for a pending change (the previous one stops working)", access: "signed in", body: ContactResendSchema, returns: "ContactChangeView", errors: { "404": "`not_found`", "409": "`change_completed`", "429": "`resend_too_soon`, `rate_limited` (with Retry-After)", "503": "`delivery_failed`" } },
  { method: "delete", path: "/api/profile/contacts/{id}", tag: "Profile: sign-in contacts", summary: "Cancel a pending change", access: "signed in", returns: "{ id, cancelled: true }", errors: { "404": "`not_found`", "409": "`change_completed`" } },
  { method: "get", path: "/api/profile/favourites", tag: "Profile", summary: "Favourite products, newest first", access: "signed in", query: z.object({ lang: z.enum(["ru", "en", "zh"]).optional(), view: z.enum(["cards", "ids"]).optional() }), returns: "ProductCard[] (view=cards) | { id }[] (view=ids)" },
  { method: "post", path: "/api/products/{id}/favourite", tag: "Profile", summary: "Add a product to favourites", access: "signed in", returns: "{ id, favourite: true }", status: 201, errors: { "404": "`not_found` (no such published product)" } },
  { method: "delete", path: "/api/products/{id}/favourite", tag: "Profile", summary: "Remove a product from favourites", access: "signed in", returns: "{ id, favourite: false }" },
];

export const profileOperations: WriteOperation[] = [
  { method: "get", path: "/api/files/common", tag: "Uploads", summary: "The caller's temporary uploads", access: "signed in", returns: "FileView[]" },
  { method: "post", path: "/api/files/common", tag: "Uploads", summary: "Upload a file to attach later (expires unless attached)", access: "signed in", multipart: { fields: { kind: "image | document (optional check)" } }, returns: "FileView (with expiresAt)", status: 201, errors: { ...uploadErrors, "429": "`too_many_uploads`" } },
  { method: "delete", path: "/api/files/common", tag: "Uploads", summary: "Delete a temporary upload (`?id=`, or DELETE /api/files/common/{id})", access: "signed in", returns: "{ id, deleted }", errors: { "404": "`not_found`" } },

  { method: "get", path: "/dev/legal_entry", tag: "Suggestions", summary: "Organisation or sole proprietor by INN (DaData-compatible provider)", access: "signed in", query: z.object({ inn: z.string().describe("10 or 12 digits with valid check digits") }), returns: "{ configured, available, items: PartySuggestion[] }" },
  { method: "post", path: "/dev/address", tag: "Suggestions", summary: "Address suggestions", access: "signed in", body: AddressQuerySchema, returns: "{ configured, available, items: AddressSuggestion[] }" },
];

function jsonSchema(schema: z.ZodType) {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const error = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** The OpenAPI operation object of `op`. */
export function profileOperation(op: WriteOperation) {
  const parameters: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "integer", minimum: 1 } }));
  if (op.query) {
    const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
  }
  let requestBody: Record<string, unknown> | undefined;
  if (op.body) requestBody = { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
  if (op.multipart) {
    const properties: Record<string, unknown> = { file: { type: "string", format: "binary", description: "JPEG, PNG, WebP, GIF, AVIF (≤ 10 MB) or PDF, DOCX, XLSX (≤ 20 MB), checked by content" } };
    for (const [name, description] of Object.entries(op.multipart.fields)) properties[name] = { type: "string", description };
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": { schema: { type: "object", required: ["file"], properties } },
        ...(op.multipart.attach ? { "application/json": { schema: jsonSchema(AttachFileSchema) } } : {}),
      },
    };
  }
  const company = op.access === read || op.access === admin;
  const responses: Record<string, unknown> = {
    [String(op.status ?? 200)]: { description: `\`{ data }\` — data: ${op.returns}`, content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } } },
    ...(requestBody || op.query ? { "400": error("`invalid_body` / `invalid_query` with `issues[]` whose messages are validation codes (locale keys `validation.*`)") } : {}),
    ...(op.access === "anyone" ? {} : { "401": error("`unauthorized`: no valid access token") }),
    ...(company ? { "403": error("`no_company`, `member_blocked`, `forbidden_role`, `company_blocked`") } : {}),
  };
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = error(status === "403" && company ? `\`no_company\`, \`member_blocked\`, \`forbidden_role\`, ${description}` : description);
  return {
    tags: [op.tag],
    summary: op.summary,
    description: [`Access: ${op.access}.`, op.description].filter(Boolean).join(" "),
    ...(op.access === "anyone" ? {} : { security: [{ bearer: [] }] }),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}
