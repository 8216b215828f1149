/**
 * A visitor browses and searches OKVED2 and TN VED EAEU in three languages. Runs in both projects:
 * "js" (client navigation, live search) and "no-js" (plain links and GET forms).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { hydrated } from "./support/page.ts";

async function search(page: Page, q: string) {
  const box = page.getByRole("searchbox");
  await box.fill(q);
  await box.press("Enter");
}

test.describe("OKVED2", () => {
  test("searching «пшеница» finds 01.11.11 and opens its page", async ({ page }) => {
    await page.goto("/okved");
    await expect(page.getByRole("heading", { level: 1, name: "ОКВЭД 2" })).toBeVisible();
    await search(page, "пшеница");
    await expect(page).toHaveURL(/q=/);
    const hit = page.getByRole("link", { name: /01\.11\.11\s*Выращивание пшеницы/ });
    await expect(hit).toBeVisible();
    await expect(hit.locator("mark").first()).toHaveText(/пшениц/i);
    await hit.click();
    await expect(page).toHaveURL(/\/okved\/01\.11\.11$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Выращивание пшеницы");
    const crumbs = page.getByRole("navigation", { name: "Навигационная цепочка" });
    await expect(crumbs.getByRole("link", { name: "01.11.1" })).toBeVisible();
  });

  test("«62.01» opens the code, with notes linking to cited codes", async ({ page }) => {
    await page.goto("/okved");
    await search(page, "62.01");
    await page.getByRole("link", { name: /^62\.01\s*Разработка компьютерного программного обеспечения/ }).click();
    await expect(page).toHaveURL(/\/okved\/62\.01$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Разработка компьютерного программного обеспечения");
    await page.goto("/okved/01.11");
    await expect(page.getByRole("heading", { name: "Не включает" })).toBeVisible();
    await page.locator(".notes").getByRole("link", { name: "01.13" }).first().click();
    await expect(page).toHaveURL(/\/okved\/01\.13$/);
  });

  test("a typo still finds the code and says what it searched for", async ({ page }) => {
    await page.goto(`/okved?q=${encodeURIComponent("пшенеца")}`);
    await expect(page.getByText("Показаны результаты по запросу «пшеницы»")).toBeVisible();
    await expect(page.getByRole("link", { name: /01\.11\.11/ })).toBeVisible();
  });

  test("the tree expands section A by a link and shows its classes", async ({ page }) => {
    await page.goto("/okved");
    await page.getByRole("link", { name: "Раскрыть A", exact: true }).click();
    await expect(page).toHaveURL(/open=A/);
    await expect(page.getByRole("link", { name: /^01\s*Растениеводство и животноводство/ })).toBeVisible();
    await page.getByRole("link", { name: "Свернуть A", exact: true }).click();
    await expect(page.getByRole("link", { name: /^01\s*Растениеводство/ })).toHaveCount(0);
  });

  test("the English page shows ISIC names and marks Russian fallbacks", async ({ page }) => {
    await page.goto("/en/okved/01.11");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "01", exact: true })).toHaveAttribute("title", /Crop and animal production/);
    await expect(page.locator("h1 [lang=ru]")).toContainText("Выращивание зерновых");
    await expect(page.locator("h1 .lang-fallback")).toHaveText("in Russian");
  });
});

test.describe("TN VED EAEU", () => {
  for (const q of ["ноутбук", "8471 30"]) {
    test(`«${q}» finds 8471 30 000 0`, async ({ page }) => {
      await page.goto("/tnved");
      await search(page, q);
      await page.getByRole("link", { name: /8471 30 000 0/ }).click();
      await expect(page).toHaveURL(/\/tnved\/8471300000$/);
      await expect(page.locator(".code-big")).toHaveText("8471 30 000 0");
      await expect(page.getByText(/Примечания к разделу XVI/)).toBeVisible();
      await expect(page.getByText(/Примечания к группе 84/)).toBeVisible();
    });
  }

  test("/zh/tnved shows sections and chapters in Chinese", async ({ page }) => {
    await page.goto("/zh/tnved");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expect(page.getByRole("link", { name: /^I\s*活动物；动物产品/ })).toBeVisible();
    await page.getByRole("link", { name: "展开 I", exact: true }).click();
    await expect(page.getByRole("link", { name: /^01\s*活动物$/ })).toBeVisible();
  });

  test("provisional 2017-edition codes are marked as such", async ({ page }) => {
    await page.goto("/tnved/0205002000");
    await expect(page.locator(".badge-warn").first()).toHaveText("предварительно");
    await expect(page.getByText("Код из редакции 2017 года")).toBeVisible();
  });
});

test.describe("languages, routing and errors", () => {
  test("every language renders with title, canonical and hreflang", async ({ page }) => {
    for (const [path, lang, title] of [
      ["/okved", "ru", "ОКВЭД 2 | Поставка"],
      ["/ru/okved", "ru", "ОКВЭД 2 | Поставка"],
      ["/en/okved", "en", "OKVED2 | Postavka"],
      ["/zh/okved", "zh", "OKVED2 | Postavka"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(4);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(lang === "ru" ? "/okved" : `/${lang}/okved`);
    }
  });

  test("the language switcher keeps the page and remembers the choice", async ({ page, context }) => {
    await page.goto("/okved/62.01");
    await page.getByRole("navigation", { name: "Язык" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/okved\/62\.01$/);
    const cookie = (await context.cookies()).find((c) => c.name === "locale");
    expect(cookie?.value).toBe("en");
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
  });

  test("moving between pages keeps the language (client navigation loads /en.data)", async ({ page }) => {
    await page.goto("/en/okved");
    await page.getByRole("banner").getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suppliers for Russia–China trade");
    await page.getByRole("link", { name: "laptop" }).click();
    await expect(page).toHaveURL(/\/en\/search\?q=laptop$/);
    await expect(page.getByRole("link", { name: /8471 30 000 0/ })).toBeVisible();
  });

  test("unknown paths, languages and codes are 404 pages", async ({ page }) => {
    for (const [path, message] of [
      ["/xx/okved", "Page Not Found: /xx/okved"],
      ["/okved/99.99.99", "Page Not Found: /okved/99.99.99"],
      ["/tnved/0000000000", "Page Not Found: /tnved/0000000000"],
      ["/no-such-page", "Page Not Found: /no-such-page"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
    }
  });

  test("unknown query parameters are cleaned with a redirect", async ({ page }) => {
    await page.goto("/okved?utm_source=x&q=62.01");
    await expect(page).toHaveURL(/\/okved\?q=62\.01$/);
  });

  test("home page searches both classifiers", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/\| Поставка$/);
    await search(page, "ноутбук");
    await expect(page).toHaveURL(/\/search\?q=/);
    // The first tab with results opens; once a supplier has published a laptop that is «Товары».
    await page.getByRole("link", { name: /^Классификаторы/ }).click();
    await expect(page.getByRole("link", { name: /8471 30 000 0/ })).toBeVisible();
  });

  test("the icon page lists every icon by name", async ({ page }) => {
    await page.goto("/ru/_icons");
    await expect(page.getByRole("heading", { level: 1, name: "Набор иконок" })).toBeVisible();
    await expect(page.locator(".icon-cell code", { hasText: "search" })).toHaveCount(1);
    expect(await page.locator(".icon-cell").count()).toBeGreaterThanOrEqual(20);
  });
});

test("live search updates results as you type (JavaScript only)", async ({ page, browserName }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "needs JavaScript");
  void browserName;
  // A console error fails the test (tests/e2e/support/test.ts).
  await page.goto("/tnved");
  // Live search starts once the page is interactive; keys typed before that only fill the box.
  await hydrated(page);
  await page.getByRole("searchbox").pressSequentially("laptop", { delay: 30 });
  await expect(page.getByRole("link", { name: /8471 30 000 0/ })).toBeVisible();
  await expect(page).toHaveURL(/q=laptop/);
});

test("results of an earlier live search never wipe what was typed since (JavaScript only)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "needs JavaScript");
  // Hold the answer for «lap» until the visitor has typed on, then let it land mid-typing: the
  // box must keep «laptop» and the next debounce must search for it.
  let releaseLap: () => void = () => {};
  const lapHeld = new Promise<void>((resolve) => (releaseLap = resolve));
  // The live search fetches the page itself as a document (app/islands/live-forms.ts).
  const lapRequest = /\/tnved\?(.*&)?q=lap(&|$)/;
  await page.route(lapRequest, async (route) => {
    if (route.request().resourceType() !== "fetch") return route.continue();
    await lapHeld;
    await route.continue();
  });
  await page.goto("/tnved");
  await hydrated(page);
  const box = page.getByRole("searchbox");
  // Listened for before typing: on a busy machine the debounce can fire while the keys are still being pressed.
  const lapSent = page.waitForRequest(lapRequest);
  await box.pressSequentially("lap");
  await lapSent;
  // Released, «lap» either lands now or — when a slow machine let the «t» debounce fire first —
  // is cancelled by the newer search; both are what a person could see. Listened for before «t»:
  // on a busy machine the press itself can outlast the debounce, and the cancel comes during it.
  const lapSettled = Promise.race([
    page.waitForResponse(lapRequest),
    page.waitForEvent("requestfailed", (request) => lapRequest.test(request.url())),
  ]);
  await box.press("t");
  releaseLap();
  await lapSettled;
  await box.pressSequentially("op");
  await expect(box).toHaveValue("laptop");
  await expect(page.getByRole("link", { name: /8471 30 000 0/ })).toBeVisible();
  await expect(page).toHaveURL(/q=laptop/);
});
