/**
 * Employees of the caller's company and invitations (issue 5; spec §7 Profile
 * `/api/profile/company/employees*`, `/api/profile/invitations*`), and the employee form's helpers
 * (spec §7 "Admin and app": `/app/user/filter/employee`, `/app/user/form/employee`,
 * `/app/employee/form`; issue 7).
 *
 * Rules (ADR 009, server/profile/employees.ts): every employee sees the list; owners and admins
 * invite, change roles and positions, block and remove; only an owner may touch an owner or give
 * the owner role (403 `forbidden_role`); the company always keeps an active owner (409
 * `last_owner`); anyone may leave (DELETE of their own row) except the last owner. Roles: owner,
 * admin, sales (answers buyers: inquiries and quotes) and member (reads them; permissions in
 * server/profile/access.ts, ADR 009). Invitations go
 * by e-mail, are valid 14 days after they were (last) sent, and are accepted by the person signed
 * in with that address.
 */
import { z } from "zod";
import { LangSchema, LocalizedSchema } from "../lang-schemas.ts";
import { DeletedIdSchema, defineRoute } from "../route.ts";
import { Email, EMPLOYEE_STATUSES, form, MEMBER_ERRORS, MEMBER_ROLES, optionalText, PathIdParams, COMPANY_STATUSES } from "./fields.ts";

/* ─── forms ─────────────────────────────────────────────────────────────────────────────────── */

export const MemberRoleField = z.enum(MEMBER_ROLES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") });

/** The invitation form: who (e-mail), with which company role, and an optional position. */
export const InviteEmployeeSchema = form({
  email: Email,
  role: MemberRoleField.default("member"),
  position: optionalText(100),
});
export type InviteEmployeeInput = z.output<typeof InviteEmployeeSchema>;

/** The employee form: company role and position. */
export const EmployeePatchSchema = form({
  role: MemberRoleField.optional(),
  position: optionalText(100),
});
export type EmployeePatchInput = z.output<typeof EmployeePatchSchema>;

/** Blocking and unblocking an employee (`invited` is not set by hand). */
export const EmployeeStatusSchema = form({
  status: z.enum(["active", "blocked"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
});

/* ─── answers ───────────────────────────────────────────────────────────────────────────────── */

/** An employee or an open invitation, as the company's people see it. */
export const EmployeeViewSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int().nullable().meta({ description: "null for an invitation not yet accepted" }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(MEMBER_ROLES),
    status: z.enum(EMPLOYEE_STATUSES),
    position: z.string().nullable(),
    invitedAt: z.string().meta({ description: "When the invitation was sent (or the company created, for its creator)" }),
    isSelf: z.boolean().meta({ description: "The caller's own row" }),
  })
  .meta({ id: "ProfileEmployee" });
export type EmployeeView = z.infer<typeof EmployeeViewSchema>;

/** An invitation's answer: the employee row and whether the e-mail went out. */
export const InvitedEmployeeSchema = EmployeeViewSchema.extend({ mailSent: z.boolean() }).meta({ id: "ProfileInvitedEmployee" });
export type InvitedEmployee = z.infer<typeof InvitedEmployeeSchema>;

/** An open invitation to the caller's e-mail address. */
export const InvitationViewSchema = z
  .object({
    id: z.number().int(),
    company: z.object({ id: z.number().int(), name: LocalizedSchema, status: z.enum(COMPANY_STATUSES) }),
    role: z.enum(MEMBER_ROLES),
    position: z.string().nullable(),
    invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    invitedAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "ProfileInvitation" });
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/* ─── the company's employees ───────────────────────────────────────────────────────────────── */

const TAG = "Profile: employees";
const ANY_EMPLOYEE = "Access: any employee.";
const OWNER_OR_ADMIN = "Access: owner or admin.";
/**
 * Limits on invitation e-mails (security review F6: no mail bombing or phishing relay through the
 * platform's mail server): an open invitation's e-mail is sent again at most once per `resendS`
 * seconds; one address receives at most `perTargetPerDay` invitation e-mails a day from all
 * companies together; one company sends at most `perCompanyPerDay` a day. Beyond them: 429
 * `rate_limited` with Retry-After.
 */
export const INVITATION_LIMITS = { resendS: 60, perTargetPerDay: 3, perCompanyPerDay: 30 } as const;

const MANAGE_ERRORS = [...MEMBER_ERRORS, "forbidden_role"] as const;

export const listEmployees = defineRoute({
  method: "GET",
  path: "/api/profile/company/employees",
  operationId: "listProfileEmployees",
  tag: TAG,
  summary: "Employees and open invitations",
  description: `Owners first, invitations last. ${ANY_EMPLOYEE}`,
  auth: "user",
  data: z.array(EmployeeViewSchema),
  errors: MEMBER_ERRORS,
});

export const inviteEmployee = defineRoute({
  method: "POST",
  path: "/api/profile/company/employees",
  operationId: "inviteProfileEmployee",
  tag: TAG,
  summary: "Invite by e-mail",
  description: `201 for a new invitation; 200 when an open one to the same address is renewed (role and position updated, e-mail sent again). Only an owner invites an owner. At most 100 open invitations. Invitation e-mails: an open invitation again after ${INVITATION_LIMITS.resendS} s at the earliest, ${INVITATION_LIMITS.perTargetPerDay} a day to one address, ${INVITATION_LIMITS.perCompanyPerDay} a day from one company (429 \`rate_limited\`). ${OWNER_OR_ADMIN}`,
  auth: "user",
  body: InviteEmployeeSchema,
  data: InvitedEmployeeSchema,
  status: 201,
  errors: [...MANAGE_ERRORS, "company_blocked", "already_employee", "already_invited", "too_many_invitations", "rate_limited"],
});

export const getEmployee = defineRoute({
  method: "GET",
  path: "/api/profile/company/employees/{id}",
  operationId: "getProfileEmployee",
  tag: TAG,
  summary: "One employee",
  description: ANY_EMPLOYEE,
  auth: "user",
  params: PathIdParams,
  data: EmployeeViewSchema,
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const updateEmployee = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/employees/{id}",
  operationId: "updateProfileEmployee",
  tag: TAG,
  summary: "Change role or position",
  description: OWNER_OR_ADMIN,
  auth: "user",
  params: PathIdParams,
  body: EmployeePatchSchema,
  data: EmployeeViewSchema,
  errors: [...MANAGE_ERRORS, "company_blocked", "not_found", "last_owner"],
});

export const removeEmployee = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/employees/{id}",
  operationId: "removeProfileEmployee",
  tag: TAG,
  summary: "Remove an employee, revoke an invitation, or leave (own id)",
  description: `Leaving: any employee. Removing someone else: ${OWNER_OR_ADMIN.toLowerCase()}`,
  auth: "user",
  params: PathIdParams,
  data: DeletedIdSchema,
  errors: [...MANAGE_ERRORS, "company_blocked", "not_found", "last_owner"],
});

export const setEmployeeStatus = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/employees/{id}/status",
  operationId: "setProfileEmployeeStatus",
  tag: TAG,
  summary: "Block or unblock an employee",
  description: `A blocked employee loses access on their next request. ${OWNER_OR_ADMIN}`,
  auth: "user",
  params: PathIdParams,
  body: EmployeeStatusSchema,
  data: EmployeeViewSchema,
  errors: [...MANAGE_ERRORS, "company_blocked", "not_found", "not_joined", "cannot_block_self", "last_owner"],
});

/* ─── the invited person ────────────────────────────────────────────────────────────────────── */

export const listInvitations = defineRoute({
  method: "GET",
  path: "/api/profile/invitations",
  operationId: "listProfileInvitations",
  tag: TAG,
  summary: "Open invitations to the caller's e-mail",
  description: "None for an account without an e-mail address.",
  auth: "user",
  data: z.array(InvitationViewSchema),
});

export const acceptInvitation = defineRoute({
  method: "POST",
  path: "/api/profile/invitations/{id}/accept",
  operationId: "acceptProfileInvitation",
  tag: TAG,
  summary: "Accept an invitation: join the company",
  description: "An invitation to another address is a 404.",
  auth: "user",
  params: PathIdParams,
  data: z.object({ companyId: z.number().int(), role: z.enum(MEMBER_ROLES) }),
  errors: ["not_found", "already_member", "invitation_expired"],
});

export const declineInvitation = defineRoute({
  method: "DELETE",
  path: "/api/profile/invitations/{id}",
  operationId: "declineProfileInvitation",
  tag: TAG,
  summary: "Decline an invitation",
  auth: "user",
  params: PathIdParams,
  data: z.object({ id: z.number().int(), declined: z.literal(true) }),
  errors: ["not_found"],
});

/* ─── the employee form's helpers (/app/*) ──────────────────────────────────────────────────── */

/** Most people one search returns. */
export const MAX_PEOPLE = 10;
/** Searches per user per minute. */
export const PEOPLE_SEARCH_LIMIT = { points: 60, windowS: 60 };

export const PeopleQuery = z.object({
  q: z.string().trim().min(3).max(100).meta({ description: "At least 3 characters of a name or an e-mail address" }),
  limit: z.coerce.number().int().min(1).max(MAX_PEOPLE).default(MAX_PEOPLE),
});

/** A registered person one may invite. */
export const PersonHitSchema = z
  .object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().meta({ description: "The full address when the query was exactly it; masked (`iv***@example.com`) otherwise" }),
    emailMasked: z.boolean(),
    invitation: z
      .object({ id: z.number().int(), role: z.enum(MEMBER_ROLES) })
      .nullable()
      .meta({ description: "An open invitation of the caller's company to this person" }),
  })
  .meta({ id: "PersonHit" });
export type PersonHit = z.infer<typeof PersonHitSchema>;

/** One field of the invitation form with its rules (generated from InviteEmployeeSchema). */
export const FormFieldSchema = z
  .object({
    name: z.string(),
    input: z.enum(["email", "select", "text"]),
    label: z.string(),
    required: z.boolean(),
    maxLength: z.number().int().nullable(),
    default: z.string().nullable(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  })
  .meta({ id: "FormField" });
export type FormField = z.infer<typeof FormFieldSchema>;

export const PERMISSION_KEYS = ["read", "editProducts", "answerBuyers", "deleteProducts", "editCompany", "manageEmployees"] as const;

/** A company role as the form offers it. */
export const RoleOptionSchema = z
  .object({
    value: z.enum(MEMBER_ROLES),
    label: z.string(),
    description: z.string(),
    permissions: z
      .array(z.object({ key: z.enum(PERMISSION_KEYS), label: z.string() }))
      .meta({ description: "What the role may do in the company profile (ADR 009)" }),
    assignable: z
      .boolean()
      .meta({ description: "Whether the caller may give this role (only an owner gives `owner`; members invite nobody)" }),
  })
  .meta({ id: "RoleOption" });
export type RoleOption = z.infer<typeof RoleOptionSchema>;

export const EmployeeStatusOptionSchema = z.object({ value: z.enum(EMPLOYEE_STATUSES), label: z.string(), settable: z.boolean() });
export type EmployeeStatusOption = z.infer<typeof EmployeeStatusOptionSchema>;

export const findPeople = defineRoute({
  method: "GET",
  path: "/app/user/filter/employee",
  operationId: "findPeopleToInvite",
  tag: TAG,
  summary: "Find registered people to invite as employees",
  description:
    `Not a user directory (ADR 030): only a published company gets hits, namely the person whose address is exactly \`q\`, and among people the company has an open invitation to, those matching the start of a first, last or full name, of the e-mail's local part, or of the whole address when \`q\` has an @; at most ${MAX_PEOPLE} people with an e-mail, never the company's own employees. ` +
    `E-mails are masked (\`iv***@example.com\`) unless \`q\` is exactly the address; phone numbers are never returned. ${PEOPLE_SEARCH_LIMIT.points} searches a minute. ${OWNER_OR_ADMIN}`,
  auth: "user",
  query: PeopleQuery,
  data: z.array(PersonHitSchema),
  errors: [...MANAGE_ERRORS, "rate_limited"],
});

export const employeeFormOptions = defineRoute({
  method: "GET",
  path: "/app/user/form/employee",
  operationId: "employeeFormOptions",
  tag: TAG,
  summary: "Options of the employee invitation form",
  description: `Fields with their rules generated from the invitation schema (required, maxLength, options, default), company roles with labels, descriptions and permissions in \`lang\` and whether the caller may give them, employee statuses. ${ANY_EMPLOYEE}`,
  auth: "user",
  query: z.object({ lang: LangSchema }),
  data: z.object({
    fields: z.array(FormFieldSchema),
    roles: z.array(RoleOptionSchema),
    statuses: z.array(EmployeeStatusOptionSchema),
    canInvite: z.boolean(),
  }),
  errors: MEMBER_ERRORS,
});

export const submitEmployeeForm = defineRoute({
  method: "POST",
  path: "/app/employee/form",
  operationId: "submitEmployeeForm",
  tag: TAG,
  summary: "Submit the employee invitation form",
  description:
    'The same body, validation and invitation as POST /api/profile/company/employees (201 new, 200 an open invitation renewed). A refused form answers with the error and `errors: { field: [code] }` (`""` for the whole form), ready for the form\'s fields: ' +
    `validation codes; \`already_employee\`, \`already_invited\` on \`email\`; \`owner_only\` on \`role\` (403: only an owner gives the owner role); \`too_many_invitations\` and \`rate_limited\` (429, the invitation e-mail caps) on \`""\`. ${OWNER_OR_ADMIN}`,
  auth: "user",
  body: InviteEmployeeSchema,
  data: InvitedEmployeeSchema,
  status: 201,
  errors: [...MANAGE_ERRORS, "company_blocked", "already_employee", "already_invited", "too_many_invitations", "rate_limited"],
});
