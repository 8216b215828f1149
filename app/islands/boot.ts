/**
 * The runtime of public documents (ADR 035): the only script a public page loads by its load event.
 * It reads the page data (`<script type="application/json" id="postavka-page">`, written by the root
 * layout) and, once the page is shown (not while it is being prerendered by speculation rules):
 *
 * - keeps the `viewport` cookie current (spec §9) and installs hover hints (spec §2);
 * - records the visit for the offline page, counts the tab's documents for the install offer;
 * - registers the service worker and polls for new builds after idle (app/lib/pwa/app-updates.ts);
 * - shows connectivity toasts; keeps a signed-in session fresh (reloads if it ended elsewhere);
 * - keeps the header's favourites count in step with the stars; takes the speculation rules out
 *   while the browser is offline;
 * - runs the filter and live-search forms (app/islands/live-forms.ts);
 * - schedules the islands (app/islands/runtime.ts), the toaster on its first toast and the saved-copy
 *   marker on a page the worker served from its cache.
 *
 * Marks `<html data-hydrated="true" data-islands="ready">` when done, and exposes
 * `window.postavkaIslands.loadAll()` for measurements.
 */
import type { Lang } from "../lib/i18n.ts";
import { installHints, preloadHints } from "../lib/hints.ts";
import { idle, startAppUpdates, updateTexts } from "../lib/pwa/app-updates.ts";
import { CACHED_AT_META } from "../lib/pwa/cache-rules.ts";
import { connectivityTexts, watchConnectivity } from "../lib/pwa/connectivity.ts";
import { noteDocumentLoad, shouldOfferInstall, subscribeInstall } from "../lib/pwa/install-prompt.ts";
import { pageTitle, recordVisit } from "../lib/pwa/offline-pages.ts";
import { getToasts, subscribeToasts } from "../lib/pwa/toast.ts";
import { keepSessionFresh } from "../lib/session-refresh.ts";
import { trackViewport } from "../lib/viewport.ts";
import { FAVOURITE_EVENT, type FavouriteEventDetail } from "./names.ts";
import { installLiveForms } from "./live-forms.ts";
import { hydrateAll, hydrateNamed, scanIslands, setIslandTexts } from "./runtime.ts";
import { islandT, type IslandTexts } from "./texts.ts";

/** What the root layout writes into `#postavka-page` (app/islands/page-data.tsx). */
export interface PageData {
  lang: Lang;
  texts: IslandTexts;
  /** Build-version polling interval, seconds; 0 = off (ADR 005). */
  buildCheckIntervalS: number;
  signedIn: boolean;
  production: boolean;
}

declare global {
  interface Window {
    postavkaIslands?: { loadAll: () => Promise<void> };
  }
}

function readPageData(): PageData | null {
  try {
    return JSON.parse(document.getElementById("postavka-page")?.textContent ?? "null") as PageData | null;
  } catch {
    return null;
  }
}

function followFavourites(): void {
  window.addEventListener(FAVOURITE_EVENT, (event) => {
    const { on } = (event as CustomEvent<FavouriteEventDetail>).detail;
    for (const count of document.querySelectorAll<HTMLElement>("[data-favourite-count]")) {
      count.textContent = String(Math.max(0, Number(count.textContent) + (on ? 1 : -1)));
    }
  });
}

/**
 * Prerendering a page while offline only fails (and an emulated offline lets it through): the
 * speculation rules are taken out while the browser is offline and put back when it is online.
 */
function pauseSpeculationWhileOffline(): void {
  let rules = document.querySelector<HTMLScriptElement>('script[type="speculationrules"]');
  if (!rules) return;
  const { text, nonce } = rules;
  const sync = () => {
    if (!navigator.onLine) {
      rules?.remove();
      rules = null;
    } else if (!rules) {
      // A script element runs once: putting the same one back would not restore the rules.
      rules = document.createElement("script");
      rules.type = "speculationrules";
      rules.nonce = nonce;
      rules.text = text;
      document.body.append(rules);
    }
  };
  sync();
  window.addEventListener("online", sync);
  window.addEventListener("offline", sync);
}

function start(page: PageData): void {
  const t = islandT(page.texts);
  setIslandTexts(page.texts);
  trackViewport(page.production && window.isSecureContext);
  installHints();
  idle(preloadHints);
  recordVisit(`${window.location.pathname}${window.location.search}`, pageTitle(document.title));
  noteDocumentLoad();
  if (page.production) startAppUpdates({ buildCheckIntervalS: page.buildCheckIntervalS, texts: updateTexts(t) });
  watchConnectivity(page.lang, () => connectivityTexts(t));
  if (page.signedIn) keepSessionFresh(() => window.location.reload());
  followFavourites();
  installLiveForms();
  pauseSpeculationWhileOffline();

  scanIslands();
  subscribeToasts(() => {
    if (getToasts().length > 0) void hydrateNamed("toaster");
  });
  subscribeInstall(() => {
    if (shouldOfferInstall()) void hydrateNamed("toaster");
  });
  if (document.querySelector(`meta[name="${CACHED_AT_META}"]`)) void hydrateNamed("offline-marker");

  window.postavkaIslands = { loadAll: hydrateAll };
  document.documentElement.dataset.hydrated = "true";
  document.documentElement.dataset.islands = "ready";
}

function boot(): void {
  const page = readPageData();
  if (!page) return;
  // A page prerendered by speculation rules starts only when the visitor actually opens it.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => start(page), { once: true });
  } else start(page);
}

// The module is deferred; should it ever run before the parser is done, the page data is not there yet.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot, { once: true });
else boot();
