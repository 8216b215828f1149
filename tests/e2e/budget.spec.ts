/**
 * JavaScript budget report (issue 6 point 9): the JavaScript a first visit to each public page
 * downloads, gzipped (level 6, what the server sends), against the target of 100 KB. A report, not a
 * gate: it prints a table (and attaches it to the test) and only fails if nothing could be measured.
 * "at load" counts the scripts requested before the load event (what hydration needs); "total" adds
 * what loads afterwards (workbox-window for the service worker, Floating UI when the page has hints).
 *
 * Pages: scripts/lib/public-pages.ts (shared with bench/lighthouse.ts).
 *
 * The table ends with the floor of the stack itself (ADR 020): React 19 and React Router 8's client
 * entry alone (`HydratedRouter` + `hydrateRoot`, nothing else), bundled, minified and tree-shaken by
 * esbuild, gzipped at level 6 — what any page of this stack ships before a line of its own code.
 */
import { gzipSync } from "node:zlib";
import { expect, test } from "./support/test.ts";
import { build } from "esbuild";
import { publicPages } from "../../scripts/lib/public-pages.ts";
import { hydrated } from "./support/page.ts";

const TARGET_KB = 100;

/** Gzipped bytes of the smallest client a React Router 8 framework-mode app can hydrate with. */
async function frameworkFloor(): Promise<{ raw: number; gzip: number }> {
  const result = await build({
    stdin: {
      contents: `import { startTransition, StrictMode, createElement } from "react";
        import { hydrateRoot } from "react-dom/client";
        import { HydratedRouter } from "react-router/dom";
        startTransition(() => { hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter))); });`,
      resolveDir: process.cwd(),
      loader: "js",
    },
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

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "measures JavaScript");

test("first-visit JavaScript per public page (gzip), target ≤ 100 KB", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const rows: { page: string; scripts: number; raw: number; atLoad: number; total: number }[] = [];
  for (const path of await publicPages(baseURL!)) {
    const context = await browser.newContext({ baseURL, locale: "ru-RU" });
    const page = await context.newPage();
    const scripts = new Map<string, { raw: number; gzip: number; beforeLoad: boolean }>();
    let loaded = false;
    const pending: Promise<void>[] = [];
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
    await hydrated(page);
    // The service worker is registered when the page is idle after load; that pulls workbox-window.
    await expect
      .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), { timeout: 15_000 })
      .toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
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
  const floor = await frameworkFloor();
  const lines = [
    "",
    `JavaScript of a first visit (gzip level 6; target ≤ ${TARGET_KB} KB)`,
    "",
    "| page | scripts | raw KB | gzip KB at load | gzip KB total | target |",
    "|---|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${decodeURI(r.page)} | ${r.scripts} | ${r.raw.toFixed(1)} | ${r.atLoad.toFixed(1)} | ${r.total.toFixed(1)} | ${r.total <= TARGET_KB ? "✅" : "❌ over"} |`,
    ),
    `| *floor: React 19 + React Router 8 client entry alone (esbuild, minified)* | 1 | ${(floor.raw / 1024).toFixed(1)} | ${(floor.gzip / 1024).toFixed(1)} | ${(floor.gzip / 1024).toFixed(1)} | ${floor.gzip / 1024 <= TARGET_KB ? "✅" : "❌ over"} |`,
    "",
  ];
  console.log(lines.join("\n"));
  await test.info().attach("js-budget.md", { body: lines.join("\n"), contentType: "text/markdown" });
  expect(rows.every((r) => r.scripts > 0 && r.total > 0)).toBe(true);
});
