/**
 * Drafts in bulk (issue 26 §3, ADR 047), with JavaScript on and off: a supplier with three drafts ticks
 * two on the product list and sends them for moderation in one action, sees what was done and why the
 * third was left; then sets a country of origin on "all products in this list". A moderator finds the two
 * as one submission at the top of the queue, reads its summary and sample, approves it in one action, and
 * the products are published; the supplier gets one e-mail for both. Screenshots at 1280 and 390 px.
 */
import { apiAs, signInAsModerator } from "./support/admin.ts";
import { openPage } from "./support/page.ts";
import { mailsTo, newAddress, signIn } from "./support/session.ts";
import { expect, test } from "./support/test.ts";

test("a supplier sends two drafts in one action; a moderator approves them as one submission", async ({
  page,
  baseURL,
  javaScriptEnabled: js,
  newPage,
  tag,
}, info) => {
  test.setTimeout(180_000);
  const email = newAddress("bulk-supplier", info.project.name);
  await signIn(page, email, ["Фёдор", "Оптовиков"]);
  const api = await apiAs(page.context(), baseURL!);
  await api("POST", "/api/profile/company", { name: { ru: `ООО «Фланцы ${tag}»` }, sourceLang: "ru", country: "RU" });
  const names = ["Фланец Ду50", "Фланец Ду80", "Фланец Ду100"].map((n) => `${n} ${tag}`);
  const ids: number[] = [];
  for (const name of names)
    ids.push((await api<{ id: number }>("POST", "/api/profile/company/products", { name: { ru: name }, sourceLang: "ru" })).id);

  await openPage(page, "/profile/product?status=draft", js);
  await page.getByRole("checkbox", { name: `Выбрать «${names[0]}»` }).check();
  await page.getByRole("checkbox", { name: `Выбрать «${names[1]}»` }).check();
  const bulk = page.locator("#pp-bulk");
  await bulk.getByLabel("Действие").selectOption("submit");
  await bulk.getByRole("button", { name: "Применить" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 товара отправлены на модерацию" })).toBeVisible();
  await expect(page.getByText("Модератор проверит их вместе.")).toBeVisible();

  // Every product the list shows, by the filter: the one draft left gets a country; the two under review are counted.
  await openPage(page, "/profile/product", js);
  await bulk.getByLabel(/Все 3 товара этого списка/).check();
  await bulk.getByLabel("Действие").selectOption("set");
  await bulk.getByText("Какие поля заполнить").click();
  await bulk.getByLabel("Страна происхождения").selectOption("CN");
  await bulk.getByRole("button", { name: "Применить" }).click();
  const result = page.getByRole("status").filter({ hasText: "1 товар изменён" });
  await expect(result).toBeVisible();
  await expect(result).toContainText("2 уже на модерации");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/bulk-drafts/list-390-${info.project.name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/bulk-drafts/list-1280-${info.project.name}.png`, fullPage: true });

  const moderator = await newPage();
  await signInAsModerator(moderator, info.project.name);
  await openPage(moderator, "/admin/moderation", js);
  await moderator.getByRole("link", { name: `2 товара от ООО «Фланцы ${tag}»` }).click();
  await expect(moderator.getByRole("heading", { name: /Выборка: 2 товара/ })).toBeVisible();
  await expect(moderator.getByText("Без кода ТН ВЭД: 2")).toBeVisible();
  await moderator.screenshot({ path: `test-results/bulk-drafts/submission-1280-${info.project.name}.png`, fullPage: true });
  await moderator.getByRole("button", { name: "Одобрить и опубликовать все 2 товара" }).click();
  await expect(moderator).toHaveURL(/\/admin\/moderation$/);

  await expect
    .poll(async () => (await api<{ status: string }[]>("GET", "/api/profile/company/products?perPage=10")).map((p) => p.status).sort(), {
      timeout: 30_000,
    })
    .toEqual(["draft", "published", "published"]);
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.subject.includes("опубликованы")).length, { timeout: 20_000 })
    .toBe(1);
});
