/**
 * The optional language segment (DESIGN §5). `/en/…`, `/ru/…`, `/zh/…` and unprefixed (Russian)
 * pages pass; any other first segment is a 404. The bare root `/` redirects to `/en` or `/zh` when
 * the locale cookie (or, on a first visit, Accept-Language) asks for it.
 */
import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/lang";
import { pageNotFound } from "../lib/errors.ts";
import { langFromAcceptLanguage } from "#contract/langs.ts";
import { isLang, localePath } from "../lib/i18n.ts";
import { localeCookie } from "../lib/locale-cookie.server.ts";
import { documentUrl } from "../lib/document-url.ts";

export async function loader({ params, request }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLang(params.lang)) pageNotFound(request);
  const url = documentUrl(request);
  if (url.pathname === "/") {
    const cookie = localeCookie.parse(request.headers.get("cookie"));
    const preferred = isLang(cookie) ? cookie : langFromAcceptLanguage(request.headers.get("accept-language"));
    if (preferred && preferred !== "ru")
      throw redirect(`${localePath(preferred, "/")}${url.search}`, { headers: { Vary: "Cookie, Accept-Language" } });
  }
  return null;
}

export default function LangLayout() {
  return <Outlet />;
}
