/**
 * Public pages are documents with islands (issue 17, ADR 035): no React Router runtime and no loader
 * data in their HTML, React fetched only when an island wakes, and speculation rules that never
 * reach private or state-changing URLs. The hydrated areas keep the router.
 */
import { publicPageList } from "#scripts/lib/public-pages.ts";
import { expect, test } from "./support/test.ts";
import { hydrated } from "./support/page.ts";
import { newAddress, signIn } from "./support/session.ts";

const LOADER_DATA = /window\.__reactRouterContext|__reactRouterManifest/;

test("every public page is a document: no loader data, no router scripts, the island runtime and speculation rules", async ({
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "HTTP only: once is enough");
  for (const { path } of await publicPageList(baseURL!)) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(LOADER_DATA);
    expect(html, path).toContain('id="postavka-page"');
    expect(html, path).toMatch(/<script type="module" src="\/assets\/islands\/boot-[\w-]+\.js"/);
    expect(html, path).toContain('type="speculationrules"');
  }
});

test("the profile stays a hydrated app with the router's data", async ({ page, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, "the hydrated app needs JavaScript");
  await signIn(page, newAddress("documents", testInfo.project.name));
  const html = await (await page.request.get("/profile/settings")).text();
  expect(html).toMatch(LOADER_DATA);
  expect(html).not.toContain('id="postavka-page"');
});

test("a category page loads no React until a star is touched; the star then hydrates alone", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "islands need JavaScript");
  const scripts: string[] = [];
  page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
  const category = (await publicPageList(baseURL!)).find((p) => p.kind === "category")!.path;
  await page.goto(category);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  expect(scripts.some((s) => /\/assets\/islands\/client-/.test(s))).toBe(false);
  expect(scripts.some((s) => /\/assets\/(entry\.client|manifest)-/.test(s))).toBe(false);

  const star = page.locator("postavka-island[data-island=favourite]").first();
  await star.getByRole("button").hover();
  await expect(star).toHaveAttribute("data-island-state", "hydrated");
  expect(scripts.some((s) => /\/assets\/islands\/client-/.test(s))).toBe(true);
  // The other stars stay server HTML until they are touched.
  await expect(page.locator("postavka-island[data-island=favourite]").nth(1)).not.toHaveAttribute("data-island-state", /./);
});

test("speculation rules prerender catalogue pages but never private or state-changing addresses", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "URLPattern is evaluated in the browser");
  await page.goto("/catalog");
  const decisions = await page.evaluate(() => {
    const rules = JSON.parse(document.querySelector('script[type="speculationrules"]')!.textContent!) as {
      prerender: { where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }] } }[];
    };
    const [included, { not }] = rules.prerender[0]!.where.and;
    const matches = (pattern: string, url: string) =>
      new (window as unknown as { URLPattern: new (p: string, base: string) => { test(u: string): boolean } }).URLPattern(
        pattern,
        location.origin,
      ).test(new URL(url, location.origin).href);
    const allowed = (url: string) => matches(included.href_matches, url) && !not.href_matches.some((p) => matches(p, url));
    return Object.fromEntries(
      [
        "/product/1",
        "/en/catalog/3?page=2",
        "/suppliers/5",
        "/ru/profile",
        "/en/profile/product/7",
        "/admin/users",
        "/logout",
        "/auth?redirectTo=%2F",
        "/_locale?lang=en&to=%2Fen",
        "/_currency",
        "/favorites",
        "/en/inquiry/new?productId=1",
        "/api/products",
      ].map((url) => [url, allowed(url)]),
    );
  });
  expect(decisions).toEqual({
    "/product/1": true,
    "/en/catalog/3?page=2": true,
    "/suppliers/5": true,
    "/ru/profile": false,
    "/en/profile/product/7": false,
    "/admin/users": false,
    "/logout": false,
    "/auth?redirectTo=%2F": false,
    "/_locale?lang=en&to=%2Fen": false,
    "/_currency": false,
    "/favorites": false,
    "/en/inquiry/new?productId=1": false,
    "/api/products": false,
  });
});
