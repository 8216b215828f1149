/**
 * "Translate" on a conversation message (issue 14 follow-up; ADR 033), with JavaScript and without,
 * against the e2e server's fake LibreTranslate: a buyer writes in Russian; the supplier's employee
 * reads the conversation in English, presses «Translate», sees the machine translation marked as
 * such (the fake's "translation" is `[en] <text>`, tests/support/fake-translator.ts), and the
 * original one link away. The buyer, reading in Russian, is offered nothing.
 */
import { expect, test } from "./support/test.ts";
import { sendInquiry } from "./support/inquiry.ts";
import { openPage } from "./support/page.ts";
import { newAddress, signIn } from "./support/session.ts";

test("the supplier reads the buyer's Russian message in English on request, the original one click away", async ({
  page,
  javaScriptEnabled,
  newSupplier,
  tag,
}, info) => {
  test.setTimeout(180_000);
  const { page: supplierPage, product } = await newSupplier({ locale: "en-GB", label: "translate-supplier", names: ["Li", "Wei"] });

  await signIn(page, newAddress("translate-buyer", info.project.name), ["Анна", "Покупателева"]);
  const text = `Нужна цена на 200 штук с доставкой в Казань ${tag}`;
  const conversation = await sendInquiry(page, javaScriptEnabled, { supplierId: product.companyId }, text);
  // The buyer reads their own language: nothing to translate.
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole("button", { name: "Перевести" })).toHaveCount(0);

  await openPage(supplierPage, `/en${conversation}`, javaScriptEnabled);
  const message = supplierPage.locator(".message").filter({ hasText: text });
  await message.getByRole("button", { name: "Translate" }).click();
  await expect(supplierPage).toHaveURL(/\/en\/profile\/conversations\/\d+\?translated=\d+/);
  const translated = supplierPage.locator(".message-translated");
  await expect(translated).toHaveText(`[en] ${text}`);
  await expect(translated).toHaveAttribute("lang", "en");
  await expect(supplierPage.getByText("Machine translation from Русский")).toBeVisible();
  await expect(supplierPage.getByRole("button", { name: "Translate" })).toHaveCount(0);
  if (!javaScriptEnabled) {
    for (const width of [1280, 375]) {
      await supplierPage.setViewportSize({ width, height: 900 });
      await supplierPage.locator(".message-list").screenshot({ path: info.outputPath(`message-translated-${width}.png`) });
    }
  }

  await supplierPage.getByRole("link", { name: "Show the original" }).click();
  await expect(supplierPage.getByText(text, { exact: true })).toBeVisible();
  await expect(supplierPage.locator(".message-translated")).toHaveCount(0);
  await supplierPage.getByRole("link", { name: "Show the translation" }).click();
  await expect(supplierPage.locator(".message-translated")).toHaveText(`[en] ${text}`);
  await supplierPage.context().close();
});
