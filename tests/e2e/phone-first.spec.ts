/**
 * Phones first (issue 26 §7, defects #11, #13; ADR 042): the marketplace pages at 390×844, as a
 * phone opens them the first time (no viewport cookie yet) and again (with it). For each page the
 * test fails when its primary action (request a price, send the inquiry, quote) is below the first
 * screen, or when the site header is taller than 120 px; the buying requests are one tap away in
 * the header's menu. Screenshots of every page go to test-results/phone-first/ for a person to
 * look at.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { apiAs, signInAsModerator } from "./support/admin.ts";
import { hydrated } from "./support/page.ts";
import { newAddress, signIn } from "./support/session.ts";

const PHONE = { width: 390, height: 844 };
const HEADER_MAX_PX = 120;

/** Opens `path` at phone size and checks the header's height and that `action` starts inside the first screen. */
async function firstScreen(page: Page, js: boolean, path: string, action: (page: Page) => Locator, shot: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  if (js) await hydrated(page);
  const header = await page.getByRole("banner").boundingBox();
  expect(header, `${path}: a header`).not.toBeNull();
  expect(header!.height, `${path}: the header is ${header!.height} px tall`).toBeLessThanOrEqual(HEADER_MAX_PX);
  const target = action(page).first();
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box, `${path}: the primary action is laid out`).not.toBeNull();
  // Scroll position 0: the action's top edge must be on the first screen, its bottom too.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box!.y + box!.height, `${path}: the primary action ends at y=${box!.y + box!.height}`).toBeLessThanOrEqual(PHONE.height);
  // Nothing wider than the phone: no sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `test-results/phone-first/${shot}.png`, fullPage: true });
}

test.describe("phones first", () => {
  // Creates a supplier, a buyer, a moderator and a buying request: minutes on a loaded 2-core machine.
  test.describe.configure({ timeout: 240_000 });

  test("product, supplier and inquiry form: the primary action in the first screen, the header ≤ 120 px", async ({
    page,
    baseURL,
    javaScriptEnabled: js,
  }, info) => {
    const suffix = info.project.name;
    // A seeded supplier with many products: the case where the button used to sit 4,500 px down.
    const listed = await (await fetch(new URL("/api/companies?perPage=50&lang=ru", baseURL))).json();
    const busy = (listed.data as { id: number; productCount?: number }[]).sort((a, b) => (b.productCount ?? 0) - (a.productCount ?? 0))[0]!;
    const products = await (await fetch(new URL(`/api/companies/${busy.id}/products?perPage=1&lang=ru`, baseURL))).json();
    const productId = (products.data as { id: number }[])[0]!.id;

    await firstScreen(
      page,
      js,
      `/suppliers/${busy.id}`,
      (p) => p.getByRole("main").getByRole("link", { name: "Запросить цену" }),
      `supplier-ru-${suffix}`,
    );
    // Once more with the viewport cookie the browser has written by now (the phone's own header).
    await firstScreen(
      page,
      js,
      `/zh/suppliers/${busy.id}`,
      (p) => p.getByRole("main").getByRole("link", { name: "询价" }),
      `supplier-zh-${suffix}`,
    );
    await firstScreen(
      page,
      js,
      `/product/${productId}`,
      (p) => p.getByRole("main").getByRole("link", { name: "Запросить цену" }),
      `product-ru-${suffix}`,
    );
    await firstScreen(
      page,
      js,
      `/inquiry/new?supplier=${busy.id}&product=${productId}`,
      (p) => p.getByRole("main").getByRole("checkbox").first(),
      `inquiry-ru-${suffix}`,
    );
    // The form's fields follow the chosen product, not thousands of pixels of others.
    const message = await page.getByLabel("Сообщение", { exact: true }).boundingBox();
    expect(message!.y, "the message field is within two screens").toBeLessThan(PHONE.height * 2);

    // The header's menu has the buying requests (#13); without JavaScript too (a <details>).
    await page.getByRole("banner").getByText("Меню", { exact: true }).click();
    await page.getByRole("banner").getByRole("link", { name: "Запросы на закупку" }).click();
    await expect(page).toHaveURL(/\/rfq$/);
  });

  test("a buying request and the quote form, signed in: the primary action in the first screen, the header ≤ 120 px", async ({
    page,
    baseURL,
    javaScriptEnabled: js,
    newSupplier,
    tag,
  }, info) => {
    const suffix = info.project.name;
    // A public buying request, approved, and the invited supplier's quote form.
    const supplier = await newSupplier({ locale: "ru-RU", label: "phone-quoter", names: ["Пётр", "Телефонов"] });
    await signIn(page, newAddress("phone-buyer", suffix), ["Вера", "Мобильная"]);
    const buyerApi = await apiAs(page.context(), baseURL!);
    const deadline = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const rfq = await buyerApi<{ id: number }>("POST", "/api/profile/rfq?lang=ru", {
      title: `Трубы стальные 57×3,5 ${tag}`,
      description: "Трубы бесшовные, ГОСТ 8732, 20 т.",
      lang: "ru",
      tnvedCode: "7304193009",
      quantity: "20",
      unit: "t",
      incoterms: "FCA",
      destinationCountry: "RU",
      destinationCity: "Новосибирск",
      deadline,
      visibility: "public",
      invitedCompanyIds: [supplier.product.companyId],
    });
    await buyerApi("POST", `/api/profile/rfq/${rfq.id}/status?lang=ru`, { action: "submit" });
    const moderator = await (await page.context().browser()!.newContext({ baseURL })).newPage();
    await signInAsModerator(moderator, suffix);
    await (
      await apiAs(moderator.context(), baseURL!)
    )("POST", `/app/admin/moderation/rfq/${rfq.id}/approve`);
    await moderator.context().close();

    await firstScreen(
      supplier.page,
      js,
      `/rfq/${rfq.id}`,
      (p) => p.getByRole("main").getByRole("link", { name: /предложение/i }),
      `rfq-item-ru-${suffix}`,
    );
    await firstScreen(
      supplier.page,
      js,
      `/profile/quotes/new?rfq=${rfq.id}`,
      (p) => p.getByRole("main").getByLabel("Цена за единицу").first(),
      `quote-form-ru-${suffix}`,
    );
    await supplier.page.context().close();
  });
});
