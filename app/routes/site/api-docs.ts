/**
 * `/api-docs` (and `/en/…`, `/zh/…`): the interactive API reference — Scalar, self-hosted (the
 * bundle is one of our own fingerprinted assets, scripts/build/scalar-asset.ts), over the public
 * OpenAPI document `/api/openapi.json`, with "Test Request" sending real requests to this origin.
 *
 * A whole page of its own rather than a page of the site's layout: Scalar is a full-screen
 * application with its own styles, which the site's stylesheet would otherwise restyle. Without
 * JavaScript the browser goes on to the server-rendered reference (`/api-docs/reference`, every
 * public operation with its parameters, bodies and responses), which this page also links to.
 * Decision and CSP notes: docs/decisions/024-api-reference.md.
 */
import scalarUrl from "virtual:scalar-url";
import type { Route } from "./+types/api-docs";
import { servicesContext } from "#app/context.ts";
import { isLang, localePath, type Lang } from "#app/lib/i18n.ts";
import { getInstance } from "#app/middleware/i18next.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Scalar's configuration: our document on our origin, nothing fetched from Scalar's services
 * (fonts, telemetry, the AI agent, MCP, the request proxy), which the site's CSP would refuse anyway.
 */
function scalarConfiguration(title: string) {
  return {
    url: "/api/openapi.json",
    metaData: { title },
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    documentDownloadType: "json",
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    // The system font stack (Scalar's own font would come from its CDN).
    customCss: ":root { --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }",
  };
}

export function loader({ context, params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLang(params.lang))
    return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const lang: Lang = params.lang ?? "ru";
  const { nonce } = context.get(servicesContext);
  const t = getInstance(context).t;
  const title = t("apiDocs.title");
  const reference = localePath(lang, "/api-docs/reference");
  const mcp = localePath(lang, "/api-docs/mcp");
  const home = localePath(lang, "/");
  const config = JSON.stringify(scalarConfiguration(`${title} — Postavka`)).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — Postavka</title>
<meta name="description" content="${escape(t("apiDocs.lead"))}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="alternate" type="application/json" href="/api/openapi.json" title="OpenAPI 3.1">
<meta property="csp-nonce" content="${nonce}">
<noscript><meta http-equiv="refresh" content="0; url=${escape(reference)}"></noscript>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  /* Scrolls away with the page: Scalar's sticky sidebar and its request client's overlay then own the viewport. */
  /* Wraps on a phone: four links do not fit 390 px in one row. */
  .docs-bar { min-height: 44px; box-sizing: border-box; display: flex; flex-wrap: wrap; gap: .35rem 1.25rem; align-items: center;
    padding: .5rem 1rem; background: #0f3d5e; color: #fff; font-size: .9rem; }
  .docs-bar a { color: #fff; }
  .docs-bar strong { margin-right: auto; }
  .docs-fallback { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
</style>
</head>
<body>
<nav class="docs-bar" aria-label="${escape(title)}">
  <a href="${escape(home)}">Postavka</a>
  <strong>${escape(title)}</strong>
  <a href="${escape(reference)}">${escape(t("apiDocs.plain"))}</a>
  <a href="${escape(mcp)}">${escape(t("apiDocs.mcp"))}</a>
  <a href="/api/openapi.json" download>${escape(t("apiDocs.download"))}</a>
</nav>
<noscript><p class="docs-fallback">${escape(t("apiDocs.noScript"))} <a href="${escape(reference)}">${escape(t("apiDocs.plain"))}</a></p></noscript>
<div id="scalar-reference"></div>
<script src="${scalarUrl}"></script>
<script nonce="${nonce}">Scalar.createApiReference("#scalar-reference", Object.assign(${config}, { servers: [{ url: location.origin, description: "Postavka" }] }));</script>
</body>
</html>
`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
