/**
 * One way from an API refusal to a form's errors, for every form of the web tier (STYLE.md "route
 * module anatomy": parse → 400 with the submission's errors, or call the API → its refusal on the
 * form, what was typed kept).
 *
 * What a refusal (`ApiClientError`) becomes:
 * - each of its `issues` (400 `invalid_body`, or a 409 such as `inn_taken` on `inn`) goes to its
 *   field: the API's path as Conform names it ("okvedCodes.0" → "okvedCodes[0]"), renamed by
 *   `fieldMap`, put under `prefix`; the message is the issue's validation code. An issue on no field,
 *   or on a field the form does not show (`fields`), is a form-level message, so nothing is lost;
 * - a refusal without issues is a form-level message: its code;
 * - `codes` gives a refusal code a field or a message of its own, which then stands alone (its
 *   issues would say the same): `{ slug_taken: { field: "slug" } }`,
 *   `{ last_owner: { message: "profileSettings.errors.lastOwner" } }`;
 * - `ownMessages: "admin.errors"` gives a code that is no validation code the area's own message,
 *   `admin.errors.<code>`, when that key exists;
 * - an API failure (5xx, unreachable) is the form-level message `internal_error`.
 * Messages are codes or locale keys, shown by app/components/form/messages.ts.
 *
 * The HTTP status the page answers with: the refusal's own for 401, 403, 404, 409, 413, 415, 422
 * and 429, 503 when the API failed, else 400. Anything that is not an ApiClientError is re-thrown.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { resources } from "#locales/index.ts";
import { ApiClientError } from "../api-client.server.ts";

export interface ApiErrorOptions {
  /** The fields the form shows (Conform names, or their parents: "name" covers "name.ru"). */
  fields?: readonly string[];
  /** Renames API paths (after Conform naming) to the form's field names: `{ file: "upload" }`. */
  fieldMap?: Record<string, string>;
  /** Puts the API's paths under this form field (the form nests the body): `card` → `card.name.ru`. */
  prefix?: string;
  /** Refusal codes with a field (empty or absent: the form) and/or a message of their own. */
  codes?: Record<string, { field?: string; message?: string }>;
  /** The locale namespace of the area's own refusal messages, tried first ("admin.errors"). */
  ownMessages?: string;
}

export interface ApiFormErrors {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  /** The HTTP status to answer with. */
  status: number;
}

/** "okvedCodes.0.code" (an API issue path) → "okvedCodes[0].code" (a Conform field name). */
export function conformName(path: string): string {
  return path
    .split(".")
    .filter(Boolean)
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), "");
}

const KEPT_STATUSES = new Set([401, 403, 404, 409, 413, 415, 422, 429]);

/** The status a page answers with when an API call it made was refused (see the module comment). */
export function apiErrorStatus(error: ApiClientError): number {
  if (error.status >= 500 || error.status === 0) return 503;
  return KEPT_STATUSES.has(error.status) ? error.status : 400;
}

function hasMessage(key: string): boolean {
  const found = key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      resources.ru.common,
    );
  return typeof found === "string";
}

function fieldName(path: string, options: ApiErrorOptions): string {
  const name = conformName(path);
  const renamed = options.fieldMap?.[name] ?? name;
  return options.prefix && renamed ? `${options.prefix}.${renamed}` : renamed;
}

function shown(name: string, fields: readonly string[] | undefined): boolean {
  return !fields || fields.some((field) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`));
}

/** A code's message: the area's own (`<ownMessages>.<code>`) unless it is a validation code. */
function messageOf(code: string, ownMessages: string | undefined): string {
  if (!ownMessages || hasMessage(`validation.${code}`)) return code;
  return hasMessage(`${ownMessages}.${code}`) ? `${ownMessages}.${code}` : code;
}

/** A refusal as the form's field and form-level errors, with the status to answer with. */
export function apiFormErrors(error: unknown, options: ApiErrorOptions = {}): ApiFormErrors {
  if (!(error instanceof ApiClientError)) throw error;
  const status = apiErrorStatus(error);
  if (status === 503) return { fieldErrors: {}, formErrors: ["internal_error"], status };
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const own = options.codes?.[error.code];
  if (own) {
    // A code the page knows says all there is; its issues would repeat it.
    const message = own.message ?? messageOf(error.code, options.ownMessages);
    if (own.field) fieldErrors[own.field] = [message];
    else formErrors.push(message);
    return { fieldErrors, formErrors, status };
  }
  for (const issue of error.issues ?? []) {
    const name = fieldName(issue.path, options);
    const message = messageOf(issue.message, options.ownMessages);
    if (name && shown(name, options.fields)) (fieldErrors[name] ??= []).push(message);
    else formErrors.push(message);
  }
  if (!error.issues?.length) formErrors.push(messageOf(error.code, options.ownMessages));
  return { fieldErrors, formErrors, status };
}

/** Every message of a refusal in one list, for a form shown without Conform (a row of buttons). */
export function apiErrorMessages(error: unknown, options: ApiErrorOptions = {}): { messages: string[]; status: number } {
  const { fieldErrors, formErrors, status } = apiFormErrors(error, options);
  return { messages: [...formErrors, ...Object.values(fieldErrors).flat()], status };
}

/**
 * The action's answer to a refusal: `data({ ...options.data, result }, { status })`, `result` being
 * Conform's reply of `submission` (what was typed kept) with the refusal's errors, or — for a form
 * with nothing to parse (a single button) — a reply of its own.
 */
export function replyWithApiError<E extends Record<string, unknown> = Record<never, never>>(
  submission: Pick<Submission<unknown>, "reply"> | null,
  error: unknown,
  options: ApiErrorOptions & { data?: E } = {},
) {
  const { fieldErrors, formErrors, status } = apiFormErrors(error, options);
  const result: SubmissionResult<string[]> = submission
    ? submission.reply({ fieldErrors, formErrors })
    : { status: "error", error: { ...fieldErrors, "": formErrors } };
  return data({ ...(options.data as E), result }, { status });
}
