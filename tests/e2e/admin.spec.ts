/**
 * The admin area in a real browser, with JavaScript on and off (issue 7):
 * - the moderation round trip, in ru, en and zh: on the profile pages a supplier renames a published
 *   product and changes its prices; a moderator finds the change in the queue and sees the diff (old
 *   and new names, prices, the photo), rejects it with a reason in the supplier's language (Chinese);
 *   the supplier sees the reason on the product's page and by e-mail while the public page still
 *   shows the published version; the supplier fixes the name and sends it again; the moderator
 *   approves; the public page shows the new version; the audit log lists every decision;
 * - everyone who is not staff gets the 403 page on every admin page (anonymous visitors are sent to
 *   sign in), in Russian and Chinese;
 * - a filter page finds exactly the matching companies, shows facet counts, and its CSV export
 *   holds exactly the rows of the table;
 * - an INN conflict (security review F7, ADR 034): a second company submits with a published
 *   company's INN; the moderator sees the conflict in the queue and on the item, approving is
 *   refused with the reason, and the squatter is rejected;
 * - content pages: `liaozhong` lists the district's suppliers; a moderator writes `talp` (with a
 *   server-rendered preview) and visitors see the text.
 * Staff roles are granted with `npm run admin -- grant` on the test server's database.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { parse } from "csv-parse/sync";
import { adminCliOk, apiAs, signInAsModerator } from "./support/admin.ts";
import { innCheckDigits } from "#server/catalog/identifiers.ts";
import { newAddress, signIn, waitForMails } from "./support/session.ts";
import { hydrated } from "./support/page.ts";

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

/** Opens `path`; with JavaScript, waits until the page is interactive (the language tabs need it). */
async function openPage(page: Page, path: string, javaScript: boolean) {
  await page.goto(path);
  if (javaScript) await hydrated(page);
}

/** What the supplier's and the moderator's pages say, per interface language (the locales files). */
const ROUND_TRIP = {
  ru: {
    langName: "Русский",
    productName: "Название товара",
    save: "Сохранить и отправить изменения на проверку",
    savedPending: "Изменения сохранены и ждут проверки модератора; до этого в каталоге прежняя версия.",
    prices: /^Цены/,
    tier: (field: "from" | "price" | "currency", n: number) =>
      `${{ from: "От количества", price: "Цена за единицу", currency: "Валюта" }[field]} (ступень ${n})`,
    addTier: "+ Добавить ступень",
    pricesSaved: "Цены сохранены.",
    pendingReview: "Изменения на проверке",
    pendingRejected: "Изменения отклонены",
    resubmit: "Отправить изменения на проверку снова",
    moderation: "Модерация",
    findInQueue: "Найти в очереди",
    show: "Показать",
    foundOne: "Найдена 1 запись",
    changes: "Изменения опубликованного: карточка, цены",
    publishedStays: "Посетители видят опубликованную версию, пока изменения не одобрены.",
    reasonLang: "Язык причины",
    reason: "Причина отказа",
    reject: "Отклонить с причиной",
    required: "Заполните это поле",
    rejected: "Отклонено. Причина отправлена поставщику.",
    approve: "Одобрить и опубликовать",
    approved: "Одобрено. Сотрудники компании получили письмо.",
    published: "Опубликован",
    auditApproved: "Товар одобрен",
    auditRejected: "Товар отклонён",
    moderator: "Модератор",
  },
  en: {
    langName: "English",
    productName: "Product name",
    save: "Save and send the changes for review",
    savedPending: "Changes saved; they await a moderator, and the catalogue shows the previous version until then.",
    prices: /^Prices/,
    tier: (field: "from" | "price" | "currency", n: number) =>
      `${{ from: "From quantity", price: "Price per unit", currency: "Currency" }[field]} (tier ${n})`,
    addTier: "+ Add a tier",
    pricesSaved: "Prices saved.",
    pendingReview: "Changes under review",
    pendingRejected: "Changes rejected",
    resubmit: "Send the changes for review again",
    moderation: "Moderation",
    findInQueue: "Find in the queue",
    show: "Show",
    foundOne: "1 record found",
    changes: "Changes to the published version: card, prices",
    publishedStays: "Visitors see the published version until the changes are approved.",
    reasonLang: "Language of the reason",
    reason: "Reason for rejection",
    reject: "Reject with a reason",
    required: "This field is required",
    rejected: "Rejected. The reason has been sent to the supplier.",
    approve: "Approve and publish",
    approved: "Approved. The company's people have been e-mailed.",
    published: "Published",
    auditApproved: "Product approved",
    auditRejected: "Product rejected",
    moderator: "Moderator",
  },
  zh: {
    langName: "中文",
    productName: "产品名称",
    save: "保存并提交修改审核",
    savedPending: "修改已保存，等待审核员审核；在此之前目录显示之前的版本。",
    prices: /^价格/,
    tier: (field: "from" | "price" | "currency", n: number) =>
      `${{ from: "起订数量", price: "单价", currency: "货币" }[field]} (价格档 ${n})`,
    addTier: "+ 添加价格档",
    pricesSaved: "价格已保存。",
    pendingReview: "修改审核中",
    pendingRejected: "修改被驳回",
    resubmit: "重新提交修改审核",
    moderation: "审核",
    findInQueue: "在队列中查找",
    show: "显示",
    foundOne: "找到 1 条记录",
    changes: "已发布版本的修改：基本信息, 价格",
    publishedStays: "修改获批前，访客看到的仍是已发布版本。",
    reasonLang: "原因所用语言",
    reason: "退回原因",
    reject: "说明原因并退回",
    required: "此项为必填项",
    rejected: "已退回，原因已发送给供应商。",
    approve: "批准并发布",
    approved: "已批准，已通知公司员工。",
    published: "已发布",
    auditApproved: "商品已批准",
    auditRejected: "商品已退回",
    moderator: "审核员",
  },
} as const;

type RoundTripLang = keyof typeof ROUND_TRIP;

/**
 * Writes `value` into one language of a localized field on the supplier's pages: with JavaScript the
 * languages are tabs (the field's group holds them), without it the inputs are stacked.
 */
async function fillLocalized(page: Page, javaScript: boolean, label: string, langName: string, value: string) {
  if (javaScript)
    await page
      .getByRole("group", { name: label })
      .getByRole("tab", { name: new RegExp(`^${langName}`) })
      .click();
  await page.getByLabel(`${label} (${langName})`, { exact: true }).fill(value);
}

for (const lang of Object.keys(ROUND_TRIP) as RoundTripLang[]) {
  test(`${lang}: a supplier's change is rejected with a reason, fixed on the profile pages, approved, and the public page shows it`, async ({
    browser,
    baseURL,
    newSupplier,
  }, testInfo) => {
    // Russian runs with JavaScript and without; English only without it, Chinese only with it: the
    // other languages prove the strings, the two Russian runs the two ways the forms work.
    test.skip(lang !== "ru" && testInfo.project.name !== (lang === "en" ? "no-js" : "js"), "one project per translation");
    test.setTimeout(180_000);
    const say = ROUND_TRIP[lang];
    const prefix = lang === "ru" ? "" : `/${lang}`;
    const tag = tagOf(`${testInfo.project.name}${lang}`);
    const javaScript = testInfo.project.name === "js";

    // The supplier (a Chinese company writing in Chinese) has a published product with one price tier.
    const {
      page: supplier,
      email: supplierEmail,
      api,
      product,
    } = await newSupplier({ label: `supplier-${lang}`, names: ["Ли", "Вэй"], tag });
    const productPage = `${prefix}/profile/product/${product.productId}`;

    // On the profile pages, in the interface language, the supplier renames the product and changes the prices.
    const changed = `${product.names[lang]} (v2)`;
    await openPage(supplier, productPage, javaScript);
    await fillLocalized(supplier, javaScript, say.productName, say.langName, changed);
    await supplier.getByRole("button", { name: say.save }).click();
    await expectFlash(supplier, say.savedPending);
    await expect(supplier.locator(".pp-product-header .pp-pending")).toHaveText(say.pendingReview);
    await supplier.getByRole("link", { name: say.prices }).click();
    await expect(supplier).toHaveURL(new RegExp(`${productPage}/price$`));
    if (javaScript) await hydrated(supplier);
    await supplier.getByLabel(say.tier("price", 1)).fill("11.90");
    await supplier.getByRole("button", { name: say.addTier }).click();
    await supplier.getByLabel(say.tier("from", 2)).fill("1000");
    await supplier.getByLabel(say.tier("price", 2)).fill("10.50");
    await supplier.getByLabel(say.tier("currency", 2)).selectOption("CNY");
    await supplier.getByRole("button", { name: say.save }).click();
    await expectFlash(supplier, say.pricesSaved);

    // The moderator finds it in the queue and reviews the diff.
    const moderatorContext = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
    const page = await moderatorContext.newPage();
    const moderatorEmail = await signInAsModerator(page, testInfo.project.name);
    await page.goto(`${prefix}/admin/moderation?kind=product`);
    await expect(page.getByRole("heading", { level: 1, name: say.moderation })).toBeVisible();
    await page.getByLabel(say.findInQueue).fill(tag);
    await page.getByRole("button", { name: say.show }).click();
    await expect(page).toHaveURL(/kind=product&q=/);
    await expect(page.getByText(say.foundOne)).toBeVisible();
    await expect(page.locator(".admin-queue-item")).toContainText(say.changes);
    await page.getByRole("link", { name: changed }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/moderation/product/${product.productId}$`));
    await expect(page.getByText(say.publishedStays)).toBeVisible();
    const nameRow = page.locator(`.diff-row[data-field="name.${lang}"]`);
    await expect(nameRow.locator(".diff-old")).toContainText(product.names[lang]);
    await expect(nameRow.locator(".diff-new")).toContainText(changed);
    const prices = page.locator('.diff-row[data-field="prices"]');
    await expect(prices.locator(".diff-old .diff-removed")).toContainText(/12[.,]50 CNY/);
    await expect(prices.locator(".diff-new .diff-added")).toHaveCount(2);
    await expect(prices.locator(".diff-new .diff-added").first()).toContainText(/11[.,]90 CNY/);
    await expect(prices.locator(".diff-new .diff-added").last()).toContainText(/10[.,]50 CNY/);
    // The photo is unchanged: folded with the other unchanged fields, its thumbnail on both sides.
    await expect(page.locator('.diff-row[data-field="images"] img')).toHaveCount(2);
    await expect(page.locator('.diff-row[data-field="sourceLang"]')).not.toHaveClass(/diff-changed/);
    // The supplier writes in Chinese: the reason's language is preselected.
    await expect(page.getByLabel(say.reasonLang)).toHaveValue("zh");

    // An empty reason is refused with the field's error; the page stays.
    await page.getByRole("button", { name: say.reject }).click();
    await expect(page.getByText(say.required)).toBeVisible();
    const reason = `请在名称中注明刀片材质 ${tag}`;
    await page.getByLabel(say.reason).fill(reason);
    await page.getByRole("button", { name: say.reject }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/moderation$`));
    await expectFlash(page, say.rejected);

    // The supplier sees the reason on the product's page and by e-mail; visitors still see the published version.
    await openPage(supplier, productPage, javaScript);
    await expect(supplier.locator(".pp-product-header .pp-status")).toHaveText(say.published);
    await expect(supplier.locator(".pp-product-header .pp-pending")).toHaveText(say.pendingRejected);
    await expect(supplier.locator(".pp-note")).toContainText(reason);
    const mails = await waitForMails(supplierEmail, 2);
    expect(mails.some((m) => m.text.includes(reason))).toBe(true);
    await page.goto(`${prefix}/product/${product.productId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.names[lang]);

    // The supplier fixes the name and sends the changes again.
    const fixed = `${product.names[lang]} (65Mn)`;
    await expect(supplier.getByRole("button", { name: say.resubmit })).toBeVisible();
    await fillLocalized(supplier, javaScript, say.productName, say.langName, fixed);
    await supplier.getByRole("button", { name: say.save }).click();
    // A change after a rejection goes back to the moderator by itself.
    await expectFlash(supplier, say.savedPending);
    await expect(supplier.locator(".pp-product-header .pp-pending")).toHaveText(say.pendingReview);
    await expect(supplier.getByRole("button", { name: say.resubmit })).toHaveCount(0);

    // The moderator approves; the public page shows the new name and prices.
    await page.goto(`${prefix}/admin/moderation/product/${product.productId}`);
    await expect(page.locator(`.diff-row[data-field="name.${lang}"] .diff-new`)).toContainText(fixed);
    await page.getByRole("button", { name: say.approve }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/moderation$`));
    await expectFlash(page, say.approved);
    await page.goto(`${prefix}/product/${product.productId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fixed);
    await expect(page.locator(".price-table")).toContainText("10.50".replace(".", lang === "ru" ? "," : "."));
    await openPage(supplier, productPage, javaScript);
    await expect(supplier.locator(".pp-product-header .pp-pending")).toHaveCount(0);
    await expect(supplier.locator(".pp-note")).toHaveCount(0);
    const done = await api<{ moderationNote: string | null; pending: unknown }>(
      "GET",
      `/api/profile/company/products/${product.productId}`,
    );
    expect(done).toMatchObject({ moderationNote: null, pending: null });

    // The audit log lists the decisions on this product: the approval, the rejection, the CLI's first approval.
    await page.goto(`${prefix}/admin/audit?entityType=product&entityId=${product.productId}`);
    const rows = page.locator(".admin-table tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(say.auditApproved);
    await expect(rows.nth(0)).toContainText(moderatorEmail);
    await expect(rows.nth(1)).toContainText(say.auditRejected);
    await expect(rows.nth(2)).toContainText("cli");
    // The moderator's name links to their user page, where the role shows.
    await rows.nth(0).getByRole("link", { name: moderatorEmail }).click();
    await expect(page.getByText(say.moderator).first()).toBeVisible();
    await supplier.context().close();
    await moderatorContext.close();
  });
}

test("an INN a published company lists: the moderator sees the conflict, approval is refused, the squatter is rejected", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const javaScript = testInfo.project.name === "js";
  const tag = tagOf(testInfo.project.name);
  // A fresh valid INN of a Moscow legal entity (10 digits, its check digit computed).
  const body = `77${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  const inn = `${body}${innCheckDigits(body)}`;

  /** A new person with a Russian company listing `inn`, sent for review. */
  async function supplierWith(label: string, name: string) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await signIn(page, newAddress(label, testInfo.project.name), ["Иван", "Иванов"]);
    const api = await apiAs(context, baseURL!);
    const company = await api<{ id: number }>("POST", "/api/profile/company", { name: { ru: name, en: name }, country: "RU" });
    await api("POST", "/api/profile/company/legal-entities", { kind: "legal", inn, nameFull: `ООО «${name}»` });
    await api("PATCH", "/api/profile/company/status", { action: "submit" });
    return { context, companyId: company.id };
  }
  const owner = await supplierWith("inn-owner", `Owner ${tag}`);
  await adminCliOk("approve", "company", String(owner.companyId));
  const squatter = await supplierWith("inn-squatter", `Squatter ${tag}`);

  const moderatorContext = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  const page = await moderatorContext.newPage();
  await signInAsModerator(page, testInfo.project.name);
  await page.goto(`/en/admin/moderation?kind=company&q=${encodeURIComponent(`Squatter ${tag}`)}`);
  const entry = page.locator(".admin-queue-item", { hasText: `Squatter ${tag}` });
  await expect(entry.locator(".badge", { hasText: "INN conflict" })).toBeVisible();
  await entry.getByRole("link", { name: `Squatter ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/en/admin/moderation/company/${squatter.companyId}$`));

  const conflicts = page.getByTestId("inn-conflicts");
  await expect(conflicts.getByRole("heading", { name: "Other companies with the same INN" })).toBeVisible();
  const row = conflicts.locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(inn);
  await expect(row).toContainText("Published");
  await expect(row.getByRole("link", { name: `Owner ${tag}` })).toHaveAttribute("href", `/en/admin/companies/${owner.companyId}`);
  await expect(row.getByRole("link", { name: "Open on the site" })).toHaveAttribute("href", `/en/suppliers/${owner.companyId}`);

  if (javaScript) await hydrated(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByText("Another published company lists one of this company's INNs")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/admin/moderation/company/${squatter.companyId}$`));

  await page.getByLabel("Reason for rejection").fill(`The INN ${inn} belongs to another company`);
  await page.getByRole("button", { name: "Reject with a reason" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/moderation$/);
  await expectFlash(page, "Rejected. The reason has been sent to the supplier.");
  await owner.context.close();
  await squatter.context.close();
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

test("a filter page finds exactly the matching companies with facet counts, and the CSV holds exactly its rows", async ({
  javaScriptEnabled,
  newSupplier,
  newPage,
  tag,
}, testInfo) => {
  test.setTimeout(240_000);
  const { page: supplierPage, product } = await newSupplier({ label: "filtered", names: ["Чжан", "Вэй"] });
  await supplierPage.context().close();

  const page = await newPage({ acceptDownloads: true });
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
  if (javaScriptEnabled) {
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
  expect(rows.find((r) => Number(r.id) === product.companyId)).toMatchObject({
    name_zh: `沈阳辽中鑫达农机有限公司 ${tag}`,
    region_code: "CN-21",
    status: "published",
  });

  // The same search on the English products page, narrowed to the company.
  await page.goto(`/en/admin/products?company=${product.companyId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.locator(".admin-table tbody tr")).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Rotary tiller blades ${tag}` })).toBeVisible();
});

test("content pages: liaozhong lists the district's suppliers; a moderator writes talp with a server-rendered preview", async ({
  newPage,
  tag,
}, testInfo) => {
  test.setTimeout(240_000);
  const page = await newPage();

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
});
