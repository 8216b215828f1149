/**
 * The app's error value (spec §4: "The app keeps an error value that can be set and cleared,
 * optionally redirecting on clear"), kept by React Router rather than by a store of our own (ADR 036):
 * the value is the route error the nearest error boundary shows.
 * - **Set**: a loader or action throws (`pageNotFound`, a `data(…, { status })`, or any error, which is
 *   a 500), or a component throws while rendering.
 * - **Clear**: a navigation. `clearErrorHref()` is where the error page's buttons go: the same
 *   address again (its loaders run again; a passing error such as a 503 while the database restarts
 *   is gone), or, with `redirect`, another page in the reader's language (the home page). They are
 *   links, so they work without JavaScript as well.
 */
import type { Location } from "react-router";
import type { Lang } from "./i18n.ts";
import { localeHref } from "../components/locale-link.tsx";

/**
 * The address that clears the error shown at `location`: that same address (path, query and hash),
 * or `redirect` (a language-neutral path such as "/") in `lang`.
 */
export function clearErrorHref(location: Pick<Location, "pathname" | "search" | "hash">, lang: Lang, redirect?: string): string {
  // "//host/…" would be another site's address (a protocol-relative URL): keep the path on this one.
  return redirect === undefined
    ? `${location.pathname.replace(/^\/{2,}/, "/")}${location.search}${location.hash}`
    : localeHref(lang, redirect);
}
