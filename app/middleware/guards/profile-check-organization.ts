/**
 * Guard `profile-check-organization` (spec §2, §5): the profile area needs a signed-in user with a
 * company in which they are an active employee.
 * - Anonymous (`role` ANONIM) → the sign-in page with a return path (`/auth?redirectTo=…`).
 * - No company, a pending invitation or a blocked employee → `profile/start`, which explains and
 *   offers to create a company or accept an invitation.
 * Personal pages (start, settings, e-mail and phone) need only a signed-in user: changing one's own
 * address must not depend on belonging to a company. Reads `GET /api/profile` through the API client
 * and leaves the profile in `profileContext` for the section's loaders (one call per request).
 */
import { redirect, type MiddlewareFunction } from "react-router";
import * as profileApi from "#contract/profile.ts";
import { apiContext, profileContext, sessionContext } from "#app/context.ts";
import { endRefusedSession } from "#app/lib/session.server.ts";
import { localePath, splitLocalePath } from "#app/lib/i18n.ts";
import { documentUrl } from "#app/lib/document-url.ts";

/** Profile paths open to a signed-in user without an active company membership. */
export const PERSONAL_PROFILE_PATHS = /^\/profile\/(start|settings|change_mail|mail|phone|inquiries|conversations|rfq)(\/|$)/;

export const profileCheckOrganization: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = documentUrl(request);
  const { lang, prefixed, rest } = splitLocalePath(url.pathname);
  const api = context.get(apiContext);
  const answered = await api
    .send(profileApi.getProfile)
    .then((r) => r.data)
    .catch(() => null);
  const profile = answered ?? { role: "ANONIM" as const };
  if (profile.role === "ANONIM" || !("organization" in profile)) {
    // The API refused the browser's token (signed out on all devices, ADR 017): drop the cookies,
    // or the sign-in page would take the browser for signed in and send it straight back here.
    if (answered) endRefusedSession(context.get(sessionContext));
    throw redirect(`${localePath(lang, "/auth", prefixed)}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  context.set(profileContext, profile);
  const active = profile.organization?.employeeStatus === "active";
  if (!active && !PERSONAL_PROFILE_PATHS.test(rest)) throw redirect(localePath(lang, "/profile/start", prefixed));
  return next();
};
