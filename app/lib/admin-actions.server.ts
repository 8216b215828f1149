/**
 * The admin pages' action pattern (issue 7; STYLE.md "route module anatomy"): parse the form with
 * the shared schema (Conform + zod) → 400 with every field's error (`invalid`), or call the API → on
 * its refusal the form's errors (`replyWithApiError(submission, error, ADMIN_ERRORS)`,
 * app/lib/forms/api-errors.server.ts), on success redirect with a flash message
 * (`localizedRedirect`). What was typed is kept (Conform's `lastResult`).
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { ApiErrorOptions } from "./forms/api-errors.server.ts";

/**
 * How the admin area shows API refusals: its own messages first (`admin.errors.<code>`), and the
 * codes the API puts on a field without an `issues` entry.
 */
export const ADMIN_ERRORS = {
  ownMessages: "admin.errors",
  codes: { slug_taken: { field: "slug" }, own_account: {}, last_admin: { field: "role" } },
} satisfies ApiErrorOptions;

/** 400 with the submission's own validation errors. */
export function invalid<E extends Record<string, unknown> = Record<never, never>>(submission: Submission<unknown>, extra?: E) {
  return data({ ...(extra as E), result: submission.reply() }, { status: 400 });
}

/** The raw form values (strings, nested by Conform's names) as the API's JSON body, without `intent`. */
export function payloadOf(submission: Submission<unknown>): Record<string, unknown> {
  const { intent: _intent, ...rest } = (submission.payload ?? {}) as Record<string, unknown>;
  return rest;
}
