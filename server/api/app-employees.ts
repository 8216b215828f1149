/**
 * Helper endpoints of the employee form (spec §7 "Admin and app": `/app/user/filter/employee`,
 * `/app/user/form/employee`, `/app/employee/form`; issue 7). The spec names them without methods or
 * bodies; they are defined here as follows (and in the OpenAPI document):
 *
 * - GET /app/user/filter/employee?q=…&limit=… — owners and admins of a company (ADR 009
 *   `manageEmployees`; others 401/403) look for registered people to invite. `q` (3–100
 *   characters) matches the start of a first name, last name or full name, the start of the
 *   e-mail's local part, the start of the whole address (when `q` has an `@`), or the exact
 *   address. At most 10 people with an e-mail address, never the company's own employees. Privacy:
 *   the e-mail is masked (`iv***@example.com`, as sign-in masks it) unless `q` is exactly that
 *   address — whoever already knows an address learns nothing new, nobody else collects addresses
 *   — and phone numbers are never returned; searching a domain (`gmail.com`) matches nobody.
 *   Limited to PEOPLE_SEARCH_LIMIT per user (429 `rate_limited`).
 * - GET /app/user/form/employee?lang=… — any employee: the form's fields with their rules (required,
 *   maximum length, options, default) generated from InviteEmployeeSchema (server/profile/schemas.ts,
 *   the schema the invitation endpoints validate with, so the form cannot drift from the API), the
 *   company roles with localized labels, descriptions and permissions (server/profile/access.ts),
 *   which of them the caller may give, and the employee statuses (which can be set by hand).
 * - POST /app/employee/form `InviteEmployeeSchema` — owners and admins submit the invitation form:
 *   the same validation and the same `inviteEmployee` as POST /api/profile/company/employees.
 *   201 `{ data: EmployeeView & { mailSent } }` (200 when an open invitation was renewed); a form
 *   that cannot be accepted answers with the API's error plus `errors: { field: [code] }`
 *   (Conform's shape; `""` is the form as a whole): 400 validation codes (`validation.*` keys),
 *   409 `already_employee` / `already_invited` on `email`, `too_many_invitations` on `""`, 403
 *   `owner_only` on `role` (only an owner gives the owner role).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { resources } from "../../locales/index.ts";
import { maskIdentity } from "../auth/identity.ts";
import type { Db } from "../db/client.ts";
import { companyMembers, EMPLOYEE_STATUSES, users, type CompanyRole, type EmployeeStatus } from "../db/schema.ts";
import { companyAccess, PERMISSIONS, type Permission } from "../profile/access.ts";
import { EmployeeStatusSchema, InviteEmployeeSchema, MEMBER_ROLES } from "../profile/schemas.ts";
import type { ApiEnv } from "./app.ts";
import { ApiError, LangSchema, ok, parseJsonBody, parseQuery } from "./http.ts";
import { inviteEmployee } from "./profile-employees.ts";
import { validate } from "./profile-support.ts";
import { apiLimiter } from "./rate-limits.ts";

/** Most people one search returns. */
export const MAX_PEOPLE = 10;
/** Searches per user per minute. */
export const PEOPLE_SEARCH_LIMIT = { points: 60, windowS: 60 };

export const PeopleQuery = z.object({
  q: z.string().trim().min(3).max(100).describe("At least 3 characters of a name or an e-mail address"),
  limit: z.coerce.number().int().min(1).max(MAX_PEOPLE).default(MAX_PEOPLE),
});

export const EmployeeFormQuery = z.object({ lang: LangSchema });

export interface PersonHit {
  userId: number;
  firstName: string;
  lastName: string;
  /** The full address when the query was exactly it; masked otherwise. */
  email: string;
  emailMasked: boolean;
  /** An open invitation of the caller's company to this person's address. */
  invitation: { id: number; role: CompanyRole } | null;
}

/** `%` and `_` of a LIKE pattern taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Registered people matching `query` who are not employees of `companyId` (module comment). */
export async function findPeople(db: Db, companyId: number, query: string, limit = MAX_PEOPLE): Promise<PersonHit[]> {
  const term = query.trim().toLowerCase();
  const prefix = likePrefix(term);
  const email = sql`lower(${users.email})`;
  const byEmail = term.includes("@") ? sql`${email} like ${prefix}` : sql`split_part(${email}, '@', 1) like ${prefix}`;
  const byName = or(
    sql`${users.firstName} ilike ${prefix}`,
    sql`${users.lastName} ilike ${prefix}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${prefix}`,
    sql`(${users.lastName} || ' ' || ${users.firstName}) ilike ${prefix}`,
  );
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        isNotNull(users.email),
        or(sql`${email} = ${term}`, byEmail, byName),
        notExists(db.select({ one: sql`1` }).from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, users.id)))),
      ),
    )
    .orderBy(desc(sql`${email} = ${term}`), asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
  const addresses = rows.map((r) => r.email!.toLowerCase());
  const invitations = addresses.length
    ? await db
        .select({ id: companyMembers.id, role: companyMembers.role, email: companyMembers.invitedEmail })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.userId), eq(companyMembers.status, "invited"), inArray(companyMembers.invitedEmail, addresses)))
    : [];
  return rows.map((row) => {
    const address = row.email!.toLowerCase();
    const exact = address === term;
    const invitation = invitations.find((i) => i.email === address);
    return {
      userId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: exact ? address : maskIdentity({ channel: "email", target: address }),
      emailMasked: !exact,
      invitation: invitation ? { id: invitation.id, role: invitation.role } : null,
    };
  });
}

/* ─── the form's options ─── */

type Lang = keyof typeof resources;
type JsonSchema = { type?: string; maxLength?: number; enum?: string[]; const?: unknown; default?: unknown; anyOf?: JsonSchema[] };

export interface FormField {
  name: string;
  /** The input to show: `email`, `select`, `text`. */
  input: "email" | "select" | "text";
  label: string;
  required: boolean;
  maxLength: number | null;
  default: string | null;
  options: { value: string; label: string }[] | null;
}

/** Roles as the form offers them. */
export interface RoleOption {
  value: CompanyRole;
  label: string;
  description: string;
  /** What the role may do in the company profile (ADR 009). */
  permissions: { key: Permission; label: string }[];
  /** Whether the caller may give this role (only an owner gives `owner`; members invite nobody). */
  assignable: boolean;
}

const INPUTS: Record<string, FormField["input"]> = { email: "email", role: "select", position: "text" };

/** The branch of a nullable/optional field that carries the rules (not `null`, not `""`). */
function ruleBranch(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((branch) => branch.type !== "null" && branch.const === undefined) ?? schema;
}

/**
 * The fields of InviteEmployeeSchema with their rules, from zod's JSON Schema of the input (the
 * same conversion the OpenAPI document uses), labelled in `lang`.
 */
export function inviteFormFields(lang: Lang): FormField[] {
  const texts = resources[lang].common.employeeForm;
  const schema = z.toJSONSchema(InviteEmployeeSchema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties).map(([name, property]) => {
    const rules = ruleBranch(property);
    return {
      name,
      input: INPUTS[name] ?? "text",
      label: texts.fields[name as keyof typeof texts.fields] ?? name,
      required: schema.required?.includes(name) ?? false,
      maxLength: rules.maxLength ?? null,
      default: typeof property.default === "string" ? property.default : null,
      options: rules.enum ? rules.enum.map((value) => ({ value, label: texts.roles[value as CompanyRole]?.label ?? value })) : null,
    };
  });
}

/** Every company role in `lang`, marked with what `callerRole` may give. */
export function roleOptions(lang: Lang, callerRole: CompanyRole): RoleOption[] {
  const texts = resources[lang].common.employeeForm;
  const canInvite = (PERMISSIONS.manageEmployees as readonly CompanyRole[]).includes(callerRole);
  return MEMBER_ROLES.map((role) => ({
    value: role,
    label: texts.roles[role].label,
    description: texts.roles[role].description,
    permissions: (Object.keys(PERMISSIONS) as Permission[])
      .filter((permission) => (PERMISSIONS[permission] as readonly CompanyRole[]).includes(role))
      .map((key) => ({ key, label: texts.permissions[key] })),
    assignable: canInvite && (role !== "owner" || callerRole === "owner"),
  }));
}

/** Employee statuses in `lang`; `settable` for those an owner or admin sets by hand (EmployeeStatusSchema). */
export function statusOptions(lang: Lang): { value: EmployeeStatus; label: string; settable: boolean }[] {
  const texts = resources[lang].common.employeeForm;
  const settable = new Set<string>(EmployeeStatusSchema.shape.status.options);
  return EMPLOYEE_STATUSES.map((status) => ({ value: status, label: texts.statuses[status], settable: settable.has(status) }));
}

/* ─── the form's submission ─── */

/** `{ field: [code] }` of an API error's issues (`""` for the form as a whole). */
function fieldErrors(issues: { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path] ??= []).includes(issue.message) || errors[issue.path]!.push(issue.message);
  return errors;
}

function formError(c: Context<ApiEnv>, error: ApiError, issues: { path: string; message: string }[]) {
  return c.json({ error: { code: error.code, message: error.message, issues }, errors: fieldErrors(issues) }, error.status);
}

/** The routes; `db` gives the people search its rate limiter. */
export function appEmployeeRoutes(db: Db) {
  const searches = apiLimiter(db, { keyPrefix: "people-search", ...PEOPLE_SEARCH_LIMIT }, "Too many searches: wait a little");
  return new Hono<ApiEnv>()
    .get("/app/user/filter/employee", async (c) => {
      const access = await companyAccess(c, "manageEmployees");
      const query = parseQuery(c, PeopleQuery);
      await searches.consume(String(access.userId));
      return ok(c, await findPeople(c.var.db, access.companyId, query.q, query.limit));
    })
    .get("/app/user/form/employee", async (c) => {
      const access = await companyAccess(c, "read");
      const { lang } = parseQuery(c, EmployeeFormQuery);
      const roles = roleOptions(lang, access.role);
      return ok(c, {
        fields: inviteFormFields(lang),
        roles,
        statuses: statusOptions(lang),
        canInvite: roles.some((role) => role.assignable),
      });
    })
    .post("/app/employee/form", async (c) => {
      const access = await companyAccess(c, "manageEmployees");
      const raw = await parseJsonBody(c, z.unknown());
      let input;
      try {
        input = validate(InviteEmployeeSchema, raw);
      } catch (error) {
        if (error instanceof ApiError && error.issues) return formError(c, error, error.issues);
        throw error;
      }
      try {
        const { status, employee } = await inviteEmployee(c, access, input);
        return c.json({ data: employee }, status);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === "forbidden_role") return formError(c, error, [{ path: "role", message: "owner_only" }]);
        if (error.issues) return formError(c, error, error.issues);
        if (error.code === "too_many_invitations") return formError(c, error, [{ path: "", message: error.code }]);
        throw error;
      }
    });
}
