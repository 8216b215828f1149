/**
 * The admin pages' action pattern (issue 7; STYLE.md "route module anatomy"): parse the form with
 * the shared schema (Conform + zod) → 400 with every field's error (`invalid`), or call the API → on
 * its refusal the form's errors (`replyWithApiError(submission, error, ADMIN_ERRORS)`,
 * app/lib/forms/api-errors.server.ts), on success redirect with a flash message
 * (`localizedRedirect`). What was typed is kept (Conform's `lastResult`).
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { replyWithApiError, type ApiErrorOptions } from "#app/lib/forms/api-errors.server.ts";
import { localizedRedirect, type FlashInput } from "#app/lib/redirect.server.ts";

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

/** Where an admin form leads once the API took it: a language-neutral path and the flash message shown there. */
export interface AdminFormDone {
  here: string;
  flash: FlashInput;
}

/**
 * The API call of an admin form, then the redirect to `done.here` with `done.flash`. A refusal is
 * the form's errors (`replyWithApiError` with ADMIN_ERRORS) on `submission` — null for a form with
 * nothing to parse (a single button) — and `extra` beside them (which of the page's forms it was).
 */
export async function sendThenRedirect<E extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  submission: Pick<Submission<unknown>, "reply"> | null,
  send: () => Promise<unknown>,
  done: AdminFormDone,
  extra?: E,
) {
  try {
    await send();
  } catch (error) {
    return replyWithApiError(submission, error, { ...ADMIN_ERRORS, data: extra });
  }
  return localizedRedirect(request, done.here, done.flash);
}

/**
 * One of several forms of an admin record page (`form` names it; every answer carries `{ form }` so
 * the page shows it on that form): parsed with `schema` (a 400 with its errors), then `send` with the
 * parsed value (and the submission, for its raw payload) and `sendThenRedirect`.
 */
export async function submitAdminForm<S extends z.ZodType, F extends string>(
  request: Request,
  formData: FormData,
  { form, schema, ...done }: AdminFormDone & { form: F; schema: S },
  send: (value: z.output<S>, submission: Submission<unknown>) => Promise<unknown>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalid(submission, { form });
  return sendThenRedirect(request, submission, () => send(submission.value, submission), done, { form });
}
