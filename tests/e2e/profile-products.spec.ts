/**
 * The supplier's product pages (issue 5) in a real browser, with JavaScript on (`js`) and off
 * (`no-js`), in the three languages:
 * - ru: a new user with a company adds a product (TN VED code from the real classifier, MOQ), sees
 *   the form's errors without losing what was typed, adds two price tiers (a tier of quantity 0 is
 *   refused), a real JPEG photo and a PDF, sends it for review; a moderator approves it with the CLI;
 *   buyers find it on its public page with its prices and photo.
 * - en: validation that keeps the input (missing name, tiers out of order), specifications rows, and a
 *   moderator's rejection whose reason the supplier sees on the product and in the list.
 * - zh: refused uploads through the page — a program renamed to .jpg and an SVG with a script — each
 *   with its clear message, and nothing attached.
 * The company is created through the API with the user's own session (the company pages are another
 * branch's); the moderation is the admin CLI's (tests/e2e/support/admin.ts).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { openPage } from "./support/page.ts";
import { adminCli } from "./support/admin.ts";
import { newAddress, registerUser } from "./support/session.ts";
import { jpegPhoto, pdfDocument, windowsExecutable } from "../support/files.ts";

/** Creates the signed-in user's company through the API with their own session, and publishes it (CLI). */
async function companyFor(page: Page, name: string): Promise<number> {
  const access = (await page.context().cookies()).find((c) => c.name === "access")?.value;
  expect(access, "signed in").toBeTruthy();
  const headers = { authorization: `Bearer ${access}` };
  const created = await page.request.post("/api/profile/company", {
    headers,
    data: { name: { ru: name, en: name }, sourceLang: "ru", country: "CN" },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  expect((await page.request.patch("/api/profile/company/status", { headers, data: { action: "submit" } })).status()).toBe(200);
  expect((await adminCli("approve", "company", String(id))).code).toBe(0);
  return id;
}

async function signedInSupplier(page: Page, label: string, project: string, lang: "ru" | "en" | "zh") {
  await registerUser(page, newAddress(label, project), { lang });
  await companyFor(page, `Supplier ${label} ${Date.now().toString(36)}`);
}

/** A new supplier registered in `lang`, with a published company, on the new product form with `lang` chosen as the product's language. */
async function newProductForm(page: Page, label: string, lang: "en" | "zh", project: string, javaScriptEnabled: boolean) {
  await signedInSupplier(page, label, project, lang);
  await openPage(page, `/${lang}/profile/product/new`, javaScriptEnabled);
  await page.getByRole("radio", { name: { en: "English", zh: "中文" }[lang] }).check();
}

/** The id in the product page's URL. */
function productIdOf(page: Page): number {
  const match = /\/profile\/product\/(\d+)/.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  return Number(match![1]);
}

/** Picks a TN VED code: the live combobox with JavaScript, the search step of the form without it. */
async function pickTnved(page: Page, javaScriptEnabled: boolean, labels: { search: RegExp; find: string }, query: string, code: RegExp) {
  if (javaScriptEnabled) {
    await page.getByRole("combobox", { name: labels.search }).fill(query);
    await page.getByRole("option", { name: code }).click();
  } else {
    await page.getByLabel(labels.search).fill(query);
    await page.getByRole("button", { name: labels.find, exact: true }).click();
    await page.getByRole("button", { name: code }).click();
  }
}

test.describe("supplier's products", () => {
  test("ru: a product with two price tiers, a photo and a PDF is reviewed, approved with the CLI and found by buyers", async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.setTimeout(150_000);
    await signedInSupplier(page, "products-ru", info.project.name, "ru");
    await openPage(page, "/profile/product", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Товары" })).toBeVisible();
    await page.getByRole("link", { name: "Добавить товар" }).first().click();
    await expect(page).toHaveURL(/\/profile\/product\/new$/);

    // A missing name is refused; what was typed stays.
    await page.getByLabel("Описание (Русский)").fill("Корпус из алюминия, экран 15,6 дюйма.");
    await page.getByLabel("Мин. партия").fill("10");
    await page.getByLabel("Единица", { exact: true }).selectOption("pcs");
    const refused = javaScriptEnabled ? null : page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Создать черновик" }).click();
    // Without JavaScript the server answers 400 with the errors; with it the browser never posts.
    if (refused) expect((await refused).status()).toBe(400);
    await expect(page.locator("#product-new-card\\.name-error")).toHaveText("Заполните это поле");
    await expect(page.getByLabel("Описание (Русский)")).toHaveValue("Корпус из алюминия, экран 15,6 дюйма.");
    await expect(page.getByLabel("Мин. партия")).toHaveValue("10");

    const name = `Ноутбук «Поставка» ${info.project.name} ${Date.now().toString(36)}`;
    await page.getByLabel("Название товара (Русский)").fill(name);
    await pickTnved(page, javaScriptEnabled, { search: /Найти код ТН ВЭД ЕАЭС/, find: "Найти" }, "ноутбук", /8471 30 000 0/);
    await expect(page.locator(".cp-chip")).toContainText("8471300000");
    // Still there after the code search and choice (without JavaScript: two round trips).
    await expect(page.getByLabel("Название товара (Русский)")).toHaveValue(name);
    await expect(page.getByLabel("Описание (Русский)")).toHaveValue("Корпус из алюминия, экран 15,6 дюйма.");
    await page.getByRole("button", { name: "Создать черновик" }).click();
    await expect(page).toHaveURL(/\/profile\/product\/\d+$/);
    const id = productIdOf(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator(".pp-product-header .pp-status")).toHaveText("Черновик");

    // Prices: quantity 0 is refused and the row keeps its values; then two tiers.
    await page.getByRole("link", { name: /^Цены/ }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/product/${id}/price$`));
    await page.getByLabel("От количества (ступень 1)").fill("0");
    await page.getByLabel("Цена за единицу (ступень 1)").fill("48500");
    await page.getByRole("button", { name: "+ Добавить ступень" }).click();
    await page.getByLabel("От количества (ступень 2)").fill("100");
    await page.getByLabel("Цена за единицу (ступень 2)").fill("45000");
    const tierRefused = javaScriptEnabled ? null : page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Сохранить цены" }).click();
    if (tierRefused) expect((await tierRefused).status()).toBe(400);
    await expect(page.getByText("Должно быть больше нуля")).toBeVisible();
    await expect(page.getByLabel("Цена за единицу (ступень 1)")).toHaveValue("48500");
    await expect(page.getByLabel("От количества (ступень 2)")).toHaveValue("100");
    await page.getByLabel("От количества (ступень 1)").fill("10");
    await page.getByRole("button", { name: "Сохранить цены" }).click();
    await expect(page.getByRole("table")).toContainText("48 500");
    await expect(page.getByRole("table")).toContainText("45 000");
    await expect(page.getByRole("link", { name: /^Цены/ })).toContainText("2");

    // A photo (a real JPEG) and a PDF.
    await page.getByRole("link", { name: /^Фото и документы/ }).click();
    await page.locator('input[type="file"]').setInputFiles([
      { name: "noutbuk.jpg", mimeType: "image/jpeg", buffer: await jpegPhoto(400, 300, "#3b6ea8") },
      { name: "pasport.pdf", mimeType: "application/pdf", buffer: pdfDocument() },
    ]);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Загрузить" }).click();
    await expect(page.locator(".pp-gallery-item img")).toHaveCount(1);
    await expect(page.locator(".pp-doc")).toContainText("pasport.pdf");
    await expect(page.locator(".pp-gallery-item").first()).toContainText("Главное");

    // Sent for review, approved by a moderator with the CLI.
    await page.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(page.locator(".pp-product-header .pp-status")).toHaveText("На проверке");
    await openPage(page, "/profile/product?status=moderation", javaScriptEnabled);
    await expect(page.locator(".pp-item")).toContainText(name);
    const approved = await adminCli("approve", "product", String(id));
    expect(approved.lines.join(" ")).toContain(`Product ${id} approved`);
    await openPage(page, "/profile/product?status=published", javaScriptEnabled);
    await expect(page.locator(".pp-item").filter({ hasText: name }).locator(".pp-status")).toHaveText("Опубликован");

    // Buyers see it with its prices and photo.
    await openPage(page, `/product/${id}`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const prices = page.locator(".price-table");
    await expect(prices).toContainText("10 шт.");
    await expect(prices).toContainText("48 500");
    await expect(prices).toContainText("100 шт.");
    await expect(prices).toContainText("45 000");
    const photo = page.locator(".gallery img").first();
    await expect(photo).toHaveAttribute("src", /^\/media\//);
    const image = await page.request.get((await photo.getAttribute("src"))!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
    await expect(page.getByText("8471 30 000 0")).toBeVisible();
  });

  test("en: errors keep the input, specifications are saved, and a rejection shows the moderator's reason", async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.setTimeout(120_000);
    await newProductForm(page, "products-en", "en", info.project.name, javaScriptEnabled);
    await page.getByLabel("Product name (English)").fill("");
    await page.getByLabel("Description (English)").fill("Galvanised steel, 2 mm.");
    await page.getByRole("button", { name: "Create the draft" }).click();
    await expect(page.getByText("This field is required").first()).toBeVisible();
    await expect(page.getByLabel("Description (English)")).toHaveValue("Galvanised steel, 2 mm.");
    const name = `Steel bracket 40x40 ${info.project.name} ${Date.now().toString(36)}`;
    await page.getByLabel("Product name (English)").fill(name);
    await page.getByRole("button", { name: "Create the draft" }).click();
    await expect(page).toHaveURL(/\/en\/profile\/product\/\d+$/);
    const id = productIdOf(page);

    // Specifications: a row without its value is refused, the typed label stays; then saved.
    await page.getByRole("button", { name: "+ Add a property" }).click();
    await page.getByLabel("Property 1 (English)").fill("Material");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("This field is required").first()).toBeVisible();
    await expect(page.getByLabel("Property 1 (English)")).toHaveValue("Material");
    await page.getByLabel("Value 1 (English)").fill("Steel 09G2S");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByLabel("Value 1 (English)")).toHaveValue("Steel 09G2S");

    // Tiers must rise in quantity within a currency and unit.
    await openPage(page, `/en/profile/product/${id}/price`, javaScriptEnabled);
    await page.getByLabel("From quantity (tier 1)").fill("500");
    await page.getByLabel("Price per unit (tier 1)").fill("80");
    await page.getByRole("button", { name: "+ Add a tier" }).click();
    await page.getByLabel("From quantity (tier 2)").fill("100");
    await page.getByLabel("Price per unit (tier 2)").fill("95");
    await page.getByRole("button", { name: "Save the prices" }).click();
    await expect(page.getByText("The quantity must be larger than in the previous tier with the same currency and unit")).toBeVisible();
    await expect(page.getByLabel("Price per unit (tier 2)")).toHaveValue("95");
    await page.getByLabel("From quantity (tier 1)").fill("50");
    await page.getByRole("button", { name: "Save the prices" }).click();
    await expect(page.getByRole("table")).toContainText("50");

    // Review and rejection with a reason.
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.locator(".pp-product-header .pp-status")).toHaveText("Under review");
    const reason = "Add a photo of the bracket and its load rating.";
    expect((await adminCli("reject", "product", String(id), "--reason", reason)).code).toBe(0);
    await openPage(page, `/en/profile/product/${id}`, javaScriptEnabled);
    await expect(page.locator(".pp-product-header .pp-status")).toHaveText("Rejected");
    await expect(page.locator(".pp-note")).toContainText(reason);
    await openPage(page, "/en/profile/product?status=rejected", javaScriptEnabled);
    await expect(page.locator(".pp-item").filter({ hasText: name })).toContainText(reason);
    await expect(page.getByRole("button", { name: "Send for review" })).toHaveCount(0);
  });

  test("zh: a program renamed to .jpg and an SVG are refused with a clear message and nothing is attached", async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.setTimeout(120_000);
    await newProductForm(page, "products-zh", "zh", info.project.name, javaScriptEnabled);
    await page.getByLabel("产品名称 (中文)").fill(`不锈钢保温杯 ${info.project.name}`);
    await page.getByRole("button", { name: "创建草稿" }).click();
    await expect(page).toHaveURL(/\/zh\/profile\/product\/\d+$/);
    const id = productIdOf(page);
    await openPage(page, `/zh/profile/product/${id}/file`, javaScriptEnabled);
    await page.locator('input[type="file"]').setInputFiles([
      { name: "photo.jpg", mimeType: "image/jpeg", buffer: windowsExecutable() },
      {
        name: "logo.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ]);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "上传" }).click();
    await expect(page.getByText("不接受程序和脚本")).toBeVisible();
    await expect(page.getByText(/不接受 SVG/)).toBeVisible();
    await openPage(page, `/zh/profile/product/${id}/file`, javaScriptEnabled);
    await expect(page.locator(".pp-gallery-item")).toHaveCount(0);
    await expect(page.getByText("暂无图片。", { exact: false })).toBeVisible();
  });
});
