/**
 * OpenAPI operations of the app helpers of issue 7 (spec §7 "Admin and app"): the employee-form
 * helpers, merged into the document by openapi.ts with the same
 * generator as the profile (openapi-profile.ts), so queries and bodies come from the zod schemas the
 * endpoints validate with.
 */
import { InviteEmployeeSchema } from "../profile/schemas.ts";
import { EmployeeFormQuery, MAX_PEOPLE, PEOPLE_SEARCH_LIMIT, PeopleQuery } from "./app-employees.ts";
import type { WriteOperation } from "./openapi-profile.ts";

export const appOperations: WriteOperation[] = [
  {
    method: "get",
    path: "/app/user/filter/employee",
    tag: "Profile: employees",
    summary: "Find registered people to invite as employees",
    description:
      `Matches the start of a first, last or full name, of the e-mail's local part, of the whole address when \`q\` has an @, or the exact address; at most ${MAX_PEOPLE} people with an e-mail, never the company's own employees. ` +
      `E-mails are masked (\`iv***@example.com\`) unless \`q\` is exactly the address; phone numbers are never returned. ${PEOPLE_SEARCH_LIMIT.points} searches a minute.`,
    access: "owner or admin",
    query: PeopleQuery,
    returns: "PersonHit[] ({ userId, firstName, lastName, email, emailMasked, invitation: { id, role } | null })",
    errors: { "429": "`rate_limited` (with Retry-After)" },
  },
  {
    method: "get",
    path: "/app/user/form/employee",
    tag: "Profile: employees",
    summary: "Options of the employee invitation form",
    description: "Fields with their rules generated from the invitation schema (required, maxLength, options, default), company roles with labels, descriptions and permissions in `lang` and whether the caller may give them, employee statuses.",
    access: "any employee",
    query: EmployeeFormQuery,
    returns: "{ fields: FormField[], roles: RoleOption[], statuses: { value, label, settable }[], canInvite }",
  },
  {
    method: "post",
    path: "/app/employee/form",
    tag: "Profile: employees",
    summary: "Submit the employee invitation form",
    description:
      "The same body, validation and invitation as POST /api/profile/company/employees (201 new, 200 an open invitation renewed). A refused form answers with the error and `errors: { field: [code] }` (`\"\"` for the whole form), ready for the form's fields.",
    access: "owner or admin",
    body: InviteEmployeeSchema,
    returns: "EmployeeView & { mailSent }",
    status: 201,
    errors: {
      "400": "`invalid_body` with `issues[]` and `errors: { field: [validation code] }`",
      "403": "`owner_only` on `role` (only an owner gives the owner role)",
      "409": "`already_employee`, `already_invited` on `email`; `too_many_invitations` on `\"\"`",
    },
  },
];
