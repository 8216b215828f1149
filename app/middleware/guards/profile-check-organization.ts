/**
 * Guard `profile-check-organization`: the profile area needs a signed-in user with a company.
 * Anonymous (`role` ANONIM) → the sign-in page with a return path; no company → `profile/start`.
 * Reads the profile through the API client (`GET /api/profile`).
 */
import { redirect, type MiddlewareFunction } from "react-router";
import { apiContext } from "../../context.ts";
import { localePath, splitLocalePath } from "../../lib/i18n.ts";
import { documentUrl } from "../../lib/document-url.ts";

export const profileCheckOrganization: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = documentUrl(request);
  const { lang, prefixed, rest } = splitLocalePath(url.pathname);
  const api = context.get(apiContext);
  const profile = await api.profile().catch(() => ({ role: "ANONIM" as const }));
  if (profile.role === "ANONIM" || !("organization" in profile)) {
    throw redirect(`${localePath(lang, "/auth", prefixed)}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!profile.organization && rest !== "/profile/start") throw redirect(localePath(lang, "/profile/start", prefixed));
  return next();
};
