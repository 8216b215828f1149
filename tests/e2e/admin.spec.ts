/**
 * The admin area in a real browser, with JavaScript on and off (issue 7):
 * - the moderation round trip: a supplier's change of a published product waits in the queue; a
 *   moderator sees the diff (old and new names, prices, the photo), rejects it with a reason in the
 *   supplier's language (Chinese); the supplier's profile API shows the reason and the e-mail
 *   arrives; the public page still shows the published version; the supplier fixes the change; a
 *   moderator approves it on the English pages; the public page shows the new version; the audit
 *   log lists every decision;
 * - everyone who is not staff gets the 403 page on every admin page (anonymous visitors are sent to
 *   sign in), in Russian and Chinese;
 * - a filter page finds exactly the matching companies, shows facet counts, and its CSV export
 *   holds exactly the rows of the table;
 * - content pages: `liaozhong` lists the district's suppliers; a moderator writes `talp` (with a
 *   server-rendered preview) and visitors see the text.
 * Staff roles are granted with `npm run admin -- grant` on the test server's database.
 */
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  fixProductAsSupplier,
  newAddress,
  publishedProductOfNewSupplier,
  signIn,
  signInAsModerator,
  submitProductChangeAsSupplier,
  waitForMails,
} from "./admin-helpers.ts";

const tagOf = (project: string) => `${project}${Date.now().toString(36)}`;

/** Every admin page a non-staff user might try. */
const ADMIN_PAGES = [
  "/admin",
  "/admin/moderation",
  "/admin/moderation/product/1",
  "/admin/audit",
  "/admin/companies",
  "/admin/companies/1",
  "/admin/products",
  "/admin/services",
  "/admin/users",
  "/admin/users/1",
  "/admin/employees",
  "/admin/legal-entities",
  "/admin/categories",
  "/admin/categories/new",
  "/admin/service-types",
  "/admin/service-types/new",
  "/admin/press",
  "/admin/press/new",
  "/admin/tags",
  "/admin/pages",
  "/admin/pages/talp",
  "/admin/no-such-page",
];

async function expectFlash(page: Page, text: string) {
  await expect(page.locator(".toast-message", { hasText: text })).toBeVisible();
}

test("a product change is rejected with a reason, fixed by the supplier, approved, and the public page shows it", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const tag = tagOf(testInfo.project.name);
  const javaScript = testInfo.project.name === "js";

  // The supplier: a published product, then a change of it.
  const supplierContext = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  const supplierPage = await supplierContext.newPage();
  const supplierEmail = newAddress("supplier", testInfo.project.name);
  await signIn(supplierPage, supplierEmail, ["Ли", "Вэй"]);
  const { api, product } = await publishedProductOfNewSupplier(supplierPage, baseURL!, tag);
  const changed = { ru: `Ножи почвофрезы усиленные ${tag}`, en: `Heavy-duty rotary tiller blades ${tag}`, zh: `旋耕机刀片（加强型）${tag}` };
  await submitProductChangeAsSupplier(api, product.productId, changed);

  // The moderator finds it in the queue and reviews the diff.
  const moderatorContext = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  const page = await moderatorContext.newPage();
  const moderatorEmail = await signInAsModerator(page, testInfo.project.name);
  await page.goto("/admin/moderation?kind=product");
  await expect(page.getByRole("heading", { level: 1, name: "Модерация" })).toBeVisible();
  await page.getByLabel("Найти в очереди").fill(tag);
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page).toHaveURL(/kind=product&q=/);
  await expect(page.getByText("Найдена 1 запись")).toBeVisible();
  await expect(page.locator(".admin-queue-item")).toContainText("Изменения опубликованного: карточка, цены");
  await page.getByRole("link", { name: changed.ru }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/moderation/product/${product.productId}$`));
  await expect(page.getByText("Посетители видят опубликованную версию, пока изменения не одобрены.")).toBeVisible();
  const nameRow = page.locator('.diff-row[data-field="name.ru"]');
  await expect(nameRow.locator(".diff-old")).toContainText(product.names.ru);
  await expect(nameRow.locator(".diff-new")).toContainText(changed.ru);
  const prices = page.locator('.diff-row[data-field="prices"]');
  await expect(prices.locator(".diff-old .diff-removed")).toHaveText("≥ 100 шт.: 12.5 CNY");
  await expect(prices.locator(".diff-new .diff-added")).toHaveText(["≥ 100 шт.: 11.90 CNY", "≥ 1000 шт.: 10.50 CNY"]);
  // The photo is unchanged: folded with the other unchanged fields, its thumbnail on both sides.
  await expect(page.locator('.diff-row[data-field="images"] img')).toHaveCount(2);
  await expect(page.locator('.diff-row[data-field="sourceLang"]')).not.toHaveClass(/diff-changed/);
  // The supplier writes in Chinese: the reason's language is preselected.
  await expect(page.getByLabel("Язык причины")).toHaveValue("zh");

  // An empty reason is refused with the field's error; the page stays.
  await page.getByRole("button", { name: "Отклонить с причиной" }).click();
  await expect(page.getByText("Заполните это поле")).toBeVisible();
  const reason = `请在名称中注明刀片材质 ${tag}`;
  await page.getByLabel("Причина отказа").fill(reason);
  await page.getByRole("button", { name: "Отклонить с причиной" }).click();
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await expectFlash(page, "Отклонено. Причина отправлена поставщику.");

  // The supplier sees the reason in the profile and by e-mail; visitors still see the published version.
  const view = await api<{ status: string; moderationNote: string; moderationNoteLang: string; pending: { state: string } }>("GET", `/api/profile/company/products/${product.productId}`);
  expect(view).toMatchObject({ status: "published", moderationNote: reason, moderationNoteLang: "zh", pending: { state: "rejected" } });
  const mails = await waitForMails(supplierEmail, 2);
  const rejection = mails.find((m) => m.text.includes(reason))!;
  expect(rejection.subject).toBe(`Изменения «${changed.ru}» не приняты`);
  await page.goto(`/product/${product.productId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.names.ru);

  // Fixed and resubmitted; approved on the English pages.
  const fixed = { ru: `Ножи почвофрезы из стали 65Г ${tag}`, en: `Rotary tiller blades, 65Mn steel ${tag}`, zh: `旋耕机刀片（65锰钢）${tag}` };
  await fixProductAsSupplier(api, product.productId, fixed);
  await page.goto(`/en/admin/moderation/product/${product.productId}`);
  await expect(page.locator('.diff-row[data-field="name.en"] .diff-new')).toContainText(fixed.en);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/moderation$/);
  await expectFlash(page, "Approved. The company's people have been e-mailed.");
  await page.goto(`/en/product/${product.productId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fixed.en);
  await expect(page.getByText("10.50", { exact: false }).first()).toBeVisible();
  const done = await api<{ moderationNote: string | null; pending: unknown }>("GET", `/api/profile/company/products/${product.productId}`);
  expect(done).toMatchObject({ moderationNote: null, pending: null });

  // The audit log lists the decisions on this product: the CLI's first approval, the rejection, the approval.
  await page.goto(`/admin/audit?entityType=product&entityId=${product.productId}`);
  const rows = page.locator(".admin-table tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Товар одобрен");
  await expect(rows.nth(0)).toContainText(moderatorEmail);
  await expect(rows.nth(1)).toContainText("Товар отклонён");
  await expect(rows.nth(2)).toContainText("cli");
  // The moderator's name links to their user page, where the role shows.
  await rows.nth(0).getByRole("link", { name: moderatorEmail }).click();
  await expect(page.getByText("Модератор").first()).toBeVisible();
  await supplierContext.close();
  await moderatorContext.close();
});

test("everyone but staff gets the 403 page on every admin page; anonymous visitors are asked to sign in", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  for (const path of ["/admin", "/admin/audit?actor=cli", "/en/admin/companies"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo")!)).toBe(path);
  }
  await signIn(page, newAddress("curious", testInfo.project.name), ["Иван", "Любопытнов"]);
  for (const path of ADMIN_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Доступ закрыт" }), path).toBeVisible();
    // Nothing of the area leaks: no navigation, no queue size, no records.
    await expect(page.locator(".admin-nav")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText(/Модерация|Журнал|\d+ ждут/);
  }
  // The CSV export is a file, not a page: refused as plainly.
  const csv = await page.request.get("/admin/export/company?status=published");
  expect(csv.status()).toBe(403);
  expect(csv.headers()["content-type"] ?? "").not.toContain("text/csv");
  const zh = await page.goto("/zh/admin/moderation");
  expect(zh?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "无权访问" })).toBeVisible();
  await expect(page.getByText("此栏目仅供网站审核员和管理员使用。")).toBeVisible();
  const en = await page.goto("/en/admin/press");
  expect(en?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
});

test("a filter page finds exactly the matching companies with facet counts, and the CSV holds exactly its rows", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = tagOf(testInfo.project.name);
  const javaScript = testInfo.project.name === "js";
  const supplierContext = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  const supplierPage = await supplierContext.newPage();
  await signIn(supplierPage, newAddress("filtered", testInfo.project.name), ["Чжан", "Вэй"]);
  const { product } = await publishedProductOfNewSupplier(supplierPage, baseURL!, tag);
  await supplierContext.close();

  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript, acceptDownloads: true });
  const page = await context.newPage();
  await signInAsModerator(page, testInfo.project.name);
  await page.goto("/admin/companies");
  await page.getByLabel("Поиск").fill(tag);
  await page.getByLabel(/^Опубликовано/).check();
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(page.getByText("Найдена 1 запись")).toBeVisible();
  const table = page.locator(".admin-table tbody tr");
  await expect(table).toHaveCount(1);
  await expect(table.first()).toContainText(`Шэньян Ляочжун Синьда Агро ${tag}`);
  // Facets count on the other filters: the company is published, none of the others match the text.
  await expect(page.locator('label[for="facet-status-published"] .admin-facet-count')).toHaveText("1");
  await expect(page.locator('label[for="facet-status-draft"] .admin-facet-count')).toHaveText("0");
  await expect(page.locator('label[for="facet-country-CN"] .admin-facet-count')).toHaveText("1");

  // Nothing matches with the status "draft" only.
  await page.getByLabel(/^Опубликовано/).uncheck();
  await page.getByLabel(/^Черновик/).check();
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page.getByText("Ничего не найдено. Измените фильтры.")).toBeVisible();

  // The CSV of a wider filter (every company of the supplier's province, published) equals the table's rows, page by page.
  await page.goto(`/admin/companies?status=published&region=CN-21&sort=id&order=asc&limit=200`);
  const ids = (await page.locator(".admin-table tbody tr td:first-child").allTextContents()).map(Number);
  expect(ids).toContain(product.companyId);
  const exportLink = page.getByRole("link", { name: /^CSV: / });
  let csvText: string;
  if (javaScript) {
    const download = page.waitForEvent("download");
    await exportLink.click();
    await expect(page.getByText(`Готово: ${ids.length}`, { exact: false })).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^company-\d{4}-\d{2}-\d{2}\.csv$/);
    csvText = (await (await file.createReadStream()).toArray()).map((c: Buffer) => c.toString("utf8")).join("");
  } else {
    const href = await exportLink.getAttribute("href");
    const response = await page.request.get(href!);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    csvText = await response.text();
  }
  expect(csvText.charCodeAt(0)).toBe(0xfeff);
  const rows = parse(csvText, { columns: true, bom: true }) as Record<string, string>[];
  expect(rows.map((r) => Number(r.id))).toEqual(ids);
  expect(rows.find((r) => Number(r.id) === product.companyId)).toMatchObject({ name_zh: `沈阳辽中鑫达农机有限公司 ${tag}`, region_code: "CN-21", status: "published" });

  // The same search on the English products page, narrowed to the company.
  await page.goto(`/en/admin/products?company=${product.companyId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.locator(".admin-table tbody tr")).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Rotary tiller blades ${tag}` })).toBeVisible();
  await context.close();
});

test("content pages: liaozhong lists the district's suppliers; a moderator writes talp with a server-rendered preview", async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const tag = tagOf(testInfo.project.name);
  const javaScript = testInfo.project.name === "js";
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  const page = await context.newPage();

  await page.goto("/liaozhong");
  await expect(page.getByRole("heading", { level: 1, name: "Ляочжун — партнёрский район в провинции Ляонин" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Чем район полезен российским покупателям" })).toBeVisible();
  expect(await page.locator(".content-page-suppliers .company-card").count()).toBeGreaterThan(0);
  await page.goto("/zh/liaozhong");
  await expect(page.getByRole("heading", { level: 1, name: "辽中 — 辽宁省合作区" })).toBeVisible();

  // talp: its title (the entry points show while it has no text; both browser projects write it here,
  // so that state is checked by the API tests).
  await page.goto("/en/talp");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("TALP");

  const editor = await signInAsModerator(page, testInfo.project.name);
  await page.goto("/admin/pages/talp");
  const text = `## Добро пожаловать ${tag}\n\n**TALP** помогает найти поставщика.`;
  await page.locator('textarea[name="body.ru"]').fill(text);
  await page.getByRole("button", { name: "Предпросмотр" }).click();
  await expect(page.locator(".admin-preview h2", { hasText: `Добро пожаловать ${tag}` })).toBeVisible();
  await expect(page.locator(".admin-preview strong", { hasText: "TALP" })).toBeVisible();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expectFlash(page, "Сохранено.");
  await page.goto("/talp");
  await expect(page.getByRole("heading", { level: 2, name: `Добро пожаловать ${tag}` })).toBeVisible();
  await page.goto(`/admin/audit?entityType=page&entityId=talp`);
  await expect(page.locator(".admin-table tbody tr").first()).toContainText(editor);
  await context.close();
});
