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
import type { InvitationLimits, InvitationMail } from "../profile/employees.ts";
import { INVITATION_LIMITS } from "#contract/profile/employees.ts";
import type { Db } from "../db/client.ts";
import { apiLimiter } from "./rate-limits.ts";
import { APP_NAME } from "../catalog/app-data.ts";
import type { ApiEnv } from "./env.ts";
import { requireCaller } from "./caller.ts";
import { DomainError } from "../errors.ts";

/**
 * The signed-in caller's membership with `permission` (403 `no_company`, `member_blocked`,
 * `forbidden_role`). A person's own API key never acts for their company (403 `no_company`); a
 * company key acts only for its company (ADR 052).
 */
export async function callerAccess(c: Context<ApiEnv>, permission: Permission): Promise<CompanyAccess> {
  const caller = requireCaller(c);
  if (caller.apiKey && caller.apiKey.companyId === null)
    throw new DomainError("no_company", "A personal API key does not act for a company: use a company key");
  const access = await companyAccess(c.var.db, caller.userId, permission, caller.stored?.membership);
  if (caller.apiKey && caller.apiKey.companyId !== access.companyId)
    throw new DomainError("no_company", "The API key belongs to another company");
  return access;
}

/** The attach request's file — the multipart form's upload stored now, or the JSON body's earlier upload — for `access.userId`. */
export function attachedFile(
  c: Context<ApiEnv>,
  access: CompanyAccess,
  input: { form?: MultipartForm; body?: AttachRequest },
  expected?: UploadKind,
): Promise<ReceivedFile> {
  return receiveFile(c.var.db, c.var.storage, input, {
    userId: access.userId,
    ttlS: c.var.uploadTtlS,
    expected,
    quota: c.var.storageQuota,
  });
}

/** The invitation caps of each database (their counters live in the database's `rate_limits`). */
const invitationLimiters = new WeakMap<Db, InvitationLimits>();

/** Security review F6: per-company and per-address daily caps on invitation e-mails (INVITATION_LIMITS). */
function invitationLimits(db: Db): InvitationLimits {
  let limits = invitationLimiters.get(db);
  if (!limits) {
    const day = 86_400;
    const perCompany = apiLimiter(
      db,
      { keyPrefix: "invite-company", points: INVITATION_LIMITS.perCompanyPerDay, windowS: day },
      "The company has sent too many invitations today",
    );
    const perTarget = apiLimiter(
      db,
      { keyPrefix: "invite-target", points: INVITATION_LIMITS.perTargetPerDay, windowS: day },
      "This address has received too many invitations today",
    );
    limits = {
      resendS: INVITATION_LIMITS.resendS,
      async consume(companyId, email) {
        await perCompany.consume(String(companyId));
        await perTarget.consume(email.toLowerCase());
      },
    };
    invitationLimiters.set(db, limits);
  }
  return limits;
}

/** How this request sends an invitation e-mail: the API's mailer and logger, links to the public site, the caps. */
export function invitationMail(c: Context<ApiEnv>): InvitationMail {
  return { mailer: c.var.mailer, logger: c.var.logger, publicUrl: c.var.publicUrl, appName: APP_NAME, limits: invitationLimits(c.var.db) };
}
