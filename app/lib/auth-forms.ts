/**
 * Schemas of the sign-in forms, shared by the browser (Conform's inline validation) and the actions
 * (the same rules again on the server). Messages are locale keys under `auth.errors.*`; the page
 * translates them. The API checks addresses and codes once more and has the last word.
 */
import { z } from "zod";

/** One field takes an e-mail address or a phone number: with "@" it is an e-mail. */
export const SignInSchema = z.object({
  login: z
    .string({ error: "auth.errors.loginRequired" })
    .trim()
    .max(320, "auth.errors.login")
    .refine((v) => (v.includes("@") ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) : /^\+?[\d\s()-]{7,20}$/.test(v)), "auth.errors.login"),
  redirectTo: z.string().max(2000).optional(),
});

export const CodeSchema = z.object({
  code: z
    .string({ error: "auth.errors.codeRequired" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "auth.errors.codeFormat")),
});

const name = z.string({ error: "auth.errors.nameRequired" }).trim().min(1, "auth.errors.nameRequired").max(80, "auth.errors.nameLong").regex(/^[^<>{}]+$/, "auth.errors.nameChars");

export const RegistrationSchema = z.object({
  firstName: name,
  lastName: name,
  acceptTerms: z.boolean({ error: "auth.errors.terms" }).refine((v) => v, "auth.errors.terms"),
});

/** Splits the sign-in field into the API's `{ email }` or `{ phone }`. */
export function loginToIdentity(login: string): { email: string } | { phone: string } {
  return login.includes("@") ? { email: login.trim() } : { phone: login.trim() };
}
