/**
 * Forms of the sign-in contacts (ADR 017), shared by the API (server/api/profile-contacts.ts) and the
 * web tier's Conform forms (app/routes/profile-*.tsx), like server/profile/schemas.ts whose rules
 * and message codes they reuse: an issue's message is a validation code (`validation.<code>`).
 * Isomorphic: no database, no Node APIs.
 */
import { z } from "zod";
import { Email, LANGS, Phone } from "./schemas.ts";

export const CONTACT_KINDS = ["email", "phone"] as const;

const kindError = (issue: { input?: unknown }) => (issue.input === undefined ? "required" : "invalid_option");

/**
 * A new sign-in e-mail or phone: `{ kind, value, locale? }`. The e-mail follows `Email` (254
 * characters, lower-cased), the phone `Phone` (libphonenumber-js, a number without a country code
 * read as Russian); `locale` is the language of the code's message (default: the user's).
 */
export const ContactChangeSchema = z
  .object({
    kind: z.enum(CONTACT_KINDS, { error: kindError }),
    value: z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type") }),
    locale: z.enum(LANGS, { error: "invalid_option" }).optional(),
  })
  .transform((input, ctx) => {
    const value = input.value.trim();
    if (value === "") {
      ctx.addIssue({ code: "custom", path: ["value"], message: "required" });
      return z.NEVER;
    }
    const parsed = (input.kind === "email" ? Email : Phone).safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: parsed.error.issues[0]?.message ?? "invalid_format" });
      return z.NEVER;
    }
    return { kind: input.kind, value: parsed.data, locale: input.locale };
  });
export type ContactChangeInput = z.output<typeof ContactChangeSchema>;

/** The one-time code of a change: the API counts a malformed code as a wrong one. */
export const ContactCodeSchema = z.object({
  code: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type") })
    .trim()
    .min(1, { error: "required" })
    .max(16, { error: "too_long" }),
});

/** Asking for a new code: `locale` is the message's language. */
export const ContactResendSchema = z.object({ locale: z.enum(LANGS, { error: "invalid_option" }).optional() });
