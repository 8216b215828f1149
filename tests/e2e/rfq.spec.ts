/**
 * Buying requests in a real browser, with JavaScript on and off (issue 14 §2): a buyer posts a
 * public request for goods of TN VED heading 8432 (the heading of the test suppliers' tiller
 * blades, chosen with the classifier picker); a moderator approves it in the admin queue; the two suppliers are notified by e-mail
 * (the server's job worker), each opens the request from the e-mail's link and quotes; the buyer
 * compares the quotes side by side, sorts them with the plain links and accepts one; the other
 * supplier is told politely by e-mail (the mail catcher). The public page lists the request without
 * the buyer's contacts. Files attached to the request and to a quote (a plain multipart post, also
 * without JavaScript) are links on the request pages and in the comparison. Screenshots of the comparison and the public page at 1280 and 375 px.
 * Also: a private request's invitation picker (find suppliers by name, tick, invite), and a
 * Chinese-speaking supplier invited to a request: the invitation e-mail in Chinese, the quote form
 * at /zh/ in Chinese, the quote sent with a Chinese comment.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { apiAs, signInAsModerator } from "./support/admin.ts";
import { mailsTo, newAddress, signIn, type Mail } from "./support/session.ts";
import { hydrated } from "./support/page.ts";
import sharp from "sharp";

/** A small PNG (the upload checks the content, not the name). */
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();

/** Waits for an e-mail to `address` whose subject contains `text`. */
async function mailAbout(address: string, text: string, body?: string): Promise<Mail> {
  // `body`: a word of this test's own request — suppliers of one TN VED heading also get the other project's requests.
  const about = (m: Mail) => m.subject.includes(text) && (!body || m.text.includes(body));
  await expect.poll(async () => (await mailsTo(address)).some(about), { timeout: 30_000 }).toBe(true);
  return (await mailsTo(address)).find(about)!;
}

/** Picks a TN VED code with the product form's picker: the live combobox with JavaScript, its search step without. */
async function pickTnved(page: Page, javaScriptEnabled: boolean, query: string, code: RegExp) {
  if (javaScriptEnabled) {
    await page.getByRole("combobox", { name: /Найти код ТН ВЭД ЕАЭС/ }).fill(query);
    await page.getByRole("option", { name: code }).click();
  } else {
    await page.getByLabel(/Найти код ТН ВЭД ЕАЭС/).fill(query);
    await page.getByRole("button", { name: "Найти", exact: true }).click();
    await page.getByRole("button", { name: code }).click();
  }
}

test("a public request reaches the suppliers of its TN VED heading; they quote; the buyer compares and accepts", async ({
  page,
  javaScriptEnabled: js,
  newSupplier,
  newPage,
  tag,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const title = `Ножи для почвофрезы ${tag}`;

  // Two suppliers with published products under heading 8432.
  const suppliers: { email: string; page: Page; companyId: number }[] = [];
  for (const n of [1, 2]) {
    const {
      email,
      page: supplierPage,
      product,
    } = await newSupplier({
      locale: "ru-RU",
      label: `supplier${n}`,
      names: [`Поставщик${n}`, "Тестов"],
      tag: `${tag}-${n}`,
    });
    suppliers.push({ email, page: supplierPage, companyId: product.companyId });
  }

  // The buyer posts the request.
  const buyerEmail = newAddress("buyer", project);
  await signIn(page, buyerEmail, ["Покупатель", "Тестов"]);
  await page.goto("/profile/rfq/new");
  if (js) await hydrated(page);
  await pickTnved(page, js, "8432291000", /8432 29 100 0/);
  await page.getByLabel("Что нужно").fill(title);
  await page.getByLabel("Описание и требования").fill("Ножи L-образные, сталь 65Г, 2000 штук в месяц.");
  await page.getByLabel("Количество").fill("2000");
  await page.getByLabel("Единица").selectOption("pcs");
  await page.getByLabel("Целевая цена за единицу").fill("11.5");
  await page.getByLabel("Валюта", { exact: true }).selectOption("CNY");
  await page.getByLabel("Инкотермс 2020").selectOption("FCA");
  await page.getByLabel("Город назначения").fill("Новосибирск");
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Предложения до").fill(deadline);
  await page.getByLabel("Вложения").setInputFiles({ name: `drawing-${tag}.png`, mimeType: "image/png", buffer: await png() });
  await page.getByRole("button", { name: "Сохранить и отправить" }).click();
  await expect(page).toHaveURL(/\/profile\/rfq\/\d+$/);
  await expect(page.locator(".rfq-status")).toHaveText("На проверке");
  await expect(page.locator(".card .rfq-files").getByRole("link", { name: `drawing-${tag}.png` })).toBeVisible();
  const rfqId = Number(page.url().match(/\/profile\/rfq\/(\d+)/)![1]);

  // Not listed before a moderator approves it.
  await page.goto("/rfq");
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);

  // The moderator approves it from the queue.
  const moderator = await newPage({ locale: "ru-RU" });
  await signInAsModerator(moderator, project);
  await moderator.goto("/admin/moderation?kind=rfq");
  await moderator.getByRole("link", { name: title }).click();
  await expect(moderator).toHaveURL(new RegExp(`/admin/moderation/rfq/${rfqId}$`));
  await moderator.getByRole("button", { name: /Одобрить|Approve/ }).click();
  await expect(moderator).toHaveURL(/\/admin\/moderation$/);

  // Listed publicly, without the buyer's contacts.
  const visitor = await newPage({ locale: "ru-RU" });
  await visitor.goto("/rfq");
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(visitor.locator("main")).not.toContainText(buyerEmail);
  await expect(visitor.getByRole("link", { name: "Войдите как поставщик, чтобы отправить предложение" })).toBeVisible();

  // Both suppliers are notified and quote from the e-mail's link.
  const offers = [
    { price: "12.20", moq: "500", lead: "30", place: "Dalian" },
    { price: "10.90", moq: "1000", lead: "45", place: "Shenyang" },
  ];
  for (const [index, supplier] of suppliers.entries()) {
    // The subject is a fixed text (security review N3); the request's title is in the body.
    const mail = await mailAbout(supplier.email, "Новый запрос на закупку", title);
    expect(mail.subject).not.toContain(title);
    expect(mail.text).toContain(`«${title}»`);
    const link = mail.text.match(/https?:\/\/\S+\/profile\/quotes\/new\?rfq=\d+/)![0];
    expect(link).toContain(`rfq=${rfqId}`);
    const offer = offers[index]!;
    await supplier.page.goto(new URL(link).pathname + new URL(link).search);
    await supplier.page.getByLabel("От количества").first().fill(offer.moq);
    await supplier.page.getByLabel("Цена за единицу").first().fill(offer.price);
    await supplier.page.getByLabel("Мин. партия").fill(offer.moq);
    await supplier.page.getByLabel("Срок поставки, дней").fill(offer.lead);
    await supplier.page.getByLabel("Пункт по Инкотермс").fill(offer.place);
    await supplier.page.getByLabel("Действует до").fill(deadline);
    await supplier.page.getByLabel("Язык комментария").selectOption("ru");
    // The request in full (its files) is one tap away where the screen is not known to be wide.
    const full = supplier.page.locator("details.rfq-quote-for");
    if ((await full.getAttribute("open")) === null) await full.getByText("Запрос полностью").click();
    await expect(supplier.page.getByRole("link", { name: `drawing-${tag}.png` })).toBeVisible();
    if (index === 0) {
      await supplier.page.getByLabel("Вложения").setInputFiles({ name: `offer-${tag}.png`, mimeType: "image/png", buffer: await png() });
    }
    await supplier.page.getByRole("button", { name: "Отправить предложение" }).click();
    await expect(supplier.page).toHaveURL(/\/profile\/quotes\/\d+$/);
    await expect(supplier.page.getByText("Отправлено", { exact: true })).toBeVisible();
  }

  // The buyer compares them side by side: cheapest first, then by lead time. The page says who was told, and how.
  await page.goto(`/profile/rfq/${rfqId}`);
  await expect(page.getByTestId("rfq-reach")).toContainText(/Подобран[оы]? \d+ поставщик/);
  await expect(page.getByTestId("rfq-reach")).toContainText(/через аккаунт — \d+, по электронной почте — \d+/);
  // The landed cost first (ADR 050), then the price at the 2 000 pcs asked, with the tier used and units.
  await expect(page.locator(".rfq-compare-table > tbody > tr > th").first()).toHaveText("Стоимость с ввозом за 2 000 шт.");
  await expect(page.locator(".rfq-compare-table > tbody > tr > th").nth(1)).toHaveText("Цена за 2 000 шт.");
  await expect(page.getByTestId("price-at").first()).toContainText("ступень «от 1 000 шт.»");
  const headers = page.locator(".rfq-compare-table thead th");
  await expect(headers).toHaveCount(3);
  await expect(headers.nth(1)).toContainText(`${tag}-2`);
  // The CNY prices are also in the buyer's currency (roubles for Russian) at the Bank of Russia rate, with its date.
  await expect(page.locator(".rfq-compare-table strong + [data-converted=RUB]").first()).toHaveText(/^≈\s[\d\s,]+₽$/);
  await expect(page.locator(".rfq-rate-note")).toContainText(/по курсу Банка России на \d{2}\.\d{2}\.\d{4}/);
  // Supplier 1's file is a link in its column (the second).
  const fileRow = page.locator(".rfq-compare-table tbody tr", { hasText: "Файлы" });
  await expect(
    fileRow
      .locator("td")
      .nth(1)
      .getByRole("link", { name: `offer-${tag}.png` }),
  ).toBeVisible();
  await expect(fileRow.locator("td").nth(0)).toHaveText("—");
  await page.getByRole("link", { name: "Срок поставки" }).click();
  await expect(page).toHaveURL(/sort=leadTime/);
  await expect(headers.nth(1)).toContainText(`${tag}-1`);
  await expect(page.locator(".rfq-compare-table a.rfq-contact").first()).toHaveAttribute(
    "href",
    `/inquiry/new?supplier=${suppliers[0]!.companyId}`,
  );

  if (project === "js") {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator("#quotes").screenshot({ path: testInfo.outputPath(`rfq-compare-${width}.png`) });
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.screenshot({ path: testInfo.outputPath(`rfq-public-${width}.png`), fullPage: true });
    }
  }

  // Accept the cheaper quote (supplier 2): first a confirmation step (a page of its own, also
  // without JavaScript), then the decision can be taken back before any supplier is told.
  await page.getByRole("link", { name: "Принять" }).nth(1).click();
  await expect(page).toHaveURL(/sort=leadTime&dir=asc&accept=\d+/);
  await expect(page.getByTestId("accept-confirm")).toContainText("10 минут, чтобы отменить выбор");
  await page.getByRole("link", { name: "Не принимать" }).click();
  await expect(page.getByTestId("accept-confirm")).toHaveCount(0);
  await expect(page.locator(".rfq-status")).toHaveText("Открыт");
  await page.getByRole("link", { name: "Принять" }).nth(1).click();
  await page.getByRole("button", { name: "Да, принять" }).click();
  await expect(page.locator(".rfq-status")).toHaveText("Выбран поставщик");
  // The chosen sort is kept (usability review #21).
  await expect(page).toHaveURL(/sort=leadTime&dir=asc/);
  await expect(page.getByTestId("award-notice")).toContainText("Поставщики получат уведомления через");
  // Nobody is told yet: the other supplier's quote still reads "sent", not "declined".
  await suppliers[0]!.page.reload();
  await expect(suppliers[0]!.page.getByText("Отправлено", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Отменить выбор" }).click();
  await expect(page.locator(".rfq-status")).toHaveText("Открыт");
  await expect(page.getByText("Выбор отменён")).toBeVisible();
  await page.getByRole("link", { name: "Принять" }).nth(1).click();
  await page.getByRole("button", { name: "Да, принять" }).click();
  await expect(page.locator(".rfq-status")).toHaveText("Выбран поставщик");

  // A moderator takes the request down: it leaves the public pages; its buyer reads why.
  await moderator.goto(`/admin/moderation/rfq/${rfqId}`);
  await moderator.getByLabel("Причина (её прочитает покупатель)").fill("Запрос повторяет другой запрос покупателя.");
  await moderator.getByRole("button", { name: "Скрыть", exact: true }).click();
  await expect(moderator.getByText("Запрос скрыт.")).toBeVisible();
  const stranger = await newPage({ locale: "ru-RU" });
  expect((await stranger.goto(`/rfq/${rfqId}`))?.status()).toBe(404);
  await page.goto(`/profile/rfq/${rfqId}`);
  await expect(page.locator(".rfq-status")).toHaveText("Скрыт модераторами");
  await expect(page.locator("main")).toContainText("Запрос повторяет другой запрос покупателя.");
  expect((await mailAbout(buyerEmail, "Ваш запрос на закупку скрыт")).text).toContain("Запрос повторяет другой запрос покупателя.");

  // Staff find it among the buying requests of every status.
  await moderator.goto(`/admin/rfq?q=${encodeURIComponent(tag)}&status=hidden`);
  const row = moderator.locator("tbody tr", { hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("скрыт");
  if (js) {
    await moderator.setViewportSize({ width: 1280, height: 900 });
    await moderator.screenshot({ path: testInfo.outputPath("admin-rfq-1280.png") });
  }
});

test("a private request: the buyer finds suppliers by name, ticks one and it is invited", async ({
  page,
  baseURL,
  javaScriptEnabled: js,
  newSupplier,
  newPage,
  tag,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const title = `Закрытый запрос ${tag}`;

  // Two published suppliers whose names share the tag; only the first is invited.
  const supplierEmails: string[] = [];
  for (const n of [1, 2]) {
    const supplier = await newSupplier({
      locale: "ru-RU",
      label: `invited${n}`,
      names: [`Приглашённый${n}`, "Тестов"],
      tag: `${tag}-${n}`,
    });
    supplierEmails.push(supplier.email);
    await supplier.page.context().close();
  }

  await signIn(page, newAddress("privatebuyer", project), ["Покупатель", "Закрытов"]);
  await page.goto("/profile/rfq/new");
  if (js) await hydrated(page);
  await page.getByLabel("Что нужно").fill(title);
  await page.getByLabel("Описание и требования").fill("Только для приглашённых поставщиков.");
  await page.getByLabel("Количество").fill("300");
  await page.getByLabel("Город назначения").fill("Омск");
  await page.getByLabel("Предложения до").fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel("Закрытый: только приглашённым поставщикам").check();
  const picker = page.locator("fieldset.supplier-picker");
  await expect(picker).toContainText("Пока никто не приглашён.");

  // A too-short search says so; a search by the tag lists both suppliers, unticked.
  await picker.getByLabel("Название поставщика или ИНН").fill("x");
  await picker.getByRole("button", { name: "Найти поставщиков" }).click();
  await expect(picker.getByRole("status")).toHaveText("Введите хотя бы 2 символа.");
  await picker.getByLabel("Название поставщика или ИНН").fill(tag);
  await picker.getByRole("button", { name: "Найти поставщиков" }).click();
  const found = picker.getByRole("list", { name: /Найдены/ });
  await expect(found.getByRole("checkbox")).toHaveCount(2);
  // Pickers kept everything typed (without JavaScript the search step was a round trip).
  await expect(page.getByLabel("Что нужно")).toHaveValue(title);
  await found.getByRole("checkbox", { name: new RegExp(`${tag}-1`) }).check();
  // Searching again keeps the ticked supplier, now among the invited.
  await picker.getByLabel("Название поставщика или ИНН").fill(`${tag}-2`);
  await picker.getByRole("button", { name: "Найти поставщиков" }).click();
  await expect(found.getByRole("checkbox")).toHaveCount(1);
  await expect(found.getByRole("checkbox", { name: new RegExp(`${tag}-2`) })).not.toBeChecked();
  await expect(picker.getByRole("list", { name: "Приглашены" }).getByRole("checkbox", { name: new RegExp(`${tag}-1`) })).toBeChecked();
  if (js) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await picker.screenshot({ path: testInfo.outputPath("rfq-invite-search-1280.png") });
  }
  await pickTnved(page, js, "8432291000", /8432 29 100 0/);
  await page.getByRole("button", { name: "Сохранить черновик" }).click();
  await expect(page).toHaveURL(/\/profile\/rfq\/\d+$/);

  // The draft's edit form lists the invited supplier by name, ticked, and not the other.
  const invited = page.locator("fieldset.supplier-picker").getByRole("list", { name: "Приглашены" });
  await expect(invited.getByRole("checkbox")).toHaveCount(1);
  await expect(invited.getByRole("checkbox", { name: new RegExp(`Шэньян Ляочжун Синьда Агро ${tag}-1`) })).toBeChecked();
  if (js) await page.locator("fieldset.supplier-picker").screenshot({ path: testInfo.outputPath("rfq-invite-1280.png") });

  // Sent: a new buyer's private request is reviewed first (security review N3), then only the invited supplier is e-mailed.
  await page.getByRole("button", { name: "Отправить", exact: true }).click();
  await expect(page.locator(".rfq-status")).toHaveText("На проверке");
  await expect(page.locator("#quotes")).toContainText("поставщики получат его после одобрения");
  const rfqId = Number(page.url().match(/\/profile\/rfq\/(\d+)/)![1]);
  const moderator = await newPage({ locale: "ru-RU" });
  await signInAsModerator(moderator, project);
  await (
    await apiAs(moderator.context(), baseURL!)
  )("POST", `/app/admin/moderation/rfq/${rfqId}/approve`);
  await page.reload();
  await expect(page.locator(".rfq-status")).toHaveText("Открыт");
  const invitation = await mailAbout(supplierEmails[0]!, "Вас приглашают отправить предложение");
  // The subject is a fixed text; the title is in the body as the buyer's words.
  expect(invitation.subject).not.toContain(title);
  expect(invitation.text).toContain(`«${title}»`);
  expect((await mailsTo(supplierEmails[1]!)).some((m) => m.subject.includes(title))).toBe(false);
});

test("zh: an invited Chinese-speaking supplier gets the invitation in Chinese and quotes from the Chinese pages", async ({
  page,
  baseURL,
  javaScriptEnabled: js,
  newSupplier,
  newPage,
  tag,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const title = `Ножи для культиватора ${tag}`;
  const {
    page: supplierPage,
    email: supplierEmail,
    product,
  } = await newSupplier({ locale: "zh-CN", label: "zhquoter", names: ["伟", "李"], lang: "zh" });

  // The buyer's private request to this supplier (the form is covered above).
  await signIn(page, newAddress("zhbuyer", project), ["Покупатель", "Китаев"]);
  const buyerApi = await apiAs(page.context(), baseURL!);
  const deadline = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  const rfq = await buyerApi<{ id: number }>("POST", "/api/profile/rfq?lang=ru", {
    title,
    description: "Ножи L-образные, 500 штук.",
    lang: "ru",
    tnvedCode: "8432291000",
    quantity: "500",
    unit: "pcs",
    incoterms: "FOB",
    destinationCountry: "RU",
    destinationCity: "Барнаул",
    deadline,
    visibility: "private",
    invitedCompanyIds: [product.companyId],
  });
  await buyerApi("POST", `/api/profile/rfq/${rfq.id}/status?lang=ru`, { action: "submit" });
  // A new buyer's private request is reviewed first (security review N3).
  const moderator = await newPage({ locale: "ru-RU" });
  await signInAsModerator(moderator, project);
  await (
    await apiAs(moderator.context(), baseURL!)
  )("POST", `/app/admin/moderation/rfq/${rfq.id}/approve`);

  // The invitation is in Chinese, with a link to the Chinese quote form; the title only in the body.
  const mail = await mailAbout(supplierEmail, "邀请您在");
  expect(mail.subject).not.toContain(title);
  expect(mail.text).toContain(title);
  const link = mail.text.match(/\/zh\/profile\/quotes\/new\?rfq=\d+/)![0];
  expect(link).toContain(`rfq=${rfq.id}`);
  await supplierPage.goto(link);
  if (js) await hydrated(supplierPage);
  await expect(supplierPage.getByRole("heading", { level: 1 })).toContainText("报价");
  await supplierPage.getByLabel("起订数量").first().fill("500");
  await supplierPage.getByLabel("单价").first().fill("11.80");
  await supplierPage.getByLabel("最小起订量").fill("500");
  await supplierPage.getByLabel("交货期（天）").fill("25");
  await supplierPage.getByLabel("贸易术语地点").fill("Dalian");
  await supplierPage.getByLabel("有效期至").fill(deadline);
  const comment = `含出厂检验证书，木箱包装。${tag}`;
  await supplierPage.getByLabel("备注", { exact: true }).fill(comment);
  await supplierPage.getByLabel("备注语言").selectOption("zh");
  await supplierPage.getByRole("button", { name: "发送报价" }).click();
  await expect(supplierPage).toHaveURL(/\/zh\/profile\/quotes\/\d+$/);
  await expect(supplierPage.getByText("已发送", { exact: true })).toBeVisible();
  if (js) {
    await supplierPage.setViewportSize({ width: 1280, height: 900 });
    await supplierPage.screenshot({ path: testInfo.outputPath("rfq-quote-zh-1280.png"), fullPage: true });
  }

  // The buyer finds the Chinese comment in the comparison.
  await page.goto(`/profile/rfq/${rfq.id}`);
  await expect(page.locator(".rfq-compare-table")).toContainText(comment);
  await supplierPage.context().close();
});
