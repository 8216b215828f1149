/**
 * Employees of the caller's company and the invited person's invitations
 * (contract/profile/employees.ts): `/api/profile/company/employees*` and
 * `/api/profile/invitations*`. Rules live in server/profile/employees.ts; who may do what in
 * server/profile/access.ts (ADR 009: any employee reads, owners and admins manage).
 */
import * as employees from "#contract/profile/employees.ts";
import {
  acceptInvitation,
  declineInvitation,
  getEmployee,
  invitationsFor,
  inviteEmployee,
  listEmployees,
  removeEmployee,
  setEmployeeStatus,
  updateEmployee,
} from "../profile/employees.ts";
import { requireCaller } from "./caller.ts";
import { callerAccess, invitationMail } from "./profile-access.ts";
import { implement, resource } from "./resource.ts";

export const employeeResource = resource("/api/profile/company/employees", [
  implement(employees.listEmployees, async (c) => {
    const access = await callerAccess(c, "read");
    return { data: await listEmployees(c.var.db, access.companyId, access.userId) };
  }),
  implement(employees.inviteEmployee, async (c, { body }) => {
    const { renewed, employee } = await inviteEmployee(c.var.db, invitationMail(c), await callerAccess(c, "manageEmployees"), body);
    return { data: employee, status: renewed ? 200 : 201 };
  }),
  implement(employees.getEmployee, async (c, { params }) => ({
    data: await getEmployee(c.var.db, await callerAccess(c, "read"), params.id),
  })),
  implement(employees.updateEmployee, async (c, { params, body }) => ({
    data: await updateEmployee(c.var.db, await callerAccess(c, "manageEmployees"), params.id, body),
  })),
  implement(employees.removeEmployee, async (c, { params }) => {
    // Leaving the company is open to everyone; removing someone else needs manageEmployees.
    await removeEmployee(c.var.db, await callerAccess(c, "read"), params.id, () => callerAccess(c, "manageEmployees"));
    return { data: { id: params.id, deleted: true as const } };
  }),
  implement(employees.setEmployeeStatus, async (c, { params, body }) => ({
    data: await setEmployeeStatus(c.var.db, await callerAccess(c, "manageEmployees"), params.id, body.status),
  })),
]);

export const invitationResource = resource("/api/profile/invitations", [
  implement(employees.listInvitations, async (c) => ({ data: await invitationsFor(c.var.db, requireCaller(c).userId) })),
  implement(employees.acceptInvitation, async (c, { params }) => ({
    data: await acceptInvitation(c.var.db, requireCaller(c).userId, params.id),
  })),
  implement(employees.declineInvitation, async (c, { params }) => {
    await declineInvitation(c.var.db, requireCaller(c).userId, params.id);
    return { data: { id: params.id, declined: true as const } };
  }),
]);

/** TRANSITION (issue 13): GET /api/profile (server/api/profile.ts) still imports it from here. */
export { invitationsFor };
