/**
 * The employee form's helpers (contract/profile/employees.ts; spec §7 "Admin and app", issue 7):
 * `/app/user/filter/employee` (people to invite), `/app/user/form/employee` (the form's options),
 * `/app/employee/form` (the invitation form). The search and the options are
 * server/profile/employee-form.ts; the invitation is the same `inviteEmployee` as POST
 * /api/profile/company/employees.
 *
 * The form endpoint answers a refused form with the API's error plus `errors: { field: [code] }`
 * (Conform's shape; `""` is the form as a whole): validation codes, `already_employee` /
 * `already_invited` on `email`, `owner_only` on `role` (403: only an owner gives the owner role),
 * `too_many_invitations` and `rate_limited` (429, the invitation e-mail caps) on `""`. Refusals of the caller (401, 403 `no_company`, …) keep the
 * plain envelope.
 */
import type { Context } from "hono";
import * as employees from "#contract/profile/employees.ts";
import type { Issue } from "#contract/errors.ts";
import { errorStatus } from "#contract/errors.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import { findPeople, inviteFormFields, roleOptions, statusOptions } from "../profile/employee-form.ts";
import { inviteEmployee } from "../profile/employees.ts";
import type { ApiEnv } from "./env.ts";
import { callerAccess, invitationMail } from "./profile-access.ts";
import { apiLimiter, type ApiLimiter } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";

/** The people-search limiter of each database (its counters live in the database's `rate_limits`). */
const searchLimiters = new WeakMap<Db, ApiLimiter>();

function searches(db: Db): ApiLimiter {
  let limiter = searchLimiters.get(db);
  if (!limiter) {
    limiter = apiLimiter(db, { keyPrefix: "people-search", ...employees.PEOPLE_SEARCH_LIMIT }, "Too many searches: wait a little");
    searchLimiters.set(db, limiter);
  }
  return limiter;
}

/** `{ field: [code] }` of an error's issues (`""` for the form as a whole). */
function fieldErrors(issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const list = (errors[issue.path] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** The form's refusal: the error envelope with `errors` for the form's fields. */
function formRefusal(c: Context<ApiEnv>, error: DomainError, issues: Issue[]): Response {
  return c.json(
    { error: { code: error.code, message: error.message, issues }, errors: fieldErrors(issues) },
    errorStatus(error.code) as ContentfulStatusCode,
  );
}

export const peopleResource = resource("/app/user", [
  implement(employees.findPeople, async (c, { query }) => {
    const access = await callerAccess(c, "manageEmployees");
    await searches(c.var.db).consume(String(access.userId));
    return { data: await findPeople(c.var.db, access, query.q, query.limit) };
  }),
  implement(employees.employeeFormOptions, async (c, { query: { lang } }) => {
    const access = await callerAccess(c, "read");
    const roles = roleOptions(lang, access.role);
    return {
      data: { fields: inviteFormFields(lang), roles, statuses: statusOptions(lang), canInvite: roles.some((role) => role.assignable) },
    };
  }),
]);

export const employeeFormResource = resource("/app/employee", [
  implement(
    employees.submitEmployeeForm,
    async (c, { body }) => {
      const access = await callerAccess(c, "manageEmployees");
      try {
        const { renewed, employee } = await inviteEmployee(c.var.db, invitationMail(c), access, body);
        return { data: employee, status: renewed ? 200 : 201 };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.code === "forbidden_role") return formRefusal(c, error, [{ path: "role", message: "owner_only" }]);
        if (error.issues) return formRefusal(c, error, error.issues);
        if (error.code === "too_many_invitations" || error.code === "rate_limited")
          return formRefusal(c, error, [{ path: "", message: error.code }]);
        throw error;
      }
    },
    { inputRefusal: (c, error) => (error.code === "invalid_body" && error.issues ? formRefusal(c, error, error.issues) : undefined) },
  ),
]);
