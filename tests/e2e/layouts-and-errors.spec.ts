/**
 * Two rows of the spec that a visitor sees (issue 15, spec-coverage 2.50 and 4.9; ADR 036):
 * - the sign-in flow is on the empty layout (spec §2): the brand and the language switcher, no
 *   navigation, account links or footer;
 * - the app's error value can be cleared (spec §4): an error page's "Try again" reads the same page
 *   again and shows it once the failure has passed; "home" clears it by redirecting. A 404 offers
 *   only the way home.
 */
import { expect, test } from "./support/test.ts";
import { hydrated } from "./support/page.ts";
import { newAddress, signIn } from "./support/session.ts";

test("sign-in is on the empty layout: the brand and the languages, nothing that leads away", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Вход и регистрация" })).toBeVisible();
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Поставка: Главная" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Основное меню" })).toHaveCount(0);
  await expect(banner.getByRole("link", { name: "Войти" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  // Each language has its own sign-in route (spec §2): the switcher stays on it.
  await banner.getByRole("navigation", { name: "Язык" }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/auth$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in or register" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Postavka: Home" }).click();
  await expect(page).toHaveURL(/\/en$/);
  // Back on the default layout.
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test.describe("an error page clears the app's error", () => {
  test("a missing page offers only the way home, which clears it", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Попробовать снова" })).toHaveCount(0);
    await page.getByRole("link", { name: "На главную" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Страница не найдена" })).toHaveCount(0);
  });

  test.describe("a failure that passes", () => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the failed data request of a client-side navigation");
    // The test answers the page's data request with a 500 on purpose; the browser logs that response.
    test.use({ expectedPageErrors: /status of 500/ });

    test("'Try again' reads the same page again and shows it", async ({ page }, testInfo) => {
      // A client-side navigation happens in the hydrated app (the profile); public pages are documents (ADR 035).
      await signIn(page, newAddress("try-again", testInfo.project.name));
      await page.goto("/profile");
      await hydrated(page);
      let failed = false;
      await page.route(/\/okved\.data/, async (route) => {
        if (failed) return route.continue();
        failed = true;
        await route.fulfill({ status: 500, contentType: "text/plain", body: "the server failed" });
      });
      await page.getByRole("banner").getByRole("link", { name: "ОКВЭД 2" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Внутренняя ошибка сервера" })).toBeVisible();
      await page.getByRole("link", { name: "Попробовать снова" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "ОКВЭД 2" })).toBeVisible();
      await expect(page).toHaveURL(/\/okved$/);
      await expect(page.getByRole("heading", { level: 1, name: "Внутренняя ошибка сервера" })).toHaveCount(0);
    });
  });
});
