/**
 * Helpers of the personal profile pages (issue 5; ADR 017): an employee as the employee pages show
 * it, phones and quoted company names. The pages call the API with `api.send` and the descriptors of
 * contract/profile-contacts.ts, contract/auth.ts and contract/profile/employees.ts, and show
 * refusals with app/lib/forms/api-errors.server.ts.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { ContactChangeView, ContactKind } from "#contract/profile-contacts.ts";
import type { EmployeeView } from "#contract/profile/employees.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { employeeName } from "../components/employee-parts.tsx";
import { formatDate } from "#app/components/catalog/format.ts";

export type { ContactChangeView, ContactKind, EmployeeView };

/* ─── formatting ─── */

/** An employee (or invitation) as the employee pages show it, dates in the page's language. */
export function employeeForPage(e: EmployeeView, lang: Lang) {
  return {
    id: e.id,
    name: employeeName(e),
    email: e.email,
    phone: formatPhone(e.phone),
    role: e.role,
    status: e.status,
    position: e.position,
    isSelf: e.isSelf,
    since: formatDate(e.invitedAt, lang),
  };
}

/** A phone in E.164 as people read it ("+7 916 123-45-67"); other strings as they are. */
export function formatPhone(phone: string | null): string | null {
  if (!phone) return null;
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * A company name as running text quotes it: «…» in Russian, “…” in English and Chinese — unless the
 * name brings its own quotes (ООО «Северный металл»), which would otherwise be doubled.
 */
export function quotedName(name: string, lang: Lang): string {
  if (/[«»"“”„'「」『』]/.test(name)) return name;
  return lang === "ru" ? `«${name}»` : `“${name}”`;
}

export { ApiClientError };
