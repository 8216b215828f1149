/**
 * PATCH semantics of the profile's forms (contract/profile/*): a patch names only the fields it
 * changes, the stored record supplies the rest, and the merged record must pass the form's full
 * schema (its cross-field rules: the source language filled, an INN of the kind's length…), so a
 * PATCH can never store what the form would refuse.
 */
import type { z } from "zod";
import { validationCode } from "#contract/validation.ts";
import { DomainError } from "../errors.ts";

/** `value` checked by `schema`; a failure is a 400 `invalid_body` whose issues carry validation codes. */
export function checkForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DomainError("invalid_body", "Invalid request body", {
      issues: result.error.issues.map((issue) => ({ path: issue.path.join("."), message: validationCode(issue) })),
    });
  }
  return result.data;
}

/** The fields of `patch` that are set (a left-out field is `undefined` after parsing and changes nothing). */
export function definedFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** `current` with the set fields of `patch` laid over it, checked by the form's full `schema`. */
export function mergeForm<S extends z.ZodType>(schema: S, current: object, patch: object): z.output<S> {
  return checkForm(schema, { ...current, ...definedFields(patch) });
}
