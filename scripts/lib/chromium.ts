/**
 * The system Chromium that the e2e tests (playwright.config.ts) and the benchmarks (bench/lighthouse.ts,
 * bench/navigation.ts) drive, and the switches it runs with in this project's containers.
 */

/** Path of the Chromium binary: `CHROME_PATH`, default Debian's /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

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
