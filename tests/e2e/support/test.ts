/**
 * The `test` and `expect` every spec imports: Playwright's, with one automatic fixture that fails a
 * test when a page it opened logs `console.error` or throws an uncaught error (`pageerror`) — in the
 * test's own browser context and in any other the test opens with `browser.newContext()`.
 *
 * Allowed, and only these (the check runs after the test, when every response is known):
 * - "Failed to load resource: the server responded with a status of 4xx" for a page or a React
 *   Router data request (`….data`) that answered 4xx. Pages answer a refused form with 400/409/…
 *   and an unknown address with 404 by design (spec §8, with and without JavaScript), the specs
 *   exercise exactly that, and Chromium logs every such response as a console error. A 4xx of any
 *   other request (a script, a style, an image, an API call) is not allowed, nor any 5xx.
 * - What a test provokes on purpose and names with `test.use({ expectedPageErrors: /…/ })`
 *   (e.g. the chunk-load test blocks a script and expects the router's complaint about it).
 *
 * And, on request:
 * - `newSupplier`: a supplier with a published product in a browser of the test's own project
 *   (./admin.ts), the starting point of every buyer-supplier spec;
 * - `newPage`: a page in a new browser context of the test's project (a second person: a moderator,
 *   a colleague), closed after the test;
 * - `tag`: a mark unique to this test run in this project, put into the names and texts a test creates
 *   so it finds its own among earlier runs' (and the other project's).
 */
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { newSupplier, type NewSupplier, type NewSupplierOptions } from "./admin.ts";

export { expect };

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3})/;

interface Watch {
  problems: string[];
  /** Console "Failed to load resource" errors, judged after the test. */
  failedLoads: { url: string; status: number; text: string }[];
  /** Pages and data requests that answered 4xx. */
  refusedPages: Set<string>;
}

function watchContext(context: BrowserContext, watch: Watch) {
  const watchPage = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const failed = message.text().match(FAILED_LOAD);
      if (failed)
        watch.failedLoads.push({
          url: message.location().url,
          status: Number(failed[1]),
          text: `${message.text()} — ${message.location().url}`,
        });
      else watch.problems.push(`console.error on ${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => watch.problems.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`));
    page.on("response", (response) => {
      const status = response.status();
      if (status >= 400 && status < 500 && (response.request().isNavigationRequest() || new URL(response.url()).pathname.endsWith(".data")))
        watch.refusedPages.add(response.url());
    });
  };
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
}

export const test = base.extend<{
  expectedPageErrors: RegExp | null;
  failOnPageErrors: void;
  /** A new supplier with a published product, on a browser context of their own (admin.ts `newSupplier`) of this test's project; `tag` defaults to the test's. */
  newSupplier: (options: Omit<NewSupplierOptions, "tag"> & { tag?: string }) => Promise<NewSupplier>;
  /** A page in a new browser context with this test's baseURL and JavaScript setting and `options` on top (a locale …). */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** `<project><time in base 36>`: unique to this test run in this project. */
  tag: string;
}>({
  expectedPageErrors: [null, { option: true }],
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; the tag has none
  tag: async ({}, use, testInfo) => {
    await use(`${testInfo.project.name}${Date.now().toString(36)}`);
  },
  newSupplier: async ({ browser, baseURL, javaScriptEnabled, tag }, use, testInfo) => {
    await use((options) => newSupplier(browser, { tag, ...options, baseURL: baseURL!, javaScriptEnabled, project: testInfo.project.name }));
  },
  newPage: async ({ browser, baseURL, javaScriptEnabled }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      // Through `browser.newContext` as the test would call it, so failOnPageErrors watches the page too.
      const context = await browser.newContext({ baseURL, javaScriptEnabled, ...options });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  failOnPageErrors: [
    async ({ context, browser, expectedPageErrors }, use) => {
      const watch: Watch = { problems: [], failedLoads: [], refusedPages: new Set() };
      watchContext(context, watch);
      // Contexts the test opens itself (a second browser, no JavaScript) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        watchContext(created, watch);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = watch.failedLoads
        .filter((load) => load.status >= 500 || !watch.refusedPages.has(load.url))
        .map((load) => `console.error: ${load.text}`);
      const problems = [...watch.problems, ...unexpected].filter((problem) => !expectedPageErrors?.test(problem));
      expect(problems, "console errors and uncaught errors in the test's pages").toEqual([]);
    },
    { auto: true },
  ],
});
