/**
 * The system Chromium that the e2e tests (playwright.config.ts) and the benchmarks (bench/lighthouse.ts,
 * bench/navigation.ts) drive, and the switches it runs with in this project's containers.
 */

import { existsSync } from "node:fs";

/** Path of the Chromium binary: `CHROME_PATH`, default Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Debian's headless shell of the same Chromium (package chromium-headless-shell). */
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/**
 * The Chromium the e2e suite drives (playwright.config.ts): `CHROME_PATH` when set, else Debian's
 * headless shell when installed, else CHROMIUM_PATH. The shell is the same Chromium build without
 * the browser's own window UI: Chromium 156's `--headless` runs the full browser, whose toolbar is
 * a WebUI page rendered in a renderer process of its own for every window, and on a 2-core machine
 * that made the whole e2e run 1.47× slower (ADR 071). The benchmarks keep the full browser:
 * Lighthouse and the navigation timings measure what a visitor's browser does.
 */
export const E2E_CHROMIUM_PATH = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/**
 * Command-line switches that let Chromium run in a container (no sandbox, no GPU, and no /dev/shm,
 * which a container keeps small) and keep it from background traffic (updates, sync, first-run
 * pages) that would leave the machine and disturb timings. The headless switch is not among them:
 * Playwright gets `--headless`, Lighthouse's launcher `--headless=new`.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
