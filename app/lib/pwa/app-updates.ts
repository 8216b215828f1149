/**
 * Keeping the open app current (spec §1, §9; ADR 005), browser only:
 *
 * - registers the service worker (`/sw.js`) with workbox-window, loaded after the page is idle so
 *   it never competes with the first render, and asks the worker for an update every 3,600 s;
 * - polls the build id (`GET /builds/latest.json`; a new id is confirmed by its immutable
 *   `GET /builds/meta/{id}.json`) 1 s after start and then every
 *   `buildCheckIntervalS` (default 600 s, `BUILD_CHECK_INTERVAL`; 0 turns polling off), and again when
 *   the tab becomes visible after at least that long;
 * - when a new worker is waiting or a new build is out, shows one prompt offering to reload. Nothing
 *   reloads without the user's click, and the click itself asks again when a form holds unsent input.
 *   Accepting activates the waiting worker first (SKIP_WAITING), then reloads once it controls the page;
 * - tells the worker to keep pages reached by client-side navigation (CACHE_PAGE), because the
 *   browser fetched only their data, not their HTML.
 */
import type { Workbox } from "workbox-window";
import { SW_MESSAGES } from "./cache-rules.ts";
import { dismissToast, showToast } from "./toast.ts";
import { hasUnsavedInput } from "./unsaved-input.ts";

export const SW_UPDATE_INTERVAL_MS = 3_600_000;
export const FIRST_BUILD_CHECK_MS = 1_000;
export const BUILD_INFO_URL = "/builds/latest.json";
const UPDATE_TOAST_ID = "app-update";
/** If the new worker never takes control (another tab holds it), reload anyway after this. */
const CONTROLLING_FALLBACK_MS = 3_000;

export interface UpdateTexts {
  available: string;
  reload: string;
  later: string;
  unsaved: string;
  reloadAnyway: string;
  keepEditing: string;
}

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/** The prompt's strings from a translate function (keys `update.*`). */
export function updateTexts(
  t: (
    key: "update.available" | "update.reload" | "update.later" | "update.unsaved" | "update.reloadAnyway" | "update.keepEditing",
  ) => string,
): UpdateTexts {
  return {
    available: t("update.available"),
    reload: t("update.reload"),
    later: t("update.later"),
    unsaved: t("update.unsaved"),
    reloadAnyway: t("update.reloadAnyway"),
    keepEditing: t("update.keepEditing"),
  };
}

let workbox: Workbox | undefined;
let offered = false;

/** The meta element by which a public document (no router runtime) names its build (ADR 035). */
export const BUILD_META = "postavka-build";

/** The build id this page was rendered with (React Router's manifest version). */
export function currentBuildId(): string | undefined {
  return (
    window.__reactRouterManifest?.version ?? document.querySelector(`meta[name="${BUILD_META}"]`)?.getAttribute("content") ?? undefined
  );
}

function reloadNow(): void {
  const waiting = workbox ? navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null) : Promise.resolve(null);
  void waiting.then((worker) => {
    if (!worker || !workbox) return window.location.reload();
    workbox.addEventListener("controlling", () => window.location.reload());
    workbox.messageSkipWaiting();
    setTimeout(() => window.location.reload(), CONTROLLING_FALLBACK_MS);
  });
}

/** Shows the reload prompt once per page (a new worker and a new build lead to the same prompt). */
export function offerReload(texts: UpdateTexts): void {
  if (offered) return;
  offered = true;
  const ask = () =>
    showToast({
      id: UPDATE_TOAST_ID,
      message: texts.available,
      tone: "info",
      duration: 0,
      actions: [
        { label: texts.reload, onClick: () => (hasUnsavedInput() ? confirmLosingInput() : reloadNow()) },
        { label: texts.later, onClick: () => dismissToast(UPDATE_TOAST_ID) },
      ],
    });
  const confirmLosingInput = () =>
    showToast({
      id: UPDATE_TOAST_ID,
      message: texts.unsaved,
      tone: "warning",
      duration: 0,
      actions: [
        { label: texts.reloadAnyway, onClick: reloadNow },
        { label: texts.keepEditing, onClick: () => dismissToast(UPDATE_TOAST_ID) },
      ],
    });
  ask();
}

/** Asks the worker to keep `url` (a page reached without a document request). */
export function keepPageForOffline(url: string): void {
  void workbox?.messageSW({ type: SW_MESSAGES.cachePage, url }).catch(() => undefined);
  if (!workbox) navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.cachePage, url });
}

async function checkBuild(texts: UpdateTexts): Promise<void> {
  const mine = currentBuildId();
  if (!mine) return;
  try {
    const response = await fetch(BUILD_INFO_URL, { cache: "no-store" });
    if (!response.ok) return;
    const { id } = (await response.json()) as { id?: string };
    if (!id || id === mine) return;
    // The new build's own record (spec §7: builds/meta/{id}.json): a reload is offered only once this
    // server has that build's files, not while a rolling deploy still answers from the old build.
    const meta = await fetch(`/builds/meta/${encodeURIComponent(id)}.json`);
    if (!meta.ok || ((await meta.json()) as { id?: string }).id !== id) return;
    void workbox?.update();
    offerReload(texts);
  } catch {
    // Offline or the server is restarting: the next check will tell.
  }
}

async function registerWorker(texts: UpdateTexts): Promise<void> {
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox("/sw.js", { scope: "/" });
  wb.addEventListener("waiting", () => offerReload(texts));
  wb.addEventListener("activated", (event) => {
    // The first visit's page came before the worker: keep it now.
    if (!event.isUpdate) void wb.messageSW({ type: SW_MESSAGES.cachePage, url: window.location.href }).catch(() => undefined);
  });
  workbox = wb;
  await wb.register();
  setInterval(() => void wb.update(), SW_UPDATE_INTERVAL_MS);
}

/**
 * Starts registration and polling; returns a stop function (timers and listeners).
 * Call once, in production only (no worker in development: Vite serves unbundled modules).
 */
export function startAppUpdates({ buildCheckIntervalS, texts }: { buildCheckIntervalS: number; texts: UpdateTexts }): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  let lastCheck = 0;
  const check = () => {
    lastCheck = Date.now();
    void checkBuild(texts);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck >= buildCheckIntervalS * 1000) check();
  };
  if (buildCheckIntervalS > 0) {
    timers.push(setTimeout(check, FIRST_BUILD_CHECK_MS));
    timers.push(setInterval(check, buildCheckIntervalS * 1000));
    document.addEventListener("visibilitychange", onVisible);
  }
  if ("serviceWorker" in navigator) {
    const start = () => void registerWorker(texts).catch((error) => console.warn("Service worker registration failed", error));
    if (document.readyState === "complete") idle(start);
    else window.addEventListener("load", () => idle(start), { once: true });
  }
  return () => {
    timers.forEach((timer) => clearTimeout(timer));
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** Runs `fn` when the browser is idle (≈50 ms fallback where requestIdleCallback is missing, spec §9). */
export function idle(fn: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => fn(), { timeout: 2_000 });
  else setTimeout(fn, 50);
}
