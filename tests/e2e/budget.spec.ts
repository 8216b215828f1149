/**
 * JavaScript budget report (issues 6 and 17): the JavaScript a first visit to each public page
 * downloads, gzipped (level 6, what the server sends). A report, not a gate: it prints a table (and
 * attaches it to the test) and only fails if nothing could be measured. Targets (issue 17): ≤ 30 KB
 * by the load event, ≤ 100 KB in total.
 *
 * "at load" counts the scripts requested before the load event. "total" adds what loads afterwards:
 * on island documents (issue 17: the boot script sets `<html data-islands="ready">` and exposes
 * `window.postavkaIslands.loadAll()`) every island is loaded and hydrated, including those waiting
 * for a visit or an interaction, and then the network must be idle; on fully hydrated pages
 * (`<html data-hydrated="true">`) what loads once the service worker is registered (workbox-window,
 * Floating UI when the page has hints, the strings).
 *
 * Pages: scripts/lib/public-pages.ts (shared with bench/lighthouse.ts).
 *
 * The table ends with two floors, each bundled, minified and tree-shaken by esbuild and gzipped at
 * level 6: React 19 and React Router 8's client entry alone (`HydratedRouter` + `hydrateRoot`, ADR
 * 020) — what a fully hydrated page of this stack ships before a line of its own code — and React
 * 19's `hydrateRoot` alone, what an island page ships before its islands' code.
 */
import { gzipSync } from "node:zlib";
import { expect, test } from "./support/test.ts";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import { publicPages } from "#scripts/lib/public-pages.ts";

/** Targets of issue 17, KB gzip: by the load event, and in total with every island loaded. */
const TARGET_AT_LOAD_KB = 30;
const TARGET_TOTAL_KB = 100;

/** Raw and gzipped (level 6) bytes of `entry` bundled for the browser by esbuild, minified, production React. */
async function bundled(entry: string): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  const bytes = result.outputFiles[0]!.contents;
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
}

/** The smallest client a React Router 8 framework-mode app can hydrate the whole document with. */
const frameworkFloor = () =>
  bundled(`import { startTransition, StrictMode, createElement } from "react";
    import { hydrateRoot } from "react-dom/client";
    import { HydratedRouter } from "react-router/dom";
    startTransition(() => { hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter))); });`);

/** The smallest client that hydrates one React island: React 19 and `hydrateRoot`, no router. */
const islandsFloor = () =>
  bundled(`import { createElement } from "react";
    import { hydrateRoot } from "react-dom/client";
    for (const root of document.querySelectorAll("[data-island]")) hydrateRoot(root, createElement("span"));`);

/**
 * Waits until the page's client has started — islands scheduled (`data-islands="ready"`) or the whole
 * document hydrated (`data-hydrated="true"`) — then loads what a visit loads afterwards (see the header).
 * `inFlight`: the page's requests sent and not yet finished or failed.
 */
async function loadEverything(page: Page, inFlight: () => number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.dataset.islands === "ready" || document.documentElement.dataset.hydrated === "true"),
    )
    .toBe(true);
  const islands = await page.evaluate(() => "postavkaIslands" in window);
  if (islands) {
    await page.evaluate(() => (window as unknown as { postavkaIslands: { loadAll(): Promise<void> } }).postavkaIslands.loadAll());
    // Network idle after the islands: what they fetch once hydrated (their strings, say) counts too.
    // Not waitForLoadState("networkidle"): it returns at once when the page was idle before loadAll.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    await expect.poll(inFlight).toBe(0);
    return;
  }
  // The service worker is registered when the page is idle after load; that pulls workbox-window.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), { timeout: 15_000 })
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
}

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "measures JavaScript");

test(`first-visit JavaScript per public page (gzip), targets ≤ ${TARGET_AT_LOAD_KB} KB at load, ≤ ${TARGET_TOTAL_KB} KB total`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const rows: { page: string; scripts: number; raw: number; atLoad: number; total: number }[] = [];
  for (const path of await publicPages(baseURL!)) {
    const context = await browser.newContext({ baseURL, locale: "ru-RU" });
    const page = await context.newPage();
    const scripts = new Map<string, { raw: number; gzip: number; beforeLoad: boolean }>();
    let loaded = false;
    const pending: Promise<void>[] = [];
    let inFlight = 0;
    page.on("request", () => void (inFlight += 1));
    page.on("requestfinished", () => void (inFlight -= 1));
    page.on("requestfailed", () => void (inFlight -= 1));
    page.on("load", () => void (loaded = true));
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script" || scripts.has(response.url())) return;
      const beforeLoad = !loaded;
      pending.push(
        response.body().then(
          (body) => void scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 6 }).length, beforeLoad }),
          () => undefined,
        ),
      );
    });
    await page.goto(path);
    await loadEverything(page, () => inFlight);
    await Promise.all(pending);
    const all = [...scripts.values()];
    const kb = (bytes: number) => bytes / 1024;
    rows.push({
      page: path,
      scripts: all.length,
      raw: kb(all.reduce((s, x) => s + x.raw, 0)),
      atLoad: kb(all.filter((x) => x.beforeLoad).reduce((s, x) => s + x.gzip, 0)),
      total: kb(all.reduce((s, x) => s + x.gzip, 0)),
    });
    await context.close();
  }
  const verdict = (atLoad: number, total: number) =>
    `${atLoad <= TARGET_AT_LOAD_KB ? "✅" : "❌"} at load, ${total <= TARGET_TOTAL_KB ? "✅" : "❌"} total`;
  const floorRow = (label: string, floor: { raw: number; gzip: number }) =>
    `| *${label}* | 1 | ${(floor.raw / 1024).toFixed(1)} | ${(floor.gzip / 1024).toFixed(1)} | ${(floor.gzip / 1024).toFixed(1)} | ${verdict(floor.gzip / 1024, floor.gzip / 1024)} |`;
  const lines = [
    "",
    `JavaScript of a first visit (gzip level 6; targets ≤ ${TARGET_AT_LOAD_KB} KB by the load event, ≤ ${TARGET_TOTAL_KB} KB in total with its islands)`,
    "",
    `| page | scripts | raw KB | gzip KB at load | gzip KB total | targets (≤ ${TARGET_AT_LOAD_KB} / ≤ ${TARGET_TOTAL_KB}) |`,
    "|---|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${decodeURI(r.page)} | ${r.scripts} | ${r.raw.toFixed(1)} | ${r.atLoad.toFixed(1)} | ${r.total.toFixed(1)} | ${verdict(r.atLoad, r.total)} |`,
    ),
    floorRow("floor of a fully hydrated page: React 19 + React Router 8 client entry alone (esbuild, minified)", await frameworkFloor()),
    floorRow("floor of an island page: React 19 hydrateRoot alone (esbuild, minified)", await islandsFloor()),
    "",
  ];
  console.log(lines.join("\n"));
  await test.info().attach("js-budget.md", { body: lines.join("\n"), contentType: "text/markdown" });
  expect(rows.every((r) => r.scripts > 0 && r.total > 0)).toBe(true);
});
