/**
 * The one rule that turns a form's error messages into text (field lines, form-level lists, upload
 * refusals), in the page's language:
 *
 * 1. A message with a dot is a locale key and is shown as it is: "auth.errors.codeFormat",
 *    "apiErrors.last_owner", or a key of the admin area's or a page's own messages.
 * 2. A bare code — a validation code of the shared schemas (server/profile/schemas.ts
 *    `VALIDATION_CODES`, server/admin/schemas.ts) or an API refusal code — is looked up as
 *    `validation.<code>`, then `apiErrors.<code>`.
 * 3. A message with no text falls back to `validation.invalid_format` under a field and to
 *    `apiErrors.internal_error` for the whole form, so no raw code or key ever reaches the page.
 *
 * API refusals reach forms through app/lib/forms/api-errors.server.ts, which gives each refusal a
 * message this rule understands (an area's own message first, see its `ownMessages`).
 * Public pages load only the public strings (ADR 021, app/lib/locale-areas.ts): the groups named
 * here are public.
 * locales/locales.test.ts checks that every validation code has a text in every language.
 */
import type { TFunction } from "i18next";

/** Where a message is shown: it decides the fallback text (rule 3). */
export type MessagePlace = "field" | "form";

const FALLBACK: Record<MessagePlace, string> = { field: "validation.invalid_format", form: "apiErrors.internal_error" };

/** The locale keys a message may have, most specific first (rules 1 and 2). */
export function messageKeys(message: string): string[] {
  return message.includes(".") ? [message] : [`validation.${message}`, `apiErrors.${message}`];
}

/**
 * The text of a form message in `t`'s language (see the module comment); `values` fills the
 * text's placeholders (`{ count }` also picks the plural form: "3 attempts left").
 */
export function messageText(t: TFunction, message: string, place: MessagePlace = "field", values?: { count?: number }): string {
  for (const key of messageKeys(message)) {
    const text = t(key, { ...values, defaultValue: "" });
    if (text) return text;
  }
  return t(FALLBACK[place]);
}
