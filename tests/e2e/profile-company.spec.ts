/**
 * The company side of the profile in a real browser, with JavaScript on and off (issue 5): a new
 * user registers through the real SMTP server, lands on /profile → /profile/start, creates a company,
 * fills the card (description, contacts, address from suggestions), uploads a logo, adds a legal
 * entity with a real INN from the FNS open data (../shared/data/companies) after a wrong check digit
 * is refused with the rest of the form kept, sends the company for review, a moderator approves it
 * with the CLI (`npm run admin -- approve company <id>` on the e2e server's database) and it is on
 * the public supplier page. Also: the start form's errors in English and a Chinese company with facts
 * and a dealer link; the legal-entity rules in Chinese; a colleague who accepts an invitation and may
 * only read the card.
 *
 * INN autofill and address suggestions come from the e2e suite's fake DaData service
 * (tests/support/fake-dadata-server.ts), which knows the organisations of the same FNS file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { innCheckDigits } from "#server/catalog/identifiers.ts";
import { hydrated } from "./support/page.ts";
import { adminCli } from "./support/admin.ts";
import { enterCode, newAddress, registerUser } from "./support/session.ts";

const withJs = (info: TestInfo) => info.project.name === "js";

/** With JavaScript, waits until the page has hydrated (its widgets answer); without, returns at once. */
async function ready(page: Page, info: TestInfo) {
  if (withJs(info)) await hydrated(page);
}

/** Real organisations (10-digit INN, full name) from the FNS open data; tests pick at random so parallel runs never share an INN. */
const ORGANISATIONS = (
  parse(readFileSync(path.join(import.meta.dirname, "..", "..", "..", "shared", "data", "companies", "fns_employees_2023.csv")), {
    columns: true,
  }) as { inn: string; name_full: string }[]
).filter((row) => /^\d{10}$/.test(row.inn));

function pickOrganisation() {
  return ORGANISATIONS[Math.floor(Math.random() * ORGANISATIONS.length)]!;
}

/** The same INN with its (10-digit INN's only) check digit changed: the checksum no longer matches. */
function wrongCheckDigit(inn: string): string {
  return `${inn.slice(0, 9)}${(Number(inn[9]) + 1) % 10}`;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: "#0f4c81" } })
    .composite([
      { input: Buffer.from('<svg width="320" height="320"><circle cx="160" cy="160" r="100" fill="#fff"/></svg>'), top: 0, left: 0 },
    ])
    .png()
    .toBuffer();
}

/**
 * Chooses an OKVED code in a classifier picker (its fieldset named `group`): with JavaScript through
 * the live combobox, without it through the search step that posts the form.
 */
async function chooseOkved(page: Page, info: TestInfo, group: RegExp | string, code: string) {
  const picker = page.getByRole("group", { name: group });
  const box = picker.getByRole(withJs(info) ? "combobox" : "searchbox");
  await box.fill(code);
  const exactCode = (scope: ReturnType<Page["locator"]>) => scope.filter({ has: page.locator(".code").getByText(code, { exact: true }) });
  if (withJs(info)) {
    await exactCode(picker.getByRole("option")).click();
  } else {
    await picker.getByRole("button", { name: /^(Найти|Find|查找|搜索)$/ }).click();
    await exactCode(page.getByRole("group", { name: group }).locator("button.cp-result")).click();
  }
  await expect(page.getByRole("group", { name: group }).getByRole("list").getByText(code, { exact: true })).toBeVisible();
}

/** The company id shown on the profile home. */
async function companyId(page: Page): Promise<number> {
  await page.goto(page.url().replace(/\/profile.*$/, "/profile"));
  const text = await page.locator(".company-id").innerText();
  return Number(text.match(/(\d+)/)![1]);
}

test.describe("company profile", () => {
  test("a new supplier creates a company, fills the card, adds a legal entity, is approved and appears in the directory (ru)", async ({
    page,
  }, info) => {
    test.setTimeout(240_000);
    const email = newAddress("supplier", info.project.name);
    await registerUser(page, email, { lang: "ru", redirectTo: "/profile" });
    // No company yet: the profile sends the newcomer to the start page.
    await expect(page).toHaveURL(/\/profile\/start$/);
    await expect(page.getByRole("heading", { name: "Создать компанию" })).toBeVisible();
    await ready(page, info);

    const name = `ООО «Уралтест ${unique()}»`;
    await page.getByLabel("Название компании").fill(name);
    await page.getByLabel("Регион").selectOption("66");
    await chooseOkved(page, info, "Основной ОКВЭД", "24.20");
    await page.getByRole("button", { name: "Создать компанию" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Компания создана")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Черновик", { exact: true })).toBeVisible();
    // The checklist: name and OKVED done, the legal entity needed for a review.
    await expect(page.getByText("Название указано")).toBeVisible();
    await expect(page.getByRole("link", { name: "Добавьте юридическое лицо" }).first()).toBeVisible();
    const id = await companyId(page);

    // A review without a legal entity is refused with what is missing.
    await page.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Заполните обязательные разделы профиля" })).toBeVisible();
    await expect(page.getByText("Добавьте юридическое лицо (ИНН)")).toBeVisible();

    // The card: description, contacts and the address from the suggestions.
    await page.getByRole("link", { name: "Расскажите о компании" }).click();
    await expect(page).toHaveURL(/\/profile\/company\/edit$/);
    await ready(page, info);
    await page
      .locator('[name="description.ru"]')
      .fill("Производим профильные и круглые стальные трубы по ГОСТ 8639 и 8732, отгрузка со склада в Екатеринбурге.");
    await page.getByLabel("Сайт").fill("https://uraltest.example.ru");
    await page.getByLabel("Телефон").fill("+7 343 123-45-67");
    await page.getByLabel("Найти адрес (Россия)").fill("Тверская 1");
    if (!withJs(info)) await page.getByRole("button", { name: "Найти", exact: true }).last().click();
    await page.getByRole("button", { name: "г Москва, ул Тверская, д 1", exact: true }).click();
    await expect(page.locator('[name="address.ru"]')).toHaveValue("г Москва, ул Тверская, д 1");
    await expect(page.locator('[name="city.ru"]')).toHaveValue("Москва");
    // The description typed before the address step is still there (no JS: the form came back).
    await expect(page.locator('[name="description.ru"]')).toHaveValue(/ГОСТ 8639/);
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/company$/);
    await expect(page.getByText("Карточка компании сохранена.")).toBeVisible();
    await expect(page.getByText(/ГОСТ 8639/)).toBeVisible();
    await expect(page.getByRole("link", { name: "uraltest.example.ru" })).toBeVisible();
    await expect(page.getByText("г Москва, ул Тверская, д 1")).toBeVisible();

    // The logo.
    await page.goto("/profile/company/edit/file");
    await ready(page, info);
    await page.getByLabel("Загрузить логотип").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
    if (!withJs(info)) await page.getByRole("button", { name: "Сохранить логотип" }).click();
    await expect(page.getByText("Логотип сохранён.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Логотип компании" })).toBeVisible();

    // A legal entity: a wrong check digit is named exactly, and what was typed stays.
    await page.goto("/profile/legal_entities");
    await ready(page, info);
    const organisation = pickOrganisation();
    await page.getByLabel("Полное наименование").fill(organisation.name_full);
    await page.getByLabel("Юридический адрес").fill("620014, г Екатеринбург, ул Малышева, д 36");
    await page.getByLabel("ИНН", { exact: true }).fill(wrongCheckDigit(organisation.inn));
    await page.getByRole("button", { name: "Добавить", exact: true }).click();
    await expect(page.getByText("В ИНН ошибка: не сходятся контрольные цифры")).toBeVisible();
    await expect(page.getByLabel("Полное наименование")).toHaveValue(organisation.name_full);
    await expect(page.getByLabel("Юридический адрес")).toHaveValue("620014, г Екатеринбург, ул Малышева, д 36");
    // The right INN; the register fills the name (with JS as soon as it is typed, without by the button).
    await page.getByLabel("Полное наименование").fill("");
    await page.getByLabel("ИНН", { exact: true }).fill(organisation.inn);
    if (!withJs(info)) await page.getByRole("button", { name: "Заполнить по ИНН" }).click();
    await expect(page.getByText(`Найдено в реестре: ${organisation.name_full}`)).toBeVisible();
    await expect(page.getByLabel("Полное наименование")).toHaveValue(organisation.name_full);
    await page.getByRole("button", { name: "Добавить", exact: true }).click();
    await expect(page.getByText("Юридическое лицо добавлено.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: organisation.inn })).toBeVisible();

    // Review, the moderator's approval from the command line, the public page.
    await page.goto("/profile");
    await ready(page, info);
    await expect(page.getByText("Юридическое лицо добавлено", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(page.getByText("Карточка отправлена на проверку.")).toBeVisible();
    await expect(page.getByText("На проверке", { exact: true })).toBeVisible();
    // Under review the card is frozen.
    await page.goto("/profile/company/edit");
    await ready(page, info);
    await expect(page.getByText("Карточка на проверке у модератора и до его решения не меняется.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Сохранить", exact: true })).toHaveCount(0);

    const approved = await adminCli("approve", "company", String(id));
    expect(approved.code, approved.lines.join("\n")).toBe(0);
    await page.goto("/profile");
    await ready(page, info);
    await expect(page.getByText("Опубликована", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Страница в каталоге" }).click();
    await expect(page).toHaveURL(new RegExp(`/suppliers/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(/ГОСТ 8639/)).toBeVisible();
    await expect(page.getByText(organisation.inn)).toBeVisible();
    await expect(page.getByRole("complementary").getByRole("link", { name: "24.20" })).toBeVisible();

    // A published Russian company keeps at least one legal entity.
    await page.goto("/profile/legal_entities");
    await ready(page, info);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Удалить" }).click();
    await expect(page.getByText("У опубликованной российской компании должно остаться хотя бы одно юридическое лицо")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: organisation.inn })).toBeVisible();
  });

  test("English: the start form names its errors, a Chinese company gets facts and a dealer link", async ({ page }, info) => {
    test.setTimeout(240_000);
    await registerUser(page, newAddress("cn-supplier", info.project.name), { lang: "en", redirectTo: "/en/profile/start" });
    await expect(page).toHaveURL(/\/en\/profile\/start$/);
    await page.getByRole("button", { name: "Create the company" }).click();
    await expect(page.getByText("This field is required")).toBeVisible();
    // A region of the other country is refused in words (without JS both countries' regions are offered).
    const name = `Liaoning Test Machinery ${unique()}`;
    await page.getByLabel("Company name").fill(name);
    await page.getByLabel("Language of the name").selectOption("en");
    await page.getByRole("radio", { name: "China" }).check();
    await page.getByLabel("Region").selectOption("CN-21");
    await page.getByRole("button", { name: "Create the company" }).click();
    await expect(page).toHaveURL(/\/en\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // A Chinese company needs no Russian legal entity.
    await expect(page.getByText("(optional for a Chinese company)")).toBeVisible();

    // "Fill from the website" reads public sites only: an internal address is refused in words.
    await page.goto("/en/profile/company/edit");
    await ready(page, info);
    await page.getByLabel("Website").fill("http://10.0.0.1/");
    await page.getByRole("button", { name: "Fill from the website" }).click();
    await expect(page.getByText("This address leads into an internal or local network: enter a public website")).toBeVisible();
    await expect(page.getByLabel("Website")).toHaveValue("http://10.0.0.1/");

    // Facts: rows are added and removed before saving (without JS as form steps).
    await page.goto("/en/profile/company/edit/additionally");
    await ready(page, info);
    await page.getByRole("button", { name: "+ Add a fact" }).click();
    await page.getByRole("button", { name: "+ Add a fact" }).click();
    await page.locator('[name="facts[0].key.en"]').fill("Warehouse");
    await page.locator('[name="facts[0].value.en"]').fill("12,000 m²");
    await page.locator('[name="facts[1].key.en"]').fill("Founded");
    await page.getByRole("button", { name: "Remove" }).nth(1).click();
    await expect(page.locator('[name="facts[1].key.en"]')).toHaveCount(0);
    await expect(page.locator('[name="facts[0].key.en"]')).toHaveValue("Warehouse");
    await page.getByRole("button", { name: "Save the facts" }).click();
    await expect(page.getByText("The key facts have been saved.")).toBeVisible();
    await page.goto("/en/profile/company");
    await ready(page, info);
    await expect(page.getByText("12,000 m²")).toBeVisible();

    // A dealer link to another (demo catalogue) company's published product.
    await page.goto("/en/profile/company/edit/additionally");
    await ready(page, info);
    await page.getByLabel("Find another company's product").fill("труба");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const first = page.locator(".link-result").first();
    const product = await first.locator(".link-result-name a").getAttribute("href");
    await first.getByRole("button", { name: "We supply this too" }).click();
    await expect(page.getByText("The product has been added to those you supply.")).toBeVisible();
    await expect(page.locator(`.link-list a[href="${product}"]`)).toBeVisible();
    await page.locator(".link-list").getByRole("button", { name: "Remove" }).first().click();
    await expect(page.getByText("The product has been removed from those you supply.")).toBeVisible();
  });

  test("Chinese: legal-entity rules in Chinese, and a colleague who accepts an invitation may only read", async ({
    page,
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(240_000);
    await registerUser(page, newAddress("zh-owner", info.project.name), { lang: "zh", redirectTo: "/zh/profile/start" });
    const name = `辽宁测试机械 ${unique()}`;
    await page.getByLabel("公司名称").fill(name);
    await page.getByRole("button", { name: "创建公司" }).click();
    await expect(page).toHaveURL(/\/zh\/profile$/);

    await page.goto("/zh/profile/legal_entities");

    await ready(page, info);
    const organisation = pickOrganisation();
    await page.getByLabel("税号（INN）", { exact: true }).fill(wrongCheckDigit(organisation.inn));
    await page.getByLabel("全称").fill(organisation.name_full);
    await page.getByRole("button", { name: "添加", exact: true }).click();
    await expect(page.getByText("INN 有误：校验位不匹配")).toBeVisible();
    await expect(page.getByLabel("全称")).toHaveValue(organisation.name_full);
    // An INN another company lists is not refused here (security review F7, ADR 034): a draft blocks
    // nobody and learns nothing; the conflict is the moderator's (tests/e2e/admin.spec.ts).

    // A sole proprietor has no KPP; an OGRNIP has 15 digits.
    await page.getByRole("radio", { name: "个体经营者" }).check();
    // A valid 12-digit INN the register does not know (no autofill racing the typing).
    await page.getByLabel("税号（INN）", { exact: true }).fill(`7728123456${innCheckDigits("7728123456")}`);
    await page.getByLabel(withJs(info) ? "个体工商户注册号（OGRNIP）" : "OGRN 或 OGRNIP").fill("30450011600015");
    await page.getByRole("button", { name: "添加", exact: true }).click();
    await expect(page.getByText("OGRN 为 13 位数字，OGRNIP 为 15 位数字")).toBeVisible();

    // The owner invites a colleague through the public API with the session's own token.
    const colleague = newAddress("zh-member", info.project.name);
    const access = (await page.context().cookies()).find((c) => c.name === "access")!.value;
    const invited = await page.request.post("/api/profile/company/employees", {
      headers: { authorization: `Bearer ${access}` },
      data: { email: colleague, role: "member" },
    });
    expect(invited.status()).toBe(201);

    const other = await browser.newContext({ baseURL, javaScriptEnabled: withJs(info), locale: "zh-CN" });
    const page2 = await other.newPage();
    // Their first e-mail is the invitation; the sign-in code is the second.
    await page2.goto(`/zh/auth?redirectTo=${encodeURIComponent("/zh/profile")}`);
    await enterCode(page2, colleague, 2);
    await page2.getByLabel("名", { exact: true }).fill("伟");
    await page2.getByLabel("姓", { exact: true }).fill("王");
    await page2.getByLabel(/我接受/).check();
    await page2.getByRole("button", { name: "创建账户" }).click();
    await expect(page2).toHaveURL(/\/zh\/profile\/start$/);
    const invitation = page2.getByRole("listitem").filter({ hasText: name });
    await expect(invitation).toContainText("角色：成员");
    await invitation.getByRole("button", { name: "接受" }).click();
    await expect(page2).toHaveURL(/\/zh\/profile$/);
    await expect(page2.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page2.getByText("公司资料由所有者和管理员修改；您的角色：成员。").first()).toBeVisible();
    await expect(page2.getByRole("button", { name: "提交审核" })).toHaveCount(0);
    await page2.goto("/zh/profile/company/edit");
    await expect(page2.getByText("公司资料由所有者和管理员修改；您可以查看。")).toBeVisible();
    await expect(page2.getByRole("button", { name: "保存", exact: true })).toHaveCount(0);
    await page2.goto("/zh/profile/start");
    await expect(page2).toHaveURL(/\/zh\/profile$/);
    await other.close();
  });
});
