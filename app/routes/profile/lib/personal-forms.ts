/**
 * Schemas of the personal profile forms, for the browser (Conform's inline validation) and the
 * actions alike. They are the API's own (contract/: the name rule of sign-in, the contact change,
 * the one-time code), so a form and the endpoint it posts to cannot disagree; their messages are
 * validation codes shown as `validation.<code>`.
 */
export { CodeSchema } from "#contract/auth.ts";
export { LanguageSchema, NameSchema } from "#contract/profile.ts";
export { ContactChangeSchema } from "#contract/profile-contacts.ts";
export { EmployeePatchSchema, EmployeeStatusSchema, InviteEmployeeSchema } from "#contract/profile/employees.ts";
