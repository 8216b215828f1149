/**
 * Helpers of the company profile's pages (issue 5): the mapping of API refusals to form errors and
 * the localized redirects after a save. The pages call the API themselves with
 * `context.get(apiContext).send(route, input)` (the routes of contract/profile/*; ADR 023); calls
 * the regions of the company forms come from lookups.server.ts.
 *
 * Pages turn the refusals a user can cause into messages with `formErrorsOf` (400 issues → field
 * errors, 403/409/422 codes → a form-level message) instead of an error page.
 */
import { redirect } from "react-router";
import { setFlashCookie } from "../../middleware/flash.ts";
import { documentUrl } from "../document-url.ts";
import type { FlashMessage } from "../flash.ts";
import { localePath, splitLocalePath } from "../i18n.ts";
import { ApiClientError, type Lang } from "../api-client.server.ts";

export type { CompanyFileView, CompanyView, ProductLink } from "../../../contract/profile/company.ts";
export type { LegalEntityView } from "../../../contract/profile/legal-entities.ts";
export type { EmployeeView, InvitationView } from "../../../contract/profile/employees.ts";
export type { AddressSuggestion, PartySuggestion } from "../../../contract/suggestions.ts";
export type { RegionChoice } from "./lookups.server.ts";

/** Form errors for Conform's `submission.reply()`: field errors by Conform name, and form-level messages. */
export interface FormErrors {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

/** "okvedCodes.0.code" (API issue path) → "okvedCodes[0].code" (Conform field name). */
export function conformName(path: string): string {
  return path.split(".").reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), "");
}

/**
 * Maps an API refusal to form errors: a 400 `invalid_body` gives each issue to its field (message =
 * the validation code, translated by the form as `validation.<code>`); a 409 with issues (e.g.
 * `inn_taken` on `inn`) the same; a refusal without issues a form-level `apiErrors.<code>` key. `fieldNames`
 * (when given) keeps errors on fields the form shows; others become form-level messages, so no
 * problem is silently lost. Returns null for errors a user cannot cause (5xx, network): rethrow those.
 */
export function formErrorsOf(error: unknown, fieldNames?: readonly string[]): FormErrors | null {
  if (!(error instanceof ApiClientError) || error.status >= 500) return null;
  const result: FormErrors = { fieldErrors: {}, formErrors: [] };
  for (const issue of error.issues ?? []) {
    const name = conformName(issue.path);
    const shown = !fieldNames || fieldNames.some((field) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`));
    if (shown && name) (result.fieldErrors[name] ??= []).push(issue.message);
    else result.formErrors.push(`validation.${issue.message}`);
  }
  if ((error.issues ?? []).length === 0) result.formErrors.push(`apiErrors.${error.code}`);
  return result;
}

/** True for a refusal that means "you may not change this" (member role, blocked, moderation). */
export function isReadOnlyRefusal(error: unknown): boolean {
  return error instanceof ApiClientError && ["forbidden_role", "member_blocked", "company_blocked", "under_moderation"].includes(error.code);
}

/** The URL of a language-neutral `path` in the request's language ("/profile" → "/en/profile"). */
export function pagePath(request: Request, path: string): string {
  const { lang, prefixed } = splitLocalePath(documentUrl(request).pathname);
  return localePath(lang, path, prefixed);
}

/** The request page's language. */
export function pageLang(request: Request): Lang {
  return splitLocalePath(documentUrl(request).pathname).lang;
}

/** Redirects to `path` (language-neutral) in the request's language with a success flash message. */
export function redirectWithFlash(request: Request, path: string, message: FlashMessage): Response {
  return redirect(pagePath(request, path), { headers: { "set-cookie": setFlashCookie({ message, tone: "success" }) } });
}
