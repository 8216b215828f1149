/**
 * What the company profile's resources (profile-company.ts, profile-products.ts,
 * profile-employees.ts, app-employees.ts) ask of a request: the caller's access to their own
 * company (ADR 009, server/profile/access.ts), the file an attach operation brings
 * (server/files/receive.ts), and how to send an invitation e-mail (server/profile/employees.ts).
 */
import type { Context } from "hono";
import type { UploadKind } from "../files/uploads.ts";
import { receiveFile, type AttachRequest, type MultipartForm, type ReceivedFile } from "../files/receive.ts";
import { companyAccess, type CompanyAccess, type Permission } from "../profile/access.ts";
import type { InvitationMail } from "../profile/employees.ts";
import { APP_NAME } from "./app-data.ts";
import type { ApiEnv } from "./app.ts";
import { requireCaller } from "./caller.ts";

/** The signed-in caller's membership with `permission` (403 `no_company`, `member_blocked`, `forbidden_role`). */
export function callerAccess(c: Context<ApiEnv>, permission: Permission): Promise<CompanyAccess> {
  return companyAccess(c.var.db, requireCaller(c).userId, permission);
}

/** The attach request's file — the multipart form's upload stored now, or the JSON body's earlier upload — for `access.userId`. */
export function attachedFile(
  c: Context<ApiEnv>,
  access: CompanyAccess,
  input: { form?: MultipartForm; body?: AttachRequest },
  expected?: UploadKind,
): Promise<ReceivedFile> {
  return receiveFile(c.var.db, c.var.storage, input, { userId: access.userId, ttlS: c.var.uploadTtlS, expected });
}

/** How this request sends an invitation e-mail: the API's mailer and logger, links to the public site. */
export function invitationMail(c: Context<ApiEnv>): InvitationMail {
  return { mailer: c.var.mailer, logger: c.var.logger, publicUrl: c.var.publicUrl, appName: APP_NAME };
}
