/**
 * An order in a real browser, with JavaScript on and off (issue 28 §1–§2; ADR 048): a Russian buyer
 * company orders a Chinese supplier's product from its page («Заказать у этого поставщика»), with
 * its legal entity from the profile; the supplier, in Chinese, counters with a delivery date and its
 * unified social credit code; the buyer sees the change in the versions' diff and accepts; then the
 * stages — prepayment sent and received, in production, shipped with an СМГС railway bill, arrived,
 * customs cleared, accepted, closed — each marked by its side and confirmed by the other, every
 * step a plain form post. The terms name one of the supplier's payment routes; the buyer records
 * what happened to the prepayment on it; the buyer downloads the bilingual contract, rendered to PNG.
 * Screenshots of the order page at 1280 and 390 px.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { apiAs } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";
import { hydrated } from "./support/page.ts";
import { innCheckDigits } from "#contract/identifiers.ts";

/** A legal entity INN with valid check digits, new to this run. */
function freshInn(): string {
  const body = `77${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  return body + innCheckDigits(body);
}

const USCC = "91350100M000100Y43";

/** Opens order `url` afresh (the other side acted meanwhile). */
async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await hydrated(page);
}

test("a buyer orders from a Chinese supplier's product page; the supplier counters the date; both carry it to closed", async ({
  page,
  javaScriptEnabled: js,
  newSupplier,
  tag,
}, testInfo) => {
  test.setTimeout(600_000);
  const project = testInfo.project.name;
  const supplier = await newSupplier({ locale: "zh-CN", lang: "zh", label: "order-supplier", names: ["王", "伟"] });
  const supplierApi = await apiAs(supplier.page.context(), testInfo.project.use.baseURL!);
  await supplierApi("POST", "/api/profile/company/payment-routes", {
    kind: "bank_transfer",
    currency: "CNY",
    foreignBankName: "Bank of China",
    swiftBic: "BKCHCNBJ",
  });

  // The buyer: a Russian company with one legal entity.
  await signIn(page, newAddress("order-buyer", project), ["Ольга", "Заказова"]);
  const buyerApi = await apiAs(page.context(), testInfo.project.use.baseURL!);
  await buyerApi("POST", "/api/profile/company", {
    name: { ru: `ООО «Закупщик ${tag}»` },
    sourceLang: "ru",
    country: "RU",
  });
  await buyerApi("POST", "/api/profile/company/legal-entities", { kind: "legal", inn: freshInn(), nameFull: `ООО «Закупщик ${tag}»` });

  // From the product page to the new order form: the product is the first line.
  await open(page, `/product/${supplier.product.productId}`, js);
  await page.getByTestId("order-from-product").click();
  await expect(page.getByRole("heading", { name: "Новый заказ" })).toBeVisible();
  await expect(page.getByLabel("Товар", { exact: true })).toHaveValue(supplier.product.names.ru);
  await page.getByLabel("Место", { exact: true }).fill("Далянь");
  await page.getByLabel("Срок изготовления, дней").fill("30");
  await page.getByLabel("Платёжный маршрут", { exact: true }).selectOption({ label: "Bank of China (BKCHCNBJ) · CNY" });
  await page.getByRole("button", { name: "Отправить предложение" }).click();
  await expect(page.getByTestId("order-state")).toHaveText("Согласование");
  await expect(page.getByText("Ждёт ответа другой стороны")).toBeVisible();
  const orderUrl = new URL(page.url()).pathname;
  const orderId = orderUrl.split("/").pop()!;

  // The supplier, in Chinese, counters with a delivery date and its USCC.
  const sp = supplier.page;
  await open(sp, `/zh/profile/orders/${orderId}`, js);
  await expect(sp.getByText("等待您的答复")).toBeVisible();
  await sp.getByRole("link", { name: "还价" }).click();
  await expect(sp.getByRole("heading", { name: "还价" })).toBeVisible();
  const date = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  await sp.getByLabel("交货日期").fill(date);
  await sp.getByLabel("注册名称").fill("大连管道有限公司");
  await sp.getByLabel("统一社会信用代码").fill("91350100M000100Y44");
  await sp.getByRole("button", { name: "发送还价" }).click();
  // A wrong check character is refused with the reason, nothing typed lost.
  await expect(sp.getByText("统一社会信用代码无效")).toBeVisible();
  await expect(sp.getByLabel("注册名称")).toHaveValue("大连管道有限公司");
  await sp.getByLabel("统一社会信用代码").fill(USCC);
  await sp.getByRole("button", { name: "发送还价" }).click();
  await expect(sp.getByText("等待对方答复")).toBeVisible();

  // The buyer sees the changed delivery date in the diff and accepts version 2.
  await open(page, orderUrl, js);
  await expect(page.getByText("Изменения относительно версии 1")).toBeVisible();
  await expect(page.locator(".diff").getByText("Дата поставки")).toBeVisible();
  if (js) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`order-proposed-${width}.png`), fullPage: width === 1280 });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.getByRole("button", { name: "Принять версию 2" }).click();
  await expect(page.getByTestId("order-state")).toHaveText("Подтверждён");
  await expect(page.getByTestId("consents").locator("li")).toHaveCount(2);

  // The agreed version as the bilingual contract: a PDF that renders (Russian and Chinese glyphs).
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Договор \(PDF/ }).click()]);
  const pdf = testInfo.outputPath("contract.pdf");
  await download.saveAs(pdf);
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
  execFileSync("pdftoppm", ["-r", "50", "-png", "-f", "1", "-l", "1", pdf, testInfo.outputPath("contract")]);
  expect(statSync(testInfo.outputPath("contract-1.png")).size).toBeGreaterThan(10_000);

  /** `who` marks the current stage (its button names it), then `other` confirms it. */
  const buyerStage = { page, url: orderUrl, mark: (s: string) => `Отметить «${s}»`, confirm: (s: string) => `Подтвердить: ${s}` };
  const supplierStage = {
    page: sp,
    url: `/zh/profile/orders/${orderId}`,
    mark: (s: string) => `标记“${s}”`,
    confirm: (s: string) => `确认: ${s}`,
  };
  async function step(
    who: typeof buyerStage,
    other: typeof buyerStage,
    names: { mine: string; theirs: string },
    fill?: (p: Page) => Promise<void>,
  ) {
    await open(who.page, who.url, js);
    if (fill) await fill(who.page);
    await who.page.getByRole("button", { name: who.mark(names.mine) }).click();
    await expect(who.page.getByText(names.mine).first()).toBeVisible();
    await open(other.page, other.url, js);
    await other.page.getByRole("button", { name: other.confirm(names.theirs) }).click();
    await expect(other.page.locator("[data-stage].is-current, [data-testid=order-state]").first()).toBeVisible();
  }
  await step(buyerStage, supplierStage, { mine: "Предоплата отправлена", theirs: "预付款已汇出" });
  // The payer records what happened to the prepayment on the agreed route.
  await open(page, orderUrl, js);
  const payments = page.getByTestId("order-payments");
  await expect(payments).toContainText("Bank of China (BKCHCNBJ) · CNY");
  await payments.getByLabel("Результат").selectOption("credited");
  await payments.getByLabel("Дней от отправки").fill("4");
  await payments.getByLabel("Фактические комиссии").fill("35,5");
  await payments.getByLabel("Валюта комиссий").selectOption("USD");
  await payments.getByRole("button", { name: "Записать результат" }).click();
  await expect(page.getByTestId("order-payments")).toContainText("Предоплата: Зачислен · через 4 дн.");
  await step(supplierStage, buyerStage, { mine: "预付款已收到", theirs: "Предоплата получена" });
  await step(supplierStage, buyerStage, { mine: "生产中", theirs: "В производстве" });
  await step(supplierStage, buyerStage, { mine: "已发货", theirs: "Отгружен" }, async (p) => {
    await p.getByLabel("承运人").fill("РЖД Логистика");
    await p.getByLabel(/^运输单据/).selectOption("smgs");
    await p.getByLabel("单据号").fill("СМГС 24017731");
    await p.getByLabel("追踪号").fill("TRK-88");
  });
  await open(page, orderUrl, js);
  await expect(page.locator('[data-stage="shipped"]')).toContainText("СМГС 24017731");
  await expect(page.locator('[data-stage="shipped"]')).toContainText("Накладная СМГС (ж/д)");
  await step(buyerStage, supplierStage, { mine: "Прибыл", theirs: "已到达" });
  await step(buyerStage, supplierStage, { mine: "Растаможен", theirs: "已清关" }, async (p) => {
    await p.getByLabel("Номер декларации на товары").fill("10702070/280126/3012345");
  });
  await step(buyerStage, supplierStage, { mine: "Принят покупателем", theirs: "买方已验收" });
  await step(supplierStage, buyerStage, { mine: "已完成", theirs: "Закрыт" });
  await open(page, orderUrl, js);
  await expect(page.getByTestId("order-state")).toHaveText("Закрыт");
  await expect(page.locator(".order-stage-confirmed")).toHaveCount(8);

  // The order page at a desktop's and a phone's width.
  if (js) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });
    }
  }
  await supplier.page.context().close();
});
