/**
 * `GET /_locale?lang=en&to=/en/okved` — the language switcher's target: stores the choice in the
 * locale cookie (365 days, spec §9) and redirects to `to`. Only same-site paths are accepted
 * (spec §8: no external redirects); anything else goes to the home page of that language, with a
 * flash message saying the link was not followed.
 */
import { isProtocolRelative } from "../lib/navigation-safety.ts";
import { parse, serialize } from "cookie";
import { redirect } from "react-router";
import type { Route } from "./+types/set-locale";
import { isLang, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localePath } from "../lib/i18n.ts";
import { setFlashCookie } from "../middleware/flash.ts";

/** The locale cookie holds the bare language code ("en"), readable by any client of the site. */
export const localeCookie = {
  serialize: (lang: string) =>
    serialize(LOCALE_COOKIE, lang, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: "lax",
      httpOnly: true,
      secure: process.env.NODE_ENV === "production",
    }),
  parse: (header: string | null): string | undefined => (header ? parse(header)[LOCALE_COOKIE] : undefined),
};

/** A same-site relative path ("/…", not "//…" or "/\…"), or null. */
export function safeLocalPath(to: string | null): string | null {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  try {
    const url = new URL(to, "http://localhost");
    // After normalisation, not before: "/.//evil.example" becomes "//evil.example" (review F2).
    return url.origin === "http://localhost" && !isProtocolRelative(url.pathname) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("lang");
  const lang = isLang(requested) ? requested : "ru";
  const requestedTo = url.searchParams.get("to");
  const to = safeLocalPath(requestedTo);
  const headers = new Headers({ "Set-Cookie": localeCookie.serialize(lang) });
  if (requestedTo && !to) headers.append("Set-Cookie", setFlashCookie({ message: "flash.externalRefused", tone: "warning" }));
  return redirect(to ?? localePath(lang, "/"), { headers });
}
