/**
 * `GET /manifest.webmanifest`, `/en/manifest.webmanifest`, `/zh/manifest.webmanifest` — the web app
 * manifest in the page's language (spec §1, DESIGN §8): name and description from the UI strings,
 * start URL and shortcuts under the language's prefix (search; the catalogue — OKVED2 and TN VED until
 * the catalogue pages exist), icons incl. maskable (public/icons, scripts/build-icons.ts), brand colours.
 * One `id` for all languages: it is one app whichever language it was installed from.
 */
import type { Route } from "./+types/web-manifest";
import { pageNotFound } from "#app/lib/errors.ts";
import { isLang, LANG_REGIONS, localePath } from "#app/lib/i18n.ts";
import { getInstance } from "#app/middleware/i18next.ts";

export const THEME_COLOR = "#0f4c81";
export const BACKGROUND_COLOR = "#f5f7fa";

export function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLang(params.lang)) pageNotFound(request);
  const lang = isLang(params.lang) ? params.lang : "ru";
  const t = getInstance(context).t;
  const at = (path: string) => localePath(lang, path);
  const icon = (src: string, sizes: string, purpose = "any") => ({ src, sizes, type: "image/png", purpose });
  const shortcut = (name: string, path: string, iconSrc: string) => ({ name, url: at(path), icons: [icon(iconSrc, "96x96")] });
  const manifest = {
    id: "/",
    lang: LANG_REGIONS[lang],
    dir: "ltr",
    name: `${t("app.name")} — ${t("app.tagline")}`,
    short_name: t("app.name"),
    description: t("app.description"),
    start_url: `${at("/")}?source=pwa`,
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["business", "reference"],
    icons: [
      icon("/icons/icon-192.png", "192x192"),
      icon("/icons/icon-512.png", "512x512"),
      icon("/icons/maskable-192.png", "192x192", "maskable"),
      icon("/icons/maskable-512.png", "512x512", "maskable"),
    ],
    shortcuts: [
      shortcut(t("nav.search"), "/search", "/icons/shortcut-search.png"),
      shortcut(t("classifier.okved.title"), "/okved", "/icons/shortcut-okved.png"),
      shortcut(t("classifier.tnved.title"), "/tnved", "/icons/shortcut-tnved.png"),
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
