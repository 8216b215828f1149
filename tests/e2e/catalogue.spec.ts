/**
 * A visitor's journey through the seeded demo catalogue, with JavaScript on and off: home → catalogue →
 * product → supplier → the supplier's OKVED activity → other suppliers; search → product; guards and 404s.
 */
import { expect, test } from "./support/test.ts";
import { hydrated } from "./support/page.ts";

test("home → catalogue → product → supplier → OKVED → another supplier", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Основное меню" }).first().getByRole("link", { name: "Каталог" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Каталог товаров" })).toBeVisible();
  await page.locator(".category-card h2 a").first().click();
  await expect(page).toHaveURL(/\/catalog\/\d+$/);
  await expect(page.getByText(/Найдено \d/)).toBeVisible();

  await page.locator(".product-card-link").first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Код ТН ВЭД")).toBeVisible();
  const supplierName = await page.locator(".supplier-box .company-card-name a").innerText();

  await page.locator(".supplier-box .company-card-name a").click();
  await expect(page).toHaveURL(/\/suppliers\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(supplierName);
  const activities = page.locator("section", { has: page.getByRole("heading", { name: "Виды деятельности (ОКВЭД)" }) });
  await activities.locator("a.code-ref").first().click();
  await expect(page).toHaveURL(/\/okved\/\d{2}(\.\d{1,2}){0,2}$/);
  await expect(page.getByRole("heading", { name: /Поставщики с этим видом деятельности/ })).toBeVisible();
  const others = page.locator(".company-card-name a");
  expect(await others.count()).toBeGreaterThan(0);
  await others.first().click();
  await expect(page).toHaveURL(/\/suppliers\/\d+$/);
});

test("search → product, with the matched translation shown for a Chinese supplier's product", async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent("трубы")}`);
  await expect(page.getByRole("link", { name: /Товары \d/ })).toHaveAttribute("aria-current", "page");
  const cards = page.locator(".product-card-link");
  expect(await cards.count()).toBeGreaterThan(0);
  await cards.first().click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await page.goto(`/zh/search?q=${encodeURIComponent("钢管")}`);
  expect(await page.locator(".product-card").count()).toBeGreaterThan(0);
});

test("a misspelled search shows what it searched for instead", async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent("подшипнки")}`);
  await expect(page.getByRole("status").filter({ hasText: /Показаны результаты по запросу «подшипник/ })).toBeVisible();
  expect(await page.locator(".product-card").count()).toBeGreaterThan(0);
  await page.goto(`/en/search?q=${encodeURIComponent("bearngs")}`);
  await expect(page.getByText(/Showing results for “bearing/)).toBeVisible();
});

test("the footer links the top categories with their product counts", async ({ page }) => {
  await page.goto("/en/press_center");
  const footer = page.getByRole("navigation", { name: "Catalogue categories" });
  const links = footer.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(5);
  const first = footer.getByRole("listitem").first();
  await expect(first).toHaveText(/\d/);
  const name = (await links.first().innerText()).trim();
  await links.first().click();
  await expect(page).toHaveURL(/\/en\/catalog\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("a category filters by region and verification through the facet form", async ({ page, javaScriptEnabled }) => {
  await page.goto("/catalog");
  await page.locator(".category-card h2 a").first().click();
  const form = page.getByRole("form", { name: "Фильтры" });
  // With JavaScript a change applies at once (app/islands/live-forms.ts): wait for the runtime first.
  if (javaScriptEnabled) await hydrated(page);
  await form.getByLabel(/Только проверенные/).check();
  if (!javaScriptEnabled) await form.getByRole("button", { name: "Применить" }).click();
  await expect(page).toHaveURL(/verified=1/);
  for (const badge of await page.locator(".product-card-supplier").all()) await expect(badge.getByText("Проверен")).toBeVisible();
});

test("on a phone a category shows its sort and first products on the first screen, its filters one tap away", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/catalog", "/suppliers"]) {
    await page.goto(path);
    if (path === "/catalog") await page.locator(".category-card h2 a").first().click();
    const form = page.getByRole("form", { name: "Фильтры" });
    const region = form.getByLabel("Регион");
    await expect(region).toBeHidden();
    const first = page.locator(".product-card, .company-card").first();
    const box = (await first.boundingBox())!;
    expect(box.y, `${path}: the first card starts within the phone's first screen`).toBeLessThan(844 - 100);
    // The summary opens the rest, with or without JavaScript (a <details> element).
    await form.locator("summary").click();
    await expect(region).toBeVisible();
  }
  // With filters set (a link to an OKVED code's suppliers, a filter applied) the cards still come
  // first; the summary says how many filters narrow the list.
  await page.goto("/suppliers?kind=manufacturer&okved=10");
  const form = page.getByRole("form", { name: "Фильтры" });
  await expect(form.locator("summary")).toContainText("выбрано: 2");
  await expect(form.getByLabel("Регион")).toBeHidden();
  const first = (await page.locator(".company-card").first().boundingBox())!;
  expect(first.y, "with filters set, the first card starts within the phone's first screen").toBeLessThan(844 - 100);
  await form.locator("summary").click();
  await expect(form.locator('input[name="okved"]')).toHaveValue("10");
  // On a wide screen every filter shows in the sidebar, no tap needed.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/suppliers");
  await expect(page.getByRole("form", { name: "Фильтры" }).getByLabel("Регион")).toBeVisible();
});

test("supplier list, press centre and services render with their filters", async ({ page }) => {
  await page.goto("/suppliers?kind=manufacturer");
  await expect(page.getByText(/Найден[о]? \d/)).toBeVisible();
  for (const card of (await page.locator(".company-card").all()).slice(0, 5)) await expect(card.getByText("Производитель")).toBeVisible();
  await page.goto("/press_center");
  expect(await page.locator(".story-card").count()).toBeGreaterThan(0);
  await page.locator(".story-card h2 a").first().click();
  await expect(page).toHaveURL(/\/press_center\/[a-z0-9-]+$/);
  await expect(page.locator(".story-body")).not.toBeEmpty();
  await page.goto("/services");
  await page.locator(".category-card h2 a").first().click();
  await expect(page).toHaveURL(/\/services\/company\?serviceType=/);
});

test("guards: unknown parameters are cleaned, bad pages and unknown ids are 404s", async ({ page }) => {
  await page.goto("/suppliers?utm_source=x&kind=trader");
  await expect(page).toHaveURL(/\/suppliers\?kind=trader$/);
  for (const [path, message] of [
    ["/services/company?page=abc", "Page Not Found: /services/company"],
    ["/press_center?page=999", "Page Not Found: /press_center"],
    ["/product/99999999", "Page Not Found: /product/99999999"],
    ["/suppliers/abc", "Page Not Found: /suppliers/abc"],
    ["/catalog/99999", "Page Not Found: /catalog/99999"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(message)).toBeVisible();
  }
});

test("TN VED pages list the products classified under the code", async ({ page }) => {
  await page.goto("/tnved/73");
  await expect(page.getByRole("heading", { name: /Товары с этим кодом/ })).toBeVisible();
});

test("sitemaps cover products, suppliers and stories in three languages", async ({ request }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  for (const type of ["products-1", "suppliers-1", "stories-1", "okved-1", "tnved-1"]) expect(index).toContain(`/sitemaps/${type}.xml`);
  const products = await (await request.get("/sitemaps/products-1.xml")).text();
  expect(products).toMatch(/<loc>[^<]+\/product\/\d+<\/loc>/);
  expect(products).toContain('hreflang="zh"');
});
