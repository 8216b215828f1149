/**
 * Reported conversation messages in the admin (issue 14 §3; ADR 028), with JavaScript and without:
 * a supplier's employee answers an inquiry rudely; the buyer reports that answer from the
 * conversation («Пожаловаться», with a reason) and the supplier reports the buyer's (harmless)
 * inquiry; a moderator finds both reports at /admin/messages, each with its reason, reporter and the
 * message marked among its neighbours, hides the rude one and dismisses the other. The buyer then
 * sees the rude answer replaced by the "hidden by the moderators" note; the inquiry stays.
 * A screenshot of the queue at 1280 px (test-results/admin-messages-<project>-1280.png).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { sendInquiry } from "./support/inquiry.ts";
import { openPage } from "./support/page.ts";
import { signInAsModerator } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";

/** Reports the message of `page`'s conversation that contains `text`, with `reason`. */
async function report(page: Page, text: string, reason: string) {
  const message = page.locator(".message").filter({ hasText: text });
  await message.locator("summary", { hasText: "Пожаловаться" }).click();
  await message.getByLabel("Что не так (необязательно)").fill(reason);
  await message.getByRole("button", { name: "Пожаловаться" }).click();
  await expect(page.getByText("Спасибо: модераторы посмотрят это сообщение.")).toBeVisible();
}

test("a moderator hides a reported message and dismisses another report", async ({
  page,
  javaScriptEnabled,
  newSupplier,
  newPage,
  tag,
}, info) => {
  test.setTimeout(180_000);
  const { page: supplierPage, product } = await newSupplier({
    locale: "ru-RU",
    label: "reported-supplier",
    names: ["Грубиян", "Поставщиков"],
  });

  // The buyer asks; the supplier answers rudely.
  await signIn(page, newAddress("reporting-buyer", info.project.name), ["Вера", "Жалобина"]);
  const inquiry = `Сколько стоят 300 ножей? ${tag}`;
  const conversation = await sendInquiry(page, javaScriptEnabled, { supplierId: product.companyId }, inquiry);
  await openPage(supplierPage, conversation, javaScriptEnabled);
  const rude = `Не ваше дело, ищите в другом месте! ${tag}`;
  await supplierPage.getByLabel("Ваше сообщение").fill(rude);
  await supplierPage.getByRole("button", { name: "Отправить", exact: true }).click();
  await expect(supplierPage.locator(".message.is-own").getByText(rude)).toBeVisible();

  // Each side reports the other's message.
  await openPage(page, conversation, javaScriptEnabled);
  await report(page, rude, `Грубость ${tag}`);
  await report(supplierPage, inquiry, `Спам ${tag}`);

  // The moderator sees both reports with their reasons and the message marked in its conversation.
  const moderator = await newPage({ locale: "ru-RU" });
  await signInAsModerator(moderator, info.project.name);
  await openPage(moderator, "/admin/messages", javaScriptEnabled);
  await expect(moderator.getByRole("heading", { level: 1, name: "Жалобы на сообщения" })).toBeVisible();
  const rudeReport = moderator.locator(".admin-queue-item").filter({ hasText: `Грубость ${tag}` });
  const spamReport = moderator.locator(".admin-queue-item").filter({ hasText: `Спам ${tag}` });
  await expect(rudeReport.getByRole("link", { name: "Вера Жалобина" })).toBeVisible();
  await expect(rudeReport.locator("[aria-current=true]")).toContainText(rude);
  await expect(rudeReport.locator("[aria-current=true]")).toContainText("жалоба");
  await expect(rudeReport.getByRole("list", { name: "Сообщение в переписке" })).toContainText(inquiry);
  await expect(spamReport.locator("[aria-current=true]")).toContainText(inquiry);
  await moderator.setViewportSize({ width: 1280, height: 900 });
  await rudeReport.scrollIntoViewIfNeeded();
  await moderator.screenshot({ path: `test-results/admin-messages-${info.project.name}-1280.png`, fullPage: false });

  // Hide the rude answer, dismiss the other report: both leave the queue.
  await rudeReport.getByRole("button", { name: "Скрыть сообщение" }).click();
  await expect(moderator.getByText("Сообщение скрыто.")).toBeVisible();
  await expect(rudeReport).toHaveCount(0);
  await spamReport.getByRole("button", { name: "Отклонить жалобу" }).click();
  await expect(moderator.getByText("Жалоба отклонена.")).toBeVisible();
  await expect(spamReport).toHaveCount(0);

  // The buyer no longer sees the rude answer; the inquiry the supplier reported is still there.
  await openPage(page, conversation, javaScriptEnabled);
  await expect(page.getByText("Это сообщение скрыто модераторами.")).toBeVisible();
  await expect(page.getByText(rude)).toHaveCount(0);
  await expect(page.getByText(inquiry)).toBeVisible();
  await supplierPage.context().close();
});
