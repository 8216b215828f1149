/**
 * The 1C exchange's page end to end (issue 29 §2, ADR 054), with JavaScript and without: a company
 * owner makes a key, a scripted 1C (tests/support/onec-client.ts, over HTTP) sends the real izh
 * catalogue and offers, and `/profile/exchange-1c` shows the exchange's address, the key, the price
 * type «Розничная», the 15 groups of 1C and the two imports (with what the pictures did: one attached,
 * one 1C never sent refused with its reason); the owner chooses the price type and a
 * category for «Кондитерские изделия», saves (a plain form POST without JavaScript), and the page
 * shows the choice kept. Screenshots at 1280 and 390 px go to test-results/onec-settings/ (or SHOTS_DIR).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./support/test.ts";
import { openPage } from "./support/page.ts";
import { apiAs } from "./support/admin.ts";
import { newAddress, signIn } from "./support/session.ts";
import { OneCClient } from "../support/onec-client.ts";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/onec-settings";
const DATA = path.resolve(import.meta.dirname, "../../../shared/data/commerceml");

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/onec-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("ru: after 1C sent the izh catalogue the owner picks the price type and a group's category", async ({
  page,
  baseURL,
  javaScriptEnabled,
  tag,
}, info) => {
  test.setTimeout(180_000);
  await signIn(page, newAddress("onec-owner", info.project.name), ["Обмен", "Владельцев"]);
  const owner = await apiAs(page.context(), baseURL!);
  await owner("POST", "/api/profile/company", { name: { ru: `Ижевская база ${tag}` }, country: "RU" });

  await openPage(page, "/profile/exchange-1c", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Обмен с 1С" })).toBeVisible();
  await expect(page.getByText(/У компании нет действующего ключа/)).toBeVisible();
  await expect(page.getByText(/1С ещё не выгружала каталог/)).toBeVisible();

  const key = await owner<{ secret: string }>("POST", "/api/profile/company/api-keys", { name: `1С ${tag}`, scopes: ["products:write"] });
  const target = { request: (input: string, init?: RequestInit) => fetch(new URL(input, baseURL), init) };
  const client = new OneCClient(target, { key: key.secret, type: "catalog", onPoll: () => new Promise((r) => setTimeout(r, 500)) });
  // The first product names two pictures: one 1C sends as its own `file`, one it never sends (refused, with the reason on the page).
  const catalogue = readFileSync(path.join(DATA, "izh_import0_1.xml"), "utf8").replace(
    "</Товар>",
    "<Картинка>import_files/aa/a.jpg</Картинка><Картинка>import_files/dd/missing.jpg</Картинка></Товар>",
  );
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .jpeg()
    .toBuffer();
  const results = await client.exchangeCatalog([
    { name: "import_files/aa/a.jpg", bytes: picture },
    { name: "import0_1.xml", bytes: Buffer.from(catalogue) },
    { name: "offers0_1.xml", bytes: readFileSync(path.join(DATA, "izh_offers0_1.xml")) },
  ]);
  for (const answer of Object.values(results)) expect(answer.lines[0], answer.lines.join(" | ")).toBe("success");

  await openPage(page, "/profile/exchange-1c", javaScriptEnabled);
  await expect(page.getByRole("textbox", { name: "Адрес обмена" })).toHaveValue(/\/api\/1c\/exchange$/);
  await expect(page.getByText(`1С ${tag}`)).toBeVisible();
  const priceType = page.getByLabel("Вид цены 1С");
  await expect(priceType.locator("option")).toHaveText([/Автоматически/, /Розничная/]);
  await expect(page.locator(".onec-groups tbody tr")).toHaveCount(15);
  await expect(page.locator(".onec-imports tbody tr")).toHaveCount(2);
  await expect(page.getByText(/Товаров: 228 \(новых 228/)).toBeVisible();
  await expect(page.getByText("Картинки: прикреплено 1, без изменений 0, убрано 0, отклонено 1.")).toBeVisible();
  await expect(page.getByText(/Картинка «import_files\/dd\/missing\.jpg» отклонена: 1С не прислала этот файл/)).toBeVisible();
  if (info.project.name === "js") await shoot(page, "after-exchange");

  await priceType.selectOption({ index: 1 });
  const sweets = page.getByRole("combobox", { name: "Кондитерские изделия" });
  const options = await sweets.locator("option").allTextContents();
  expect(options.length).toBeGreaterThan(1);
  const chosen = options[1]!;
  await sweets.selectOption({ index: 1 });
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText(/Настройки обмена сохранены/)).toBeVisible();
  await expect(page.getByLabel("Вид цены 1С").locator("option:checked")).toHaveText(/Розничная/);
  await expect(page.getByRole("combobox", { name: "Кондитерские изделия" }).locator("option:checked")).toHaveText(chosen);
});
