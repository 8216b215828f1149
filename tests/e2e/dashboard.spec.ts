/**
 * The company dashboard in a real browser, with JavaScript on and off (issue 28 §4; ADR 051): a
 * supplier's product page is read three times by a person's browser, once by a robot, once as a
 * prefetch and once by an HTTP client wearing Chrome's name, and a buyer sends an inquiry (through the API); the supplier opens "Показатели" from the profile
 * navigation and finds 3 product views and 1 inquiry — each chart an SVG whose bars carry the same
 * numbers as the table under it — switches the period with the plain GET form, and reads the page in
 * Chinese. Screenshots at 1280 and 390 px (ru) and 390 px (zh) go to /work/briefs/shots when that folder exists.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { adminCliOk, apiAs } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";
import { openPage } from "./support/page.ts";
import { PAGE_VIEWS_LOG } from "./support/ports.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SHOTS = "/work/briefs/shots";

type Series = { key: string; total: number | null };

/** The server's log lines of the views it counted of product `id` (PAGE_VIEWS_LOG), for a failure's message. */
function countedViewsOf(id: number): string {
  const lines = existsSync(PAGE_VIEWS_LOG) ? readFileSync(PAGE_VIEWS_LOG, "utf8").split("\n") : [];
  return lines.filter((line) => line.includes(`"kind":"product","id":${id},`)).join("\n") || "(none logged)";
}

/** The chart `key`'s numbers as the SVG carries them and as its table lists them, by bucket. */
async function chartAndTable(page: Page, key: string) {
  const svg = await page
    .locator(`svg[data-series="${key}"] [data-period]`)
    .evaluateAll((els) => els.map((e) => [e.getAttribute("data-period"), e.getAttribute("data-value")] as const));
  const table = await page
    .locator(`table[data-series="${key}"] tbody tr`)
    .evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-period"), r.querySelector("td")!.textContent] as const));
  return { svg, table };
}

test("a supplier's dashboard shows its product views and inquiries as charts with their numbers", async ({
  javaScriptEnabled: js,
  baseURL,
  newSupplier,
  newPage,
  tag,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const supplier = await newSupplier({ label: "dashboard", names: ["Ли", "Вэй"] });
  const { productId, companyId } = supplier.product;

  // Three readings by a person's browser; a robot's and a prefetch do not count.
  const visitor = await newPage({ userAgent: CHROME });
  for (let i = 0; i < 3; i++) await visitor.goto(`/product/${productId}`);
  await (await newPage({ userAgent: GOOGLEBOT })).goto(`/product/${productId}`);
  await (await newPage({ userAgent: CHROME, extraHTTPHeaders: { "sec-purpose": "prefetch" } })).goto(`/product/${productId}`);
  // Nor does an HTTP client wearing Chrome's name without the Fetch Metadata Chrome sends: Playwright's
  // API requests (once another spec's, running beside this one, was this page's fourth view).
  expect((await visitor.context().request.get(`/product/${productId}`)).status()).toBe(200);

  const buyer = await newPage();
  await signIn(buyer, newAddress("dashboard-buyer", project), ["Анна", "Покупателева"]);
  // The inquiry form is tested in inquiries.spec.ts; here the buyer sends one through the API.
  const buyerApi = await apiAs(buyer.context(), baseURL!);
  await buyerApi("POST", "/api/inquiries", {
    supplierId: companyId,
    productIds: [productId],
    message: `Нужны ножи почвофрезы, 500 шт. ${tag}`,
  });

  // The server flushes its counts every 10 s; the aggregation job runs every 10 minutes — the CLI runs it now.
  await expect
    .poll(
      async () => {
        await adminCliOk("aggregate-page-views");
        const data = await supplier.api<{ supplier: Series[] }>("GET", "/api/profile/dashboard?period=30");
        return data.supplier.find((s) => s.key === "productViews")!.total;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(3)
    .catch((error: Error) => {
      throw new Error(`${error.message}\n\nThe views the server counted:\n${countedViewsOf(productId)}`);
    });

  const page = supplier.page;
  await openPage(page, "/profile", js);
  await page
    .getByRole("navigation", { name: /Профиль|Разделы/ })
    .getByRole("link", { name: "Показатели" })
    .click();
  await expect(page).toHaveURL(/\/profile\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Показатели компании" })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="dashboard-supplier"] svg[role="img"]')).toHaveCount(10);

  // The picture and the table say the same, bucket by bucket; the totals are what happened.
  for (const key of ["productViews", "inquiries"]) {
    const { svg, table } = await chartAndTable(page, key);
    expect(table.length).toBeGreaterThanOrEqual(5);
    expect(svg.map(([period, value]) => [period, value])).toEqual(table.map(([period, text]) => [period, text]));
  }
  await expect(page.locator('table[data-series="productViews"] tfoot td')).toHaveText("3");
  await expect(page.locator('table[data-series="inquiries"] tfoot td')).toHaveText("1");
  await expect(page.locator('svg[data-series="productViews"] title').first()).toHaveText("Просмотры товаров");
  // The company buys nothing: no buyer section.
  await expect(page.getByRole("heading", { name: "Как покупатель" })).toHaveCount(0);

  const shots = existsSync(SHOTS) && js;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // The period form is on a phone's first screen.
    await expect(page.getByRole("button", { name: "Показать" })).toBeInViewport();
    if (shots) await page.screenshot({ path: `${SHOTS}/dashboard-ru-${width}.png`, fullPage: width === 1280 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The period: a plain GET form.
  await page.getByLabel("Период", { exact: true }).selectOption("365");
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page).toHaveURL(/\/profile\/dashboard\?period=365$/);
  await expect(page.locator('table[data-series="productViews"] thead th').first()).toHaveText("Месяц");
  await expect(page.locator('table[data-series="productViews"] tfoot td')).toHaveText("3");
  // An address with a period the page does not offer shows the default one, not an error.
  await openPage(page, "/profile/dashboard?period=7", js);
  await expect(page.getByLabel("Период", { exact: true })).toHaveValue("90");

  // In Chinese: the headings, the weeks by their first day, the numbers.
  await openPage(page, "/zh/profile/dashboard", js);
  await expect(page.getByRole("heading", { level: 1, name: "公司数据概览" })).toBeVisible();
  await expect(page.locator('table[data-series="productViews"] thead th').first()).toHaveText("周（起始日）");
  await expect(page.locator('table[data-series="productViews"] tbody th').first()).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  await expect(page.locator('table[data-series="inquiries"] tfoot td')).toHaveText("1");
  const { svg, table } = await chartAndTable(page, "productViews");
  expect(svg).toEqual(table);
  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/dashboard-zh-390.png` });
  }
  await supplier.page.context().close();
});
