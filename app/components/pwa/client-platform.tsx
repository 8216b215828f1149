/**
 * Everything the client platform adds to every page (DESIGN §8), mounted once in the root layout:
 * the toast region (with the server's flash message), the route-change progress bar, and the
 * browser-only effects: service worker and build checks, the viewport cookie,
 * visited-page bookkeeping, hover hints, and connectivity notices.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { ShownFlash } from "../../lib/flash.ts";
import { installHints, preloadHints } from "../../lib/hints.ts";
import { localePath } from "../../lib/i18n.ts";
import { idle, keepPageForOffline, startAppUpdates } from "../../lib/pwa/app-updates.ts";
import { OFFLINE_PATH } from "../../lib/pwa/cache-rules.ts";
import { pageTitle, recordVisit } from "../../lib/pwa/offline-pages.ts";
import { dismissToast, showToast } from "../../lib/pwa/toast.ts";
import { useLang } from "../../lib/use-lang.ts";
import { deviceClassFromCookieHeader, deviceClassForWidth, RESIZE_DEBOUNCE_MS, viewportCookie } from "../../lib/viewport.ts";
import { RouteProgress } from "./route-progress.tsx";
import { Toaster } from "./toaster.tsx";
import { useT } from "../../lib/use-t.ts";

const OFFLINE_TOAST_ID = "connectivity";

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
  }, []);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const tr = tRef.current;
    return startAppUpdates({
      buildCheckIntervalS,
      texts: {
        available: tr("update.available"),
        reload: tr("update.reload"),
        later: tr("update.later"),
        unsaved: tr("update.unsaved"),
        reloadAnyway: tr("update.reloadAnyway"),
        keepEditing: tr("update.keepEditing"),
      },
    });
  }, [buildCheckIntervalS]);

  useEffect(() => {
    // Spec §9: the device class, re-detected 50 ms after the last resize, kept for the server.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detect = () => {
      const detected = deviceClassForWidth(window.innerWidth);
      if (deviceClassFromCookieHeader(document.cookie) !== detected || !document.cookie.includes("viewport=")) {
        document.cookie = viewportCookie(detected, import.meta.env.PROD && window.isSecureContext);
      }
    };
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(detect, RESIZE_DEBOUNCE_MS);
    };
    detect();
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);

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
    // A document load went through the worker already; a client navigation fetched only data.
    if (!isFirst) idle(() => keepPageForOffline(url));
  }, [location.pathname, location.search]);

  useEffect(() => {
    const offline = () =>
      showToast({
        id: OFFLINE_TOAST_ID,
        message: tRef.current("offline.wentOffline"),
        tone: "warning",
        duration: 0,
        actions: [
          { label: tRef.current("offline.savedLink"), onClick: () => window.location.assign(localePath(lang, OFFLINE_PATH)) },
          { label: tRef.current("toast.close"), onClick: () => dismissToast(OFFLINE_TOAST_ID) },
        ],
      });
    const online = () => showToast({ id: OFFLINE_TOAST_ID, message: tRef.current("offline.backOnline"), tone: "success" });
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [lang]);

  return (
    <>
      <RouteProgress />
      <Toaster flash={flash} />
    </>
  );
}
