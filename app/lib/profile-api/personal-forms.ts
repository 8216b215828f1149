/**
 * Schemas of the personal profile forms, for the browser (Conform's inline validation) and the
 * actions alike. Where the API has a shared schema it is used as it is (server/profile/*-schemas.ts:
 * contacts, invitations, employees), its messages being validation codes shown as
 * `validation.<code>`; the name form repeats the API's name rule (server/api/auth.ts `Name`: 1–80
 * characters, no markup or control characters) with the sign-in forms' messages.
 */
import { z } from "zod";
import { LANGS } from "../i18n.ts";

const name = z
  .string({ error: "auth.errors.nameRequired" })
  .trim()
  .min(1, "auth.errors.nameRequired")
  .max(80, "auth.errors.nameLong")
  .regex(/^[^<>{}\p{Cc}]+$/u, "auth.errors.nameChars");

/** First and last name (PATCH /api/profile). */
export const NameSchema = z.object({ firstName: name, lastName: name });

/** The interface language (PATCH /api/profile `locale`). */
export const LanguageSchema = z.object({ locale: z.enum(LANGS, { error: "profileSettings.errors.language" }) });

export { ContactChangeSchema } from "../../../server/profile/contact-schemas.ts";
export { EmployeePatchSchema, EmployeeStatusSchema, InviteEmployeeSchema } from "../../../contract/profile/employees.ts";
export { CodeSchema } from "../auth-forms.ts";
