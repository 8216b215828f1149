/**
 * The web tier's calls for the personal profile pages (issue 5; ADR 017): the person's sign-in
 * contacts, "sign out on all devices", and the company's employees. Each function is one API call
 * through the request's API client (ADR 001) and throws `ApiClientError` as the client does
 * (pages show refusals with app/lib/forms/api-errors.server.ts).
 *
 * Endpoints: server/api/profile-contacts.ts, server/api/auth.ts (`logout-all`),
 * server/api/profile-employees.ts.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { ContactChangeView, ContactKind } from "../../../server/auth/contact-changes.ts";
import type { EmployeeView } from "../../../server/api/profile-employees.ts";
import type { CompanyRole } from "../../../server/db/schema.ts";
import { ApiClientError, type ApiClient, type Lang, type UserProfile } from "../api-client.server.ts";
import { employeeName } from "../../components/profile/employee-parts.tsx";
import { formatDate } from "../../components/catalog/format.ts";

export type { ContactChangeView, ContactKind, EmployeeView };

/* ─── sign-in contacts ─── */

/** Pending changes of the user's e-mail or phone, newest first. */
export function contactChanges(api: ApiClient) {
  return api.get<ContactChangeView[]>("/api/profile/contacts").then((r) => r.data);
}

/** One change (pending or done); 404 for an unknown or another user's id. */
export function contactChange(api: ApiClient, id: number) {
  return api.get<ContactChangeView>(`/api/profile/contacts/${id}`).then((r) => r.data);
}

/** Starts a change: a code goes to `value`, in `locale`. */
export function startContactChange(api: ApiClient, body: { kind: ContactKind; value: string; locale: Lang }) {
  return api.call<ContactChangeView>("POST", "/api/profile/contacts", body);
}

/** Confirms a change with its code; returns the updated profile. */
export function verifyContactChange(api: ApiClient, id: number, code: string) {
  return api.call<UserProfile>("POST", `/api/profile/contacts/${id}/verify`, { code });
}

export function resendContactChange(api: ApiClient, id: number, locale: Lang) {
  return api.call<ContactChangeView>("POST", `/api/profile/contacts/${id}/resend`, { locale });
}

export function cancelContactChange(api: ApiClient, id: number) {
  return api.call<{ id: number; cancelled: true }>("DELETE", `/api/profile/contacts/${id}`);
}

/** Ends every session of the signed-in user, this one included. */
export function logoutAll(api: ApiClient) {
  return api.call<{ ok: true; sessionsEnded: number }>("POST", "/api/auth/logout-all");
}

/* ─── employees ─── */

/** The company's employees: owners first, invitations last. */
export function employees(api: ApiClient) {
  return api.get<EmployeeView[]>("/api/profile/company/employees").then((r) => r.data);
}

export function employee(api: ApiClient, id: number) {
  return api.get<EmployeeView>(`/api/profile/company/employees/${id}`).then((r) => r.data);
}

/** Invites by e-mail; `mailSent` says whether the invitation e-mail went out. */
export function inviteEmployee(api: ApiClient, body: { email: string; role: CompanyRole; position?: string | null }) {
  return api.call<EmployeeView & { mailSent: boolean }>("POST", "/api/profile/company/employees", body);
}

export function updateEmployee(api: ApiClient, id: number, body: { role?: CompanyRole; position?: string | null }) {
  return api.call<EmployeeView>("PATCH", `/api/profile/company/employees/${id}`, body);
}

export function setEmployeeStatus(api: ApiClient, id: number, status: "active" | "blocked") {
  return api.call<EmployeeView>("PATCH", `/api/profile/company/employees/${id}/status`, { status });
}

/** Removes an employee, revokes an invitation, or — with one's own id — leaves the company. */
export function removeEmployee(api: ApiClient, id: number) {
  return api.call<{ id: number; deleted: true }>("DELETE", `/api/profile/company/employees/${id}`);
}

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
