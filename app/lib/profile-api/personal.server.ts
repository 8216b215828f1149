/**
 * The web tier's calls for the company's employees, and the helpers of the personal profile pages
 * (issue 5; ADR 017). Each function is one API call through the request's API client (ADR 001) and
 * throws `ApiClientError` as the client does; `formErrors` turns such an error into Conform's reply
 * shape with locale keys. The sign-in contacts and "sign out on all devices" are called with
 * `api.send` and the descriptors of contract/profile-contacts.ts and contract/auth.ts.
 *
 * Endpoints: server/api/profile-employees.ts.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { ContactChangeView, ContactKind } from "../../../contract/profile-contacts.ts";
import type { EmployeeView } from "../../../server/api/profile-employees.ts";
import type { CompanyRole } from "../../../server/db/schema.ts";
import { VALIDATION_CODES } from "../../../contract/validation.ts";
import { ApiClientError, type ApiClient, type Lang } from "../api-client.server.ts";
import { resources } from "../../../locales/index.ts";

export type { ContactChangeView, ContactKind, EmployeeView };

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

/* ─── errors and formatting ─── */

const CODES = new Set<string>(VALIDATION_CODES);
const API_ERROR_KEYS = new Set(Object.keys(resources.ru.common.apiErrors));

/** The locale key of an API error code: `apiErrors.<code>` when it exists, else a generic one. */
export function apiErrorKey(code: string): string {
  return API_ERROR_KEYS.has(code) ? `apiErrors.${code}` : "apiErrors.internal_error";
}

/**
 * An API refusal as Conform's reply fields: field errors from `issues` (validation codes become
 * `validation.<code>`), `specific` codes mapped to a field or the form, anything else a form error.
 */
export function formErrors(error: ApiClientError, specific: Record<string, { field?: string; key: string }> = {}): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const mapped = specific[error.code];
  if (mapped) return mapped.field ? { fieldErrors: { [mapped.field]: [mapped.key] }, formErrors: [] } : { fieldErrors: {}, formErrors: [mapped.key] };
  if (error.status === 400 && error.issues?.length) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) (fieldErrors[issue.path || ""] ??= []).push(CODES.has(issue.message) ? `validation.${issue.message}` : "validation.invalid_format");
    return { fieldErrors, formErrors: [] };
  }
  return { fieldErrors: {}, formErrors: [apiErrorKey(error.code)] };
}

/** The HTTP status a page answers with when an API call it made was refused. */
export function failureStatus(error: ApiClientError): number {
  return error.status >= 500 ? 503 : error.status === 429 ? 429 : error.status === 409 ? 409 : 400;
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
