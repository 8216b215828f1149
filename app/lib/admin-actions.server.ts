/**
 * The admin pages' action pattern (issue 7; STYLE.md "route module anatomy"): parse the form with
 * the shared schema (Conform + zod) → 400 with every field's error, or call the API → on its
 * refusal 400/409/… with the API's issues on the fields they name (or a form-level message), on
 * success redirect with a flash message. What was typed is kept (Conform's `lastResult`).
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { ApiClientError } from "./api-client.server.ts";

/** Codes the API puts on a field without an `issues` entry. */
const FIELD_OF_CODE: Record<string, string> = { slug_taken: "slug", own_account: "", last_admin: "role" };

/**
 * The form's answer to an API refusal: its issues on their fields (`name.ru` paths as Conform names
 * them), or the error code as a form message (`admin.errors.<code>` / `apiErrors.<code>`).
 */
export function apiRefusal<E extends Record<string, unknown> = Record<never, never>>(submission: Submission<unknown>, error: unknown, extra?: E) {
  if (!(error instanceof ApiClientError)) throw error;
  if (error.status === 401 || error.status >= 500) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues ?? []) if (issue.path) (fieldErrors[issue.path] ??= []).push(issue.message);
  const field = FIELD_OF_CODE[error.code];
  if (field) (fieldErrors[field] ??= []).push(error.code);
  const formErrors = Object.keys(fieldErrors).length === 0 || field === "" ? [error.code] : [];
  const status = error.status === 403 || error.status === 404 || error.status === 409 || error.status === 413 || error.status === 415 || error.status === 422 ? error.status : 400;
  return data({ ...(extra as E), result: submission.reply({ fieldErrors, formErrors }) }, { status });
}

/** 400 with the submission's own validation errors. */
export function invalid<E extends Record<string, unknown> = Record<never, never>>(submission: Submission<unknown>, extra?: E) {
  return data({ ...(extra as E), result: submission.reply() }, { status: 400 });
}

/** The raw form values (strings, nested by Conform's names) as the API's JSON body, without `intent`. */
export function payloadOf(submission: Submission<unknown>): Record<string, unknown> {
  const { intent: _intent, ...rest } = (submission.payload ?? {}) as Record<string, unknown>;
  return rest;
}
