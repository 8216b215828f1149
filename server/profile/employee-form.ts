/**
 * The employee form's helpers (spec §7 "Admin and app", issue 7; contract/profile/employees.ts):
 *
 * - `findPeople`: registered people an owner or admin may invite. Security review F5 (ADR 030):
 *   the search is not a user directory. Only a PUBLISHED company searches at all (a draft costs
 *   nothing to create, so a draft's search answers nothing); it then finds (a) the person whose
 *   address is exactly the query (whoever already knows an address learns their name), and (b) by
 *   the start of a first name, last name or full name, of the e-mail's local part or of the whole
 *   address, only people the company already interacted with: those it has an open invitation to.
 *   At most MAX_PEOPLE people with an e-mail address, never the company's own employees. The e-mail
 *   is masked (`iv***@example.com`, as sign-in masks it) unless the query is exactly that address;
 *   phone numbers are never returned; searching a domain (`gmail.com`) matches nobody.
 * - `inviteFormFields`, `roleOptions`, `statusOptions`: the form's fields with their rules
 *   (required, maximum length, options, default) generated from InviteEmployeeSchema — the schema
 *   the invitation endpoints validate with, so the form cannot drift from the API — the company
 *   roles with localized labels, descriptions and permissions (server/profile/access.ts), which of
 *   them the caller may give, and the employee statuses (which can be set by hand).
 */
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { z } from "zod";
import { EMPLOYEE_STATUSES, MEMBER_ROLES } from "#contract/profile/fields.ts";
import {
  EmployeeStatusSchema,
  InviteEmployeeSchema,
  MAX_PEOPLE,
  type EmployeeStatusOption,
  type FormField,
  type PersonHit,
  type RoleOption,
} from "#contract/profile/employees.ts";
import { resources } from "#locales/index.ts";
import { maskIdentity } from "../auth/identity.ts";
import type { Db } from "../db/client.ts";
import { companyMembers, users, type CompanyRole, type CompanyStatus } from "../db/schema.ts";
import { PERMISSIONS, type Permission } from "./access.ts";

export type { EmployeeStatusOption, FormField, PersonHit, RoleOption };

/** `%` and `_` of a LIKE pattern taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The company's invitations nobody has accepted yet: an invited address, no user, status `invited`. */
function openInvitationsOf(companyId: number) {
  return and(eq(companyMembers.companyId, companyId), isNull(companyMembers.userId), eq(companyMembers.status, "invited"));
}

/** Registered people matching `query` who are not employees of `companyId` (module comment). */
export async function findPeople(
  db: Db,
  company: { companyId: number; companyStatus: CompanyStatus },
  query: string,
  limit = MAX_PEOPLE,
): Promise<PersonHit[]> {
  if (company.companyStatus !== "published") return [];
  const { companyId } = company;
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
        or(
          sql`${email} = ${term}`,
          and(
            or(byEmail, byName),
            // Partial matches only among people the company already invited (F5).
            exists(
              db
                .select({ one: sql`1` })
                .from(companyMembers)
                .where(and(openInvitationsOf(companyId), sql`${companyMembers.invitedEmail} = ${email}`)),
            ),
          ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(companyMembers)
            .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, users.id))),
        ),
      ),
    )
    .orderBy(desc(sql`${email} = ${term}`), asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
  const addresses = rows.map((r) => r.email!.toLowerCase());
  const invitations = addresses.length
    ? await db
        .select({ id: companyMembers.id, role: companyMembers.role, email: companyMembers.invitedEmail })
        .from(companyMembers)
        .where(and(openInvitationsOf(companyId), inArray(companyMembers.invitedEmail, addresses)))
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
  const schema = z.toJSONSchema(InviteEmployeeSchema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
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
export function statusOptions(lang: Lang): EmployeeStatusOption[] {
  const texts = resources[lang].common.employeeForm;
  const settable = new Set<string>(EmployeeStatusSchema.shape.status.options);
  return EMPLOYEE_STATUSES.map((status) => ({ value: status, label: texts.statuses[status], settable: settable.has(status) }));
}
