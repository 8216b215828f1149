/**
 * Claims of register companies in the API (contract/claims.ts; rules in server/registers/claims.ts,
 * ADR 057): `/api/claims*` for the person, `/app/admin/claims*` for moderators. This module adds the
 * limits of starting a claim (LIMITS.claimUser per person, LIMITS.claimIp per IP; 429
 * `rate_limited`) and sends the e-mail code; the moderators' decisions are audited with the change.
 */
import * as claimsApi from "#contract/claims.ts";
import type { Db } from "../db/client.ts";
import { APP_NAME } from "../catalog/app-data.ts";
import { approveClaim, claimState, confirmClaimCode, listPendingClaims, rejectClaim, startClaim } from "../registers/claims.ts";
import { claimCodeMail, siteUrl } from "../notifications/mail.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { staffAccess } from "./admin/staff.ts";
import { apiLimiter, LIMITS, type ApiLimiter } from "./rate-limits.ts";
import { implement, resource } from "./resource.ts";

const limiters = new WeakMap<Db, { user: ApiLimiter; ip: ApiLimiter }>();
function limitsOf(db: Db) {
  let found = limiters.get(db);
  if (!found) {
    const message = "Too many claims: try again tomorrow";
    found = { user: apiLimiter(db, LIMITS.claimUser, message), ip: apiLimiter(db, LIMITS.claimIp, message) };
    limiters.set(db, found);
  }
  return found;
}

export const claimResource = resource("/api/claims", [
  implement(claimsApi.getClaimState, async (c, { params }) => ({
    data: await claimState(c.var.db, requireCaller(c).userId, params.id),
  })),
  implement(claimsApi.startClaim, async (c, { params, body }) => {
    const { userId } = requireCaller(c);
    const limits = limitsOf(c.var.db);
    await limits.user.consume(String(userId));
    await limits.ip.consume(clientContext(c).ip);
    const started = await startClaim(c.var.db, userId, params.id, body);
    if (started.code && started.claim.email) {
      const lang = await c.var.auth.locale(userId);
      await c.var.mailer.send(
        claimCodeMail({
          to: started.claim.email,
          lang,
          company: started.company,
          code: started.code,
          link: siteUrl(c.var.publicUrl(), lang, `/suppliers/${params.id}/claim`),
          appName: APP_NAME,
        }),
      );
    }
    return { data: started.claim };
  }),
  implement(claimsApi.confirmClaim, async (c, { params, body }) => ({
    data: await confirmClaimCode(c.var.db, requireCaller(c).userId, params.id, body.code),
  })),
]);

export const adminClaimResource = resource("/app/admin/claims", [
  implement(claimsApi.listPendingClaims, async (c) => {
    await staffAccess(c, "read");
    return { data: await listPendingClaims(c.var.db) };
  }),
  implement(claimsApi.approveClaim, async (c, { params }) => {
    const actor = await staffAccess(c, "moderate");
    return { data: await approveClaim(c.var.db, params.id, actor) };
  }),
  implement(claimsApi.rejectClaim, async (c, { params, body }) => {
    const actor = await staffAccess(c, "moderate");
    return { data: await rejectClaim(c.var.db, params.id, actor, body.note) };
  }),
]);
