/**
 * Everything the client platform adds to every page (DESIGN §8), mounted once in the root layout:
 * the toast region (with the server's flash message), the route-change progress bar, and the
 * browser-only effects: service worker and build checks, the viewport cookie,
 * visited-page bookkeeping, hover hints, and connectivity notices.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { ShownFlash } from "#app/lib/flash.ts";
import { installHints, preloadHints } from "#app/lib/hints.ts";
import { idle, keepPageForOffline, startAppUpdates, updateTexts } from "#app/lib/pwa/app-updates.ts";
import { markEngaged, noteDocumentLoad } from "#app/lib/pwa/install-prompt.ts";
import { pageTitle, recordVisit } from "#app/lib/pwa/offline-pages.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { trackViewport } from "#app/lib/viewport.ts";
import { connectivityTexts, watchConnectivity } from "#app/lib/pwa/connectivity.ts";
import { RouteProgress } from "./route-progress.tsx";
import { Toaster } from "./toaster.tsx";
import { useT } from "#app/lib/use-t.ts";

export function ClientPlatform({ flash, buildCheckIntervalS }: { flash: ShownFlash | null; buildCheckIntervalS: number }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const firstVisit = useRef(true);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    // A signal for styles and tests that the page is interactive.
    document.documentElement.dataset.hydrated = "true";
    noteDocumentLoad();
  }, []);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return startAppUpdates({ buildCheckIntervalS, texts: updateTexts(tRef.current) });
  }, [buildCheckIntervalS]);

  // Spec §9: the device class, re-detected 50 ms after the last resize, kept for the server.
  useEffect(() => trackViewport(import.meta.env.PROD && window.isSecureContext), []);

  useEffect(() => {
    const uninstall = installHints();
    idle(preloadHints);
    return uninstall;
  }, []);

  useEffect(() => {
    const url = `${location.pathname}${location.search}`;
    const isFirst = firstVisit.current;
    firstVisit.current = false;
    // The title is the new page's by now (effects run after the commit). Not cancelled when the
    // user moves on quickly: a page seen for a moment is still a page visited.
    recordVisit(url, pageTitle(document.title));
    // The install offer waits for a second page in the tab (ADR 021).
    if (!isFirst) markEngaged();
    // A document load went through the worker already; a client navigation fetched only data.
    if (!isFirst) idle(() => keepPageForOffline(url));
  }, [location.pathname, location.search]);

  useEffect(() => watchConnectivity(lang, () => connectivityTexts(tRef.current)), [lang]);

  return (
    <>
      <RouteProgress />
      <Toaster flash={flash} />
    </>
  );
}
