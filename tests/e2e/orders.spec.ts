/**
 * An order in a real browser, with JavaScript on and off (issue 28 §1–§2; ADR 048): a Russian buyer
 * company orders a Chinese supplier's product from its page («Заказать у этого поставщика»), with
 * its legal entity from the profile; the supplier, in Chinese, counters with a delivery date and its
 * unified social credit code; the buyer sees the change in the versions' diff and accepts; then the
 * stages: the journey's own steps in the page — prepayment sent and confirmed, its outcome recorded on
 * the agreed payment route, shipped with the СМГС railway bill attached (a multipart post) and
 * downloaded by the buyer under its name, a problem reported on the shipment with a proposed discount
 * the supplier accepts, closed — and the stages between them through the API, to keep the spec fast
 * (tests/api/orders.test.ts covers every stage, document and dispute rule). The buyer downloads the
 * bilingual contract, rendered to PNG. Screenshots of the order page and the dashboard at 1280 and 390 px.
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

/** A one-page PDF for the railway bill's upload (the API sniffs its type from the bytes). */
const SAMPLE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

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
  test.setTimeout(180_000);
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

  // The supplier, in Chinese, finds the order in the company inbox and counters with a delivery date and its USCC.
  const sp = supplier.page;
  await open(sp, "/zh/profile/inbox", js);
  const inboxOrders = sp.getByTestId("inbox-orders");
  await expect(inboxOrders).toContainText("请答复第 1 版");
  await inboxOrders.getByRole("link", { name: `订单 #${orderId}` }).click();
  await expect(sp).toHaveURL(new RegExp(`/zh/profile/orders/${orderId}$`));
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

  // Stages: the journey's own steps in the browser, the ones between them through the API (fast).
  const stage = (who: typeof buyerApi, stage: string, action: "mark" | "confirm", extra: Record<string, unknown> = {}) =>
    who("POST", `/api/profile/orders/${orderId}/stages`, { stage, action, ...extra });

  // The buyer marks the prepayment sent in the page; the supplier confirms it there too.
  await open(page, orderUrl, js);
  await page.getByRole("button", { name: "Отметить «Предоплата отправлена»" }).click();
  await expect(page.locator('[data-stage="prepayment_sent"]')).toContainText("Отмечен");
  const sp2 = sp;
  await open(sp2, `/zh/profile/orders/${orderId}`, js);
  await sp2.getByRole("button", { name: "确认: 预付款已汇出" }).click();
  await expect(sp2.locator('[data-stage="prepayment_received"].is-current')).toBeVisible();
  // The payer records what happened to the prepayment on the agreed route; a bad figure is refused on its field.
  await open(page, orderUrl, js);
  const payments = page.getByTestId("order-payments");
  await expect(payments).toContainText("Bank of China (BKCHCNBJ) · CNY");
  await payments.getByLabel("Результат").selectOption("credited");
  await payments.getByLabel("Дней от отправки").fill("4");
  await payments.getByLabel("Фактические комиссии").fill("35,5");
  await payments.getByRole("button", { name: "Записать результат" }).click();
  await expect(page.getByTestId("order-payments").locator(".field-error, [id$=-error]").first()).toBeVisible();
  await page.getByTestId("order-payments").getByLabel("Валюта комиссий").selectOption("USD");
  await page.getByTestId("order-payments").getByRole("button", { name: "Записать результат" }).click();
  await expect(page.getByTestId("order-payments")).toContainText("Предоплата: Зачислен · через 4 дн.");
  await stage(supplierApi, "prepayment_received", "mark");
  await stage(buyerApi, "prepayment_received", "confirm");
  await stage(supplierApi, "in_production", "mark");
  await stage(buyerApi, "in_production", "confirm");

  // The supplier ships with the СМГС railway bill attached to the mark (a multipart post).
  await open(sp2, `/zh/profile/orders/${orderId}`, js);
  const markForm = sp2.locator("form.order-stage-form").filter({ has: sp2.getByRole("button", { name: "标记“已发货”" }) });
  await markForm.getByLabel("承运人").fill("РЖД Логистика");
  await markForm.getByLabel(/^运输单据/).selectOption("smgs");
  await markForm.getByLabel("单据号").fill("СМГС 24017731");
  await markForm.getByLabel("追踪号").fill("TRK-88");
  await markForm
    .locator("input[type=file][name=files]")
    .setInputFiles({ name: "СМГС-24017731.pdf", mimeType: "application/pdf", buffer: SAMPLE_PDF });
  await markForm.getByRole("button", { name: "标记“已发货”" }).click();
  await expect(sp2.locator('[data-stage="shipped"] [data-testid=stage-documents]')).toContainText("СМГС-24017731.pdf");
  await open(page, orderUrl, js);
  const shipped = page.locator('[data-stage="shipped"]');
  await expect(shipped).toContainText("СМГС 24017731");
  await expect(shipped).toContainText("Накладная СМГС (ж/д)");
  await expect(shipped.locator("[data-kind=smgs]")).toContainText("СМГС-24017731.pdf");
  // The buyer downloads it: a private file under its original name.
  const bill = shipped.locator("[data-kind=smgs] a");
  const [billDownload] = await Promise.all([page.waitForEvent("download"), bill.click()]);
  expect(billDownload.suggestedFilename()).toBe("СМГС-24017731.pdf");
  await page.getByRole("button", { name: "Подтвердить: Отгружен" }).click();
  await expect(page.locator('[data-stage="arrived"].is-current')).toBeVisible();

  // A problem on the shipment: the buyer reports it with a photo and proposes a discount; the supplier accepts.
  await page.getByText("Сообщить о проблеме").first().click();
  const report = page.locator("form").filter({ has: page.getByRole("button", { name: "Сообщить о проблеме" }) });
  await report.getByLabel("Этап").selectOption("shipped");
  await report.getByLabel("Что не так").fill("Два места повреждены при перевалке в Забайкальске");
  await report.getByLabel("Предлагаемое решение").selectOption("discount");
  await report.getByLabel(/^Сумма/).fill("120");
  await report.getByRole("button", { name: "Сообщить о проблеме" }).click();
  const thread = page.getByTestId("order-dispute").first();
  await expect(thread).toContainText("Два места повреждены");
  await expect(thread).toContainText("Предложение: Скидка");
  await open(sp2, `/zh/profile/orders/${orderId}`, js);
  await sp2.getByTestId("order-dispute").first().getByRole("button", { name: "接受该方案" }).click();
  await expect(sp2.getByTestId("dispute-resolution")).toBeVisible();

  await stage(buyerApi, "arrived", "mark");
  await stage(supplierApi, "arrived", "confirm");
  await stage(buyerApi, "customs_cleared", "mark", { declarationNumber: "10702070/280126/3012345" });
  await stage(supplierApi, "customs_cleared", "confirm");
  await stage(buyerApi, "accepted", "mark");
  await stage(supplierApi, "accepted", "confirm");
  await stage(supplierApi, "closed", "mark");
  // The buyer confirms the last stage in the page: the order is closed.
  await open(page, orderUrl, js);
  await page.getByRole("button", { name: "Подтвердить: Закрыт" }).click();
  await expect(page.getByTestId("order-state")).toHaveText("Закрыт");
  await expect(page.locator(".order-stage-confirmed")).toHaveCount(8);
  await expect(page.getByTestId("dispute-resolution")).toBeVisible();

  // The order page (documents, the resolved dispute) at a desktop's and a phone's width.
  if (js) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`order-${width}.png`), fullPage: true });
      // Nothing on the page is wider than the phone (file inputs, the documents grid, the lines table scroll inside their box).
      const wide = await page.evaluate((w) => {
        const out: string[] = [];
        const scrolled = (el: Element) => {
          for (let p = el.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
          return false;
        };
        for (const el of document.querySelectorAll("body *")) {
          if (scrolled(el)) continue;
          const r = el.getBoundingClientRect();
          if (r.right > w + 0.5 && r.width > 0)
            out.push(
              `${el.tagName.toLowerCase()}.${String(el.className).replace(/\s+/g, ".")} ${Math.round(r.left)}–${Math.round(r.right)}`,
            );
        }
        return out.slice(0, 8);
      }, width);
      expect(wide, "elements past the phone's edge").toEqual([]);
    }
    await open(page, "/profile/dashboard?period=30", js);
    await expect(page.locator('svg[data-series="ordersByStage"]').first()).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
    }
  }
  await supplier.page.context().close();
});
