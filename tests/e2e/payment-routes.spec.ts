/**
 * Payment routes (issue 28 §3; ADR 049), with and without JavaScript (the `js` and `no-js` projects):
 * - a Chinese supplier (zh pages) adds a CNY route to Bank of China by SWIFT BIC on
 *   `/zh/profile/payment-routes`; an account number typed into the note is refused with a clear
 *   message and what was typed is kept; a wrong BIC likewise; then a RUB route to a register bank;
 *   edits (pauses) and deletes one;
 * - its public page lists the active route with "not enough recorded payments yet" (ru);
 * - `/payment-routes` renders on the server with its date, sorts by a column through links, and is in
 *   the footer and the sitemap.
 * Screenshots at 1280 and 390 px go to /work/briefs/shots (SHOTS_DIR) for review.
 */
import { mkdirSync } from "node:fs";
import { expect, test } from "./support/test.ts";

const SHOTS = process.env.SHOTS_DIR ?? "/work/briefs/shots";

async function shoot(page: import("@playwright/test").Page, name: string, project: string) {
  if (project !== "no-js" && project !== "js") return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/payroutes-${name}-${project}-${width}.png`, fullPage: width === 390 ? false : true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a supplier manages its payment routes in Chinese; buyers see them on the supplier page", async ({ newSupplier, page, tag }, info) => {
  test.slow();
  const supplier = await newSupplier({ label: "payroutes", names: ["Ли", "Вэй"], lang: "zh", locale: "zh-CN" });
  const own = supplier.page;
  await own.goto("/zh/profile/payment-routes");
  await expect(own.getByRole("heading", { level: 1, name: "付款路径" })).toBeVisible();

  // An account number in the note is refused; what was typed stays.
  await own.getByLabel("方式", { exact: true }).selectOption("bank_transfer");
  await own.getByLabel("币种", { exact: true }).selectOption("CNY");
  await own.getByLabel("外国银行", { exact: true }).fill(`Bank of China, Harbin Branch ${tag}`);
  await own.getByLabel("SWIFT BIC", { exact: true }).fill("bkchcnbj860");
  await own.getByLabel("手续费，%", { exact: true }).fill("0,5");
  await own.getByLabel("关于手续费和时限的说明", { exact: true }).fill("账号 6217 8500 0000 1234 567");
  await own.getByRole("button", { name: "添加付款路径" }).click();
  await expect(own.getByText("这看起来像账号或 IBAN：付款信息不公开，请删除")).toBeVisible();
  await expect(own.getByLabel("外国银行", { exact: true })).toHaveValue(`Bank of China, Harbin Branch ${tag}`);

  // A BIC of the wrong form.
  await own.getByLabel("关于手续费和时限的说明", { exact: true }).fill("3–5 个工作日到账");
  await own.getByLabel("SWIFT BIC", { exact: true }).fill("BKCH12BJ");
  await own.getByRole("button", { name: "添加付款路径" }).click();
  await expect(own.getByText(/SWIFT BIC 为 8 或 11 位/)).toBeVisible();
  await own.getByLabel("SWIFT BIC", { exact: true }).fill("bkch cn bj 860");
  await own.getByRole("button", { name: "添加付款路径" }).click();
  await expect(own.getByText("付款路径已添加")).toBeVisible();
  const list = own.getByTestId("own-payment-routes");
  await expect(list.getByText(`Bank of China, Harbin Branch ${tag} (BKCHCNBJ860)`)).toBeVisible();

  // A RUB route to a register bank, then paused through the edit form.
  await own.getByLabel("方式", { exact: true }).selectOption("rub_account");
  await own.getByLabel("币种", { exact: true }).selectOption("RUB");
  await own.getByLabel("俄罗斯央行登记的银行", { exact: true }).selectOption("1481");
  await own.getByRole("button", { name: "添加付款路径" }).click();
  await expect(own.getByText("付款路径已添加")).toBeVisible();
  await expect(list.getByRole("heading", { name: /ПАО Сбербанк/ })).toBeVisible();
  await shoot(own, "profile", info.project.name);

  const sber = list.locator("li").filter({ hasText: "ПАО Сбербанк" });
  await sber.getByRole("link", { name: "修改" }).click();
  await expect(own.getByRole("heading", { name: "修改付款路径" })).toBeVisible();
  await own.getByLabel("状态", { exact: true }).selectOption("false");
  await own.getByRole("button", { name: "保存" }).click();
  await expect(own.getByText("付款路径已保存")).toBeVisible();
  await expect(list.locator("li").filter({ hasText: "ПАО Сбербанк" }).getByText("已暂停")).toBeVisible();

  // A buyer (anyone) sees the active route on the supplier page, without outcomes yet.
  await page.goto(`/suppliers/${supplier.product.companyId}`);
  const card = page.getByTestId("supplier-payment-routes");
  await expect(card.getByRole("heading", { name: "Способы оплаты" })).toBeVisible();
  await expect(card.getByText(`Bank of China, Harbin Branch ${tag} (BKCHCNBJ860)`)).toBeVisible();
  await expect(card.getByText("Пока недостаточно записанных платежей")).toBeVisible();
  await expect(card.getByText("ПАО Сбербанк")).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "supplier", info.project.name);

  // Deleting the paused route.
  if (info.project.name === "js") own.once("dialog", (dialog) => void dialog.accept());
  await list.locator("li").filter({ hasText: "ПАО Сбербанк" }).getByRole("button", { name: "删除" }).click();
  await expect(own.getByText("付款路径已删除")).toBeVisible();
  await expect(list.getByText("ПАО Сбербанк")).toHaveCount(0);
  await own.context().close();
});

test("the platform's payment routes page: dated, sortable by links, in the footer and the sitemap", async ({ page }, info) => {
  await page.goto("/");
  await page.locator("footer").getByRole("link", { name: "Платёжные маршруты" }).click();
  await expect(page).toHaveURL(/\/payment-routes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Платёжные маршруты" })).toBeVisible();
  const today = new Intl.DateTimeFormat("ru-RU", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date());
  await expect(page.getByTestId("payment-routes-as-of")).toContainText(today);
  await expect(page.getByRole("heading", { name: "Банки" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Платёжные агенты" })).toBeVisible();
  await shoot(page, "platform", info.project.name);

  await page.goto("/zh/payment-routes?sort=days");
  await expect(page.getByRole("heading", { level: 1, name: "付款路径" })).toBeVisible();
  const sitemap = await (await page.request.get("/sitemaps/pages-1.xml")).text();
  expect(sitemap).toContain("/payment-routes</loc>");
});
