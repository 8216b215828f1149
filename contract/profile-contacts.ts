/**
 * The signed-in person's sign-in e-mail and phone (issue 5, spec §2 `profile/mail`, `profile/phone`;
 * ADR 017). Changing either is confirmed by a one-time code sent TO THE NEW address: a change is
 * started (a code goes out), then verified, resent or cancelled. Another person's change id is a
 * 404, like one that does not exist.
 *
 * The forms' schemas serve the API and the web tier's Conform forms alike; an issue's message is a
 * validation code (`validation.<code>`).
 */
import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import { LANGS } from "./lang-schemas.ts";
import { ProfileSchema } from "./profile.ts";
import { CodeField } from "./auth.ts";
import { IdParams, defineRoute } from "./route.ts";

export const CONTACT_KINDS = ["email", "phone"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

const typeError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type");
const optionError = (issue: { input?: unknown }) => (issue.input === undefined ? "required" : "invalid_option");

/** An e-mail address: at most 254 characters (RFC 5321 path limit), lower-cased. */
export const EmailField = z
  .string({ error: typeError })
  .trim()
  .toLowerCase()
  .max(254, { error: "too_long" })
  .pipe(z.email({ error: "invalid_email" }));

/** A phone number in international or Russian format (libphonenumber-js, default country RU). */
export const PhoneField = z
  .string({ error: typeError })
  .trim()
  .max(32, { error: "too_long" })
  .refine((value) => isValidPhoneNumber(value, "RU"), { error: "invalid_phone" });

/**
 * A new sign-in e-mail or phone: `{ kind, value, locale? }`. The e-mail follows `EmailField`, the
 * phone `PhoneField`; `locale` is the language of the code's message (default: the person's).
 */
export const ContactChangeSchema = z
  .object({
    kind: z.enum(CONTACT_KINDS, { error: optionError }),
    value: z.string({ error: typeError }),
    locale: z.enum(LANGS, { error: "invalid_option" }).optional(),
  })
  .transform((input, ctx) => {
    const value = input.value.trim();
    if (value === "") {
      ctx.addIssue({ code: "custom", path: ["value"], message: "required" });
      return z.NEVER;
    }
    const parsed = (input.kind === "email" ? EmailField : PhoneField).safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: parsed.error.issues[0]?.message ?? "invalid_format" });
      return z.NEVER;
    }
    return { kind: input.kind, value: parsed.data, locale: input.locale };
  })
  .meta({ id: "ContactChangeBody" });
export type ContactChangeInput = z.output<typeof ContactChangeSchema>;

/** The one-time code of a change: the API counts a malformed code as a wrong one. */
export const ContactCodeSchema = z.object({ code: CodeField }).meta({ id: "ContactCodeBody" });

/** Asking for a new code: `locale` is the message's language. */
export const ContactResendSchema = z
  .object({ locale: z.enum(LANGS, { error: "invalid_option" }).optional() })
  .meta({ id: "ContactResendBody" });

export const ContactChangeViewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(CONTACT_KINDS),
    value: z.string().meta({ description: "The new address, normalized (e-mail lower-cased, phone in E.164)" }),
    sentTo: z.string().meta({ description: "The new address masked, as messages name it" }),
    status: z.enum(["pending", "done"]).meta({ description: "`done` once confirmed: the address is the account's" }),
    resendAfter: z.number().int().min(0).meta({ description: "Seconds until another code may be asked for (0: now)" }),
    expiresIn: z.number().int().min(0).meta({ description: "Seconds the current code stays valid (0: expired)" }),
    attemptsLeft: z.number().int().min(0).meta({ description: "Wrong codes still allowed for the current code" }),
  })
  .meta({ id: "ContactChange" });
export type ContactChangeView = z.infer<typeof ContactChangeViewSchema>;

/* ─── operations ─── */

const tag = "Profile";
const CODE_ERRORS = ["invalid_code", "code_expired", "too_many_attempts", "rate_limited"] as const;

export const listContactChanges = defineRoute({
  method: "GET",
  path: "/api/profile/contacts",
  operationId: "listContactChanges",
  tag,
  summary: "Pending changes of the sign-in e-mail or phone, newest first",
  auth: "user",
  data: z.array(ContactChangeViewSchema),
});

export const startContactChange = defineRoute({
  method: "POST",
  path: "/api/profile/contacts",
  operationId: "startContactChange",
  tag,
  summary: "Start changing the sign-in e-mail or phone: a code goes to the new address",
  description:
    "201 with the new change; 200 with the pending change to the same address while its resend countdown runs (no second code). `contact_unchanged` and `contact_taken` carry an issue on `value`.",
  auth: "user",
  body: ContactChangeSchema,
  status: 201,
  data: ContactChangeViewSchema,
  errors: ["reauth_required", "contact_unchanged", "contact_taken", "resend_too_soon", "rate_limited", "delivery_failed"],
});

export const getContactChange = defineRoute({
  method: "GET",
  path: "/api/profile/contacts/{id}",
  operationId: "getContactChange",
  tag,
  summary: "One change (pending or done)",
  auth: "user",
  params: IdParams,
  data: ContactChangeViewSchema,
  errors: ["not_found"],
});

export const verifyContactChange = defineRoute({
  method: "POST",
  path: "/api/profile/contacts/{id}/verify",
  operationId: "verifyContactChange",
  tag,
  summary: "Confirm a change with its code; answers the updated profile",
  auth: "user",
  params: IdParams,
  body: ContactCodeSchema,
  data: ProfileSchema,
  errors: ["not_found", ...CODE_ERRORS, "contact_taken", "change_completed"],
});

export const resendContactChange = defineRoute({
  method: "POST",
  path: "/api/profile/contacts/{id}/resend",
  operationId: "resendContactChange",
  tag,
  summary: "Send a new code for a pending change (the old one stops working)",
  auth: "user",
  params: IdParams,
  body: ContactResendSchema,
  data: ContactChangeViewSchema,
  errors: ["not_found", "resend_too_soon", "rate_limited", "change_completed", "delivery_failed"],
});

export const cancelContactChange = defineRoute({
  method: "DELETE",
  path: "/api/profile/contacts/{id}",
  operationId: "cancelContactChange",
  tag,
  summary: "Cancel a pending change (its code stops working)",
  auth: "user",
  params: IdParams,
  data: z.object({ id: z.number().int(), cancelled: z.literal(true) }),
  errors: ["not_found", "change_completed"],
});
