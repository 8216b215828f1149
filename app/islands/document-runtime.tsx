/**
 * What a public document carries instead of React Router's scripts (ADR 035), rendered at the end of
 * `<body>` by the root layout: the page data for the island runtime (`#postavka-page`, JSON with the
 * island strings in the page's language), the boot module, and speculation rules that let Chromium
 * prerender a same-origin page the visitor is about to open (hover for 200 ms, or pointer-down).
 *
 * Never prerendered: anything signed-in or private (profile, admin, favourites, inquiries), sign-in
 * and sign-out, state-changing GETs (`/_locale`, `/_currency`), the API, files, the offline page, and
 * links marked `rel="nofollow"` or `data-no-prerender`.
 */
import type { PageData } from "./boot.ts";
import { ScriptData } from "../components/script-data.tsx";

/** URL patterns (URLPattern syntax) that speculation rules never fetch ahead. */
export const NO_PRERENDER = [
  "/logout",
  "/*/logout",
  "/profile",
  "/profile/*",
  "/*/profile",
  "/*/profile/*",
  "/admin",
  "/admin/*",
  "/*/admin",
  "/*/admin/*",
  "/auth",
  "/auth/*",
  "/*/auth",
  "/*/auth/*",
  "/favorites",
  "/*/favorites",
  "/favourite",
  "/*/favourite",
  "/inquiry/*",
  "/*/inquiry/*",
  "/_locale",
  "/_currency",
  "/api/*",
  "/app/*",
  "/files/*",
  "/offline",
  "/*/offline",
  "/api-docs",
  "/*/api-docs",
];

export const SPECULATION_RULES = {
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: NO_PRERENDER } },
          { not: { selector_matches: "[rel~='nofollow'], [data-no-prerender], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

export function DocumentRuntime({ page, boot, nonce }: { page: PageData; boot: string; nonce: string }) {
  return (
    <>
      <ScriptData type="application/json" id="postavka-page" data={page} nonce={nonce} />
      {/* Not async: a deferred module runs after the document is parsed, when #postavka-page exists. */}
      <script type="module" src={boot} nonce={nonce} />
      <ScriptData type="speculationrules" data={SPECULATION_RULES} nonce={nonce} />
    </>
  );
}
