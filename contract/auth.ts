/**
 * Sign-in (spec §7 Auth, issue 4; DESIGN §6; ADR 008, 017): a one-time code to an e-mail address or
 * a phone number, registration of a new person, refresh-token sessions.
 *
 * The field rules are written once and serve both the API's bodies (`SendCodeBody`,
 * `VerifyCodeBody`, `RegisterBody`) and the web tier's Conform forms (`SignInSchema`, `CodeSchema`,
 * `RegistrationSchema`); every message is a validation code (contract/validation.ts) the web tier
 * shows as `validation.<code>`. The API is the more lenient where it must stay so: a malformed code
 * counts as a wrong code (400 `invalid_code` with `details.attemptsLeft`), not as a bad body, and a
 * malformed address is a 400 `invalid_target`.
 *
 * The refresh token travels only in the HttpOnly cookie `refresh` (SameSite=Lax, Path=/, Secure in
 * production, 30 days): `verifyCode` (a known person), `register` and `refreshToken` set it,
 * `logout` and `logoutAll` clear it.
 */
import { z } from "zod";
import { LANGS } from "./lang-schemas.ts";
import { OkSchema, defineRoute } from "./route.ts";

const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");

/** The language of the code's message and of a new account's interface. */
export const LocaleField = z.enum(LANGS, { error: "invalid_option" });

/**
 * The sign-in form's one field: an e-mail address (it has "@") or a phone number, loosely checked;
 * the API normalizes and checks it for good (libphonenumber-js, a number without a country code
 * read as Russian).
 */
export const LoginField = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: "required" })
  .max(320, { error: "too_long" })
  .refine((v) => (v.includes("@") ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) : /^\+?[\d\s()-]{7,20}$/.test(v)), { error: "invalid_login" });

/** A one-time code as the API takes it: 1–16 characters; the API counts anything but the digits sent as a wrong code. */
export const CodeField = z.string({ error: typeError }).trim().min(1, { error: "required" }).max(16, { error: "too_long" });

/** A first or last name: 1–80 characters, no markup or control characters. */
export const NameField = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: "required" })
  .max(80, { error: "too_long" })
  .regex(/^[^<>{}\p{Cc}]+$/u, { error: "name_chars" });

/** The terms must be accepted (a checkbox: Conform reads "on" as true). */
export const AcceptTermsField = z.boolean({ error: "terms_required" }).refine((v) => v, { error: "terms_required" });

/* ─── the web tier's forms ─── */

/** Step one: the address a code goes to, and where to return after sign-in. */
export const SignInSchema = z.object({ login: LoginField, redirectTo: z.string().max(2000).optional() });

/** Step two: the code as sent (6 digits; spaces typed between them are dropped). */
export const CodeSchema = z.object({
  code: z
    .string({ error: typeError })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, { error: "required" })
        .regex(/^\d{6}$/, { error: "code_format" }),
    ),
});

/** Step three for a new person: name and the terms. */
export const RegistrationSchema = z.object({ firstName: NameField, lastName: NameField, acceptTerms: AcceptTermsField });

/** Splits the sign-in field into the API's `{ email }` or `{ phone }`. */
export function loginToIdentity(login: string): { email: string } | { phone: string } {
  return login.includes("@") ? { email: login.trim() } : { phone: login.trim() };
}

/* ─── the API's bodies ─── */

/** `{ email } | { phone }`: which one is valid is checked by the API (400 `invalid_target`). */
export const SendCodeBody = z
  .object({
    email: z.string({ error: typeError }).max(320, { error: "too_long" }).optional(),
    phone: z.string({ error: typeError }).max(32, { error: "too_long" }).optional(),
    locale: LocaleField.optional().meta({ description: "Language of the message (default ru)" }),
  })
  .meta({ id: "SendCodeBody" });

export const VerifyCodeBody = SendCodeBody.extend({ code: CodeField }).meta({ id: "VerifyCodeBody" });

export const RegisterBody = RegistrationSchema.extend({
  registrationToken: z.string({ error: typeError }).min(16, { error: "too_short" }).max(128, { error: "too_long" }),
  locale: LocaleField.optional().meta({ description: "Interface language of the new account (default ru)" }),
}).meta({ id: "RegisterBody" });

/* ─── answers ─── */

export const CodeSentSchema = z
  .object({
    sentTo: z.string().meta({ description: "The address masked: `iv***@example.com`, `+7 916 *** ** 67`" }),
    resendAfter: z.number().int().min(0).meta({ description: "Seconds before another code may be asked for" }),
    expiresIn: z.number().int().min(0).meta({ description: "Seconds the code stays valid" }),
  })
  .meta({ id: "CodeSent" });
export type CodeSent = z.infer<typeof CodeSentSchema>;

export const AccessTokenSchema = z
  .object({ accessToken: z.string().meta({ description: "JWT, valid 30 minutes" }) })
  .meta({ id: "AccessToken" });

/** A known person gets an access token (and the refresh cookie); a new one a registration token. */
export const VerifiedSchema = z
  .union([
    AccessTokenSchema,
    z.object({ registrationToken: z.string().meta({ description: "Single use, valid 30 minutes: pass it to register" }) }),
  ])
  .meta({ id: "Verified" });
export type Verified = z.infer<typeof VerifiedSchema>;

/* ─── operations ─── */

const tag = "Sign-in";

export const sendCode = defineRoute({
  method: "POST",
  path: "/api/auth/send-code",
  operationId: "sendCode",
  tag,
  summary: "Send a one-time sign-in code to an e-mail address or a phone number",
  description: "Never says whether an account exists. A code is 6 digits, valid 10 minutes, 5 attempts; a new code retires the older ones.",
  auth: "public",
  body: SendCodeBody,
  data: CodeSentSchema,
  errors: ["invalid_target", "rate_limited", "resend_too_soon", "delivery_failed"],
});

export const verifyCode = defineRoute({
  method: "POST",
  path: "/api/auth/verify-code",
  operationId: "verifyCode",
  tag,
  summary: "Check a code: a session for a known person, a registration token for a new one",
  description: "A known person also gets the `refresh` cookie.",
  auth: "public",
  body: VerifyCodeBody,
  data: VerifiedSchema,
  errors: ["invalid_target", "invalid_code", "code_expired", "too_many_attempts", "rate_limited", "user_blocked"],
});

export const register = defineRoute({
  method: "POST",
  path: "/api/auth/register",
  operationId: "register",
  tag,
  summary: "Create the account a registration token proves, and sign it in",
  description: "Sets the `refresh` cookie.",
  auth: "public",
  body: RegisterBody,
  data: AccessTokenSchema,
  errors: ["invalid_registration", "user_blocked"],
});

export const refreshToken = defineRoute({
  method: "POST",
  path: "/api/auth/refresh-token",
  operationId: "refreshToken",
  tag,
  summary: "A new access token for the `refresh` cookie, which is rotated",
  description: "A rotated token presented again after a short leeway revokes its whole family. A refused token also clears the cookie.",
  auth: "public",
  data: AccessTokenSchema,
  errors: ["refresh_invalid", "refresh_reused", "fingerprint_mismatch"],
});

export const logout = defineRoute({
  method: "POST",
  path: "/api/auth/logout",
  operationId: "logout",
  tag,
  summary: "End this session (the `refresh` cookie's family) and clear the cookie",
  auth: "public",
  data: OkSchema,
});

export const logoutAll = defineRoute({
  method: "POST",
  path: "/api/auth/logout-all",
  operationId: "logoutAll",
  tag,
  summary: "Sign out on all devices",
  description:
    "Every refresh-token family of the caller is revoked and access tokens already handed out stop working on their next request (ADR 017).",
  auth: "user",
  data: z.object({ ok: z.literal(true), sessionsEnded: z.number().int().min(0) }),
});

/** The undo link's token (the `token` query parameter of `/auth/undo-contact`). */
export const UndoTokenField = z.string({ error: typeError }).trim().min(1, { error: "required" }).max(2000, { error: "too_long" });

/** What the undo link of a changed sign-in address restores (security review F10). */
export const ContactUndoSchema = z
  .object({
    kind: z.enum(["email", "phone"]),
    address: z
      .string()
      .nullable()
      .meta({ description: "The old address, masked; null when there was no phone (undoing removes the new one)" }),
  })
  .meta({ id: "ContactUndo" });
export type ContactUndo = z.infer<typeof ContactUndoSchema>;

export const previewContactUndo = defineRoute({
  method: "GET",
  path: "/api/auth/contact-undo",
  operationId: "previewContactUndo",
  tag,
  summary: "What the undo link of a changed sign-in e-mail or phone would restore",
  description: "The link comes in the notice of the change (to the old e-mail); valid 7 days, once. Changes nothing.",
  auth: "public",
  query: z.object({ token: UndoTokenField }),
  data: ContactUndoSchema,
  errors: ["invalid_undo_link"],
});

export const undoContactChange = defineRoute({
  method: "POST",
  path: "/api/auth/contact-undo",
  operationId: "undoContactChange",
  tag,
  summary: "Undo a change of the sign-in e-mail or phone and end every session of the account",
  description:
    "With the token of the link in the notice: the old address is the sign-in address again (a phone added where there was none is removed), pending changes of that kind are dropped and every session ends. Single use.",
  auth: "public",
  body: z.object({ token: UndoTokenField }),
  data: ContactUndoSchema,
  errors: ["invalid_undo_link", "contact_taken", "rate_limited"],
});
