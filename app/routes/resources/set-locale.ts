/**
 * `GET /_locale?lang=en&to=/en/okved` — the language switcher's target: stores the choice in the
 * locale cookie (365 days, spec §9) and redirects to `to`. Only same-site paths are accepted
 * (spec §8: no external redirects); anything else goes to the home page of that language, with a
 * flash message saying the link was not followed.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/set-locale";
import { isLang, localePath } from "#app/lib/i18n.ts";
import { localeCookie } from "#app/lib/locale-cookie.server.ts";
import { safeLocalPath } from "#app/lib/navigation-safety.ts";
import { setFlashCookie } from "#app/middleware/flash.ts";

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
