/**
 * `--parts navigation` of `npm run bench` (issue 17 §3): a catalogue → product click in Chromium,
 * with the page's speculation rules and without them, side by side in one run.
 *
 * The production build on a fresh embedded database (scripts/e2e-server.ts, the demo catalogue).
 * Each round opens a category page in a new tab, waits until its runtime is ready, hovers a product
 * card's link for 400 ms (what "moderate" eagerness waits 200 ms of), clicks it, and measures from
 * the click to the product page's `<h1>` being visible, and whether the page came from a prerender
 * (`PerformanceNavigationTiming.activationStart > 0`), and from Chromium's own preloading events
 * (DevTools `Preload` domain) whether the click used the prefetched response and how the prerender
 * attempt ended. "Without" removes the speculation rules script before hovering. `ROUNDS` rounds
 * each, alternating; medians, the prefetched and prerendered shares and the prerender outcomes are
 * printed as a markdown table. Times are this machine's, not a target; the ratio is the figure.
 *
 * Chromium reports every prerender attempt under automation as `PrerenderingDisabledByDevTools`
 * (checked with Playwright, Puppeteer and a bare DevTools WebSocket, headless and headed under
 * Xvfb; ADR 035): what a bench can observe is the prefetch half of the rules.
 *
 * Throws if the server does not come up or Chromium cannot start (CHROME_PATH, default
 * /usr/bin/chromium).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright";
import { CHROMIUM_PATH } from "#scripts/lib/chromium.ts";
import { publicPageList } from "#scripts/lib/public-pages.ts";
import { freePort, stop, waitUntilReady } from "./processes.ts";
import { log, median } from "./stats.ts";

const ROUNDS = 10;
const HOVER_MS = 400;
const root = path.resolve(import.meta.dirname, "..");

type Sample = { ms: number; prerendered: boolean; prefetchUsed: boolean; prerenderStatus: string | null };

export async function runNavigationBench(): Promise<string[]> {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("navigation: the build failed");
  }
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  log(`navigation: starting the production server on ${origin} …`);
  const server = spawn(process.execPath, [path.join(root, "scripts", "e2e-server.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", NODE_ENV: "production", OUTBOX: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    await waitUntilReady(origin, 120_000, server);
    const category = (await publicPageList(origin)).find((p) => p.kind === "category")!.path;
    const samples: Record<"with" | "without", Sample[]> = { with: [], without: [] };
    for (let round = 0; round < ROUNDS * 2; round++) {
      const mode = round % 2 === 0 ? "with" : "without";
      const context = await browser.newContext({ locale: "ru-RU" });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // Filled by Chromium's preloading events while the round runs.
      const preload: { prefetchUsed: boolean; prerenderStatus: string | null } = { prefetchUsed: false, prerenderStatus: null };
      cdp.on("Preload.prefetchStatusUpdated", (event) => {
        if (event.prefetchStatus === "PrefetchResponseUsed") preload.prefetchUsed = true;
      });
      cdp.on("Preload.prerenderStatusUpdated", (event) => {
        if (/\/product\/\d+/.test(event.key.url)) preload.prerenderStatus = event.prerenderStatus ?? event.status;
      });
      await cdp.send("Preload.enable");
      await page.goto(`${origin}${category}`);
      await page.waitForSelector("html[data-islands=ready]");
      if (mode === "without") await page.evaluate(() => document.querySelector('script[type="speculationrules"]')?.remove());
      const link = page.locator(".product-card-link").nth(round % 4);
      await link.hover();
      await page.waitForTimeout(HOVER_MS);
      const started = Date.now();
      await link.click();
      await page.locator("h1").first().waitFor({ state: "visible" });
      await page.waitForURL(/\/product\/\d+/);
      const ms = Date.now() - started;
      const prerendered = await page.evaluate(
        () =>
          ((performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { activationStart?: number })?.activationStart ??
            0) > 0,
      );
      const { prefetchUsed, prerenderStatus } = preload;
      samples[mode].push({ ms, prerendered, prefetchUsed, prerenderStatus });
      await context.close();
      log(
        `navigation: round ${round + 1}/${ROUNDS * 2} ${mode} rules: ${ms} ms${prefetchUsed ? " (prefetched)" : ""}${prerendered ? " (prerendered)" : ""}${prerenderStatus ? ` prerender: ${prerenderStatus}` : ""}`,
      );
    }
    const row = (mode: "with" | "without") => {
      const s = samples[mode];
      const outcomes = [...new Set(s.map((x) => x.prerenderStatus).filter(Boolean))].join(", ") || "—";
      return `| ${mode === "with" ? "with speculation rules" : "without"} | ${median(s.map((x) => x.ms)).toFixed(0)} ms | ${Math.max(...s.map((x) => x.ms))} ms | ${s.filter((x) => x.prefetchUsed).length}/${s.length} | ${s.filter((x) => x.prerendered).length}/${s.length} | ${outcomes} |`;
    };
    const out = [
      "",
      `### Catalogue → product click (${category}, hover ${HOVER_MS} ms, ${ROUNDS} rounds each, alternating)`,
      "",
      "| page | click → product h1, median | max | prefetched response used | prerendered | prerender outcome (Chromium) |",
      "|---|---:|---:|---:|---:|---|",
      row("with"),
      row("without"),
    ];
    for (const line of out) console.log(line);
    return out;
  } finally {
    await browser.close();
    await stop(server);
  }
}
