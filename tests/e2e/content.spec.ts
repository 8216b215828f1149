/**
 * Supplier content in the reader's language (issue 15 §4, ADR 031) in a real browser, with
 * JavaScript on and off. The e2e server translates with the fake LibreTranslate of
 * tests/support/fake-translator.ts (`[ru] <text>`):
 * - a supplier writes a product only in Chinese; once it is approved, a Russian reader sees the
 *   machine translation with the "Машинный перевод с китайского" marker and the original one click
 *   away; a Chinese reader sees the original without a marker;
 * - the supplier replaces the Russian name by hand on the product's edit page; the product is
 *   published, so the translation waits for a moderator (ADR 046): the edit page marks it "on
 *   moderation" and visitors keep the machine translation until it is approved; the public page
 *   then shows it without the machine marker.
 */
import { expect, test } from "./support/test.ts";
import { adminCliOk, apiAs } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";
import { hydrated } from "./support/page.ts";

test("a Chinese-only product reads in Russian with the machine-translation marker, and the supplier's own translation replaces it", async ({
  page,
  baseURL,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const tag = `${testInfo.project.name}${Date.now().toString(36)}`;
  await signIn(page, newAddress("translation", testInfo.project.name), ["Ли", "Вэй"]);
  const api = await apiAs(page.context(), baseURL!);
  const company = await api<{ id: number }>("POST", "/api/profile/company", {
    name: { zh: `辽中鑫达农机 ${tag}`, ru: `Ляочжун Синьда ${tag}`, en: `Liaozhong Xinda ${tag}` },
    sourceLang: "zh",
    country: "CN",
  });
  const name = `旋耕机刀片 ${tag}`;
  const description = "65Mn钢，热处理。";
  const product = await api<{ id: number }>("POST", "/api/profile/company/products", {
    name: { zh: name },
    description: { zh: description },
    sourceLang: "zh",
  });
  await api("PATCH", "/api/profile/company/status", { action: "submit" });
  await api("PATCH", `/api/profile/company/products/${product.id}/status`, { action: "submit" });
  await adminCliOk("approve", "company", String(company.id));
  await adminCliOk("approve", "product", String(product.id));

  // The server's job worker translates in the background: the page shows it once it is done.
  const marker = page.getByTestId("translation-name");
  await expect(async () => {
    await page.goto(`/product/${product.id}`);
    await expect(page.locator("h1")).toContainText(`[ru] ${name}`, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  if (javaScript) await hydrated(page);
  await expect(marker).toContainText("Машинный перевод с китайского");
  await expect(page.getByTestId("translation-description")).toContainText("Машинный перевод с китайского");
  const original = marker.locator(".translation-original");
  await expect(original).toBeHidden();
  await marker.getByText("Показать оригинал").click();
  await expect(original).toBeVisible();
  await expect(original).toHaveText(name);
  await expect(original).toHaveAttribute("lang", "zh");

  await page.goto(`/zh/product/${product.id}`);
  await expect(page.locator("h1")).toContainText(name);
  await expect(page.getByTestId("translation-name")).toHaveCount(0);

  // The supplier's own Russian name, from the product's edit page.
  await page.goto(`/profile/product/${product.id}`);
  if (javaScript) await hydrated(page);
  const field = page.getByLabel(/Название — русский/);
  await expect(field).toHaveValue(`[ru] ${name}`);
  await field.fill(`Ножи почвофрезы ${tag}`);
  await field.locator("xpath=ancestor::form").getByRole("button", { name: "Сохранить перевод" }).click();
  await expect(
    page.locator(".toast-message", { hasText: "Перевод сохранён. У опубликованного товара посетители увидят его" }),
  ).toBeVisible();
  await expect(page.getByLabel(/Название — русский/)).toHaveValue(`Ножи почвофрезы ${tag}`);
  await expect(page.getByText(/на модерации: посетители увидят его/)).toBeVisible();
  await page.goto(`/product/${product.id}`);
  await expect(page.locator("h1")).toContainText(`[ru] ${name}`);

  await adminCliOk("approve", "product", String(product.id));
  await expect(async () => {
    await page.goto(`/product/${product.id}`);
    await expect(page.locator("h1")).toContainText(`Ножи почвофрезы ${tag}`, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId("translation-name")).toHaveCount(0);
  await expect(page.getByTestId("translation-description")).toContainText("Машинный перевод с китайского");
});
