/**
 * CSRF defence for every mutating UI request (DESIGN §6; OWASP CSRF cheat sheet, "Fetch Metadata"
 * and "Verifying origin with standard headers"): a POST/PUT/PATCH/DELETE whose `Sec-Fetch-Site` is
 * cross-site or same-site (another subdomain), or whose `Origin` is not this site, is refused with
 * 403 before any action runs. Requests without either header (non-browser clients) pass: the session
 * cookies are SameSite=Lax, so a browser never sends them on a cross-site POST anyway.
 */
import { data, type MiddlewareFunction } from "react-router";
import { servicesContext } from "../context.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: Request, publicUrl?: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const allowed = new Set([new URL(request.url).origin]);
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  return !allowed.has(origin);
}

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isCrossSiteRequest(request, context.get(servicesContext).publicUrl)) {
    throw data({ message: "Cross-site form submissions are refused" }, { status: 403 });
  }
  return next();
};
