/**
 * Comparable prices and landed cost (issue 15) on the seeded demo, with JavaScript on and off: a
 * Russian visitor chooses a display currency in the header and sees "≈" amounts in it with the
 * Bank of Russia rate's date (the demo loads the newest snapshot of the shared data, whose date the
 * test reads from `/api/rates`; every snapshot there is older than 3 days, so the rate is also said to be
 * stale), never "≈" for a price in the chosen currency; a pipe with TN VED 7304 19 shows its ETT
 * duty and an estimated landed cost equal to the API's hand-checked calculation.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test.ts";

interface Card {
  id: number;
  currency: string | null;
}

/** A published pipe of the demo under TN VED 7304 19, priced in dollars. */
async function dollarPipe(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/products?lang=ru&tnved=730419&currency=USD&perPage=1");
  expect(res.ok()).toBe(true);
  const [card] = ((await res.json()) as { data: Card[] }).data;
  expect(card, "the demo has a pipe under 7304 19 priced in USD").toBeTruthy();
  return card!.id;
}

/** The date of the stored rates the server converts at, as a Russian page writes it (DD.MM.YYYY). */
async function rateDate(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/rates");
  expect(res.ok()).toBe(true);
  const { date, stale } = ((await res.json()) as { data: { date: string | null; stale: boolean } }).data;
  expect(date, "the demo has loaded a Bank of Russia snapshot").toBeTruthy();
  expect(stale, "the shared snapshots are all older than 3 days").toBe(true);
  const [y, m, d] = date!.split("-");
  return `${d}.${m}.${y}`;
}

test("a Russian visitor switches the display currency and sees ≈ amounts with the rate's date", async ({ page }) => {
  const id = await dollarPipe(page.request);
  const date = await rateDate(page.request);
  await page.goto(`/product/${id}`);
  const table = page.locator(".price-table");
  // Default for Russian: roubles.
  await expect(table.locator(".price-converted").first()).toHaveText(/^≈ [\d\s]+(,\d+)?\s₽$/);
  await expect(page.getByText(`≈ по курсу ЦБ РФ на ${date}`).first()).toBeVisible();
  await expect(page.getByText("курс старше 3 дней").first()).toBeVisible();

  const chooser = page.locator("form.currency-chooser").first();
  await chooser.locator("select").selectOption("CNY");
  await chooser.getByRole("button", { name: "Пересчитать" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  await expect(table.locator(".price-converted").first()).toHaveText(/^≈ [\d\s]+(,\d+)?\s(CN)?¥$/);

  await chooser.locator("select").selectOption("USD");
  await chooser.getByRole("button", { name: "Пересчитать" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  // The price is in dollars already: no "≈".
  await expect(table).toBeVisible();
  await expect(page.locator(".price-table .price-converted")).toHaveCount(0);

  // Back to roubles; the choice holds on the catalogue, where only foreign prices get "≈".
  await chooser.locator("select").selectOption("RUB");
  await chooser.getByRole("button", { name: "Пересчитать" }).click();
  await expect(table.locator(".price-converted").first()).toContainText("₽");
  await page.goto("/search?q=трубы");
  const prices = page.locator(".product-card-price");
  expect(await prices.count()).toBeGreaterThan(0);
  for (const text of await prices.allInnerTexts()) {
    if (/[¥$]/.test(text)) expect(text).toMatch(/≈ .*₽/);
    else expect(text).not.toContain("≈");
  }
});

test("the landed cost of a pipe with TN VED 7304 19 matches the API's calculation", async ({ page }) => {
  const id = await dollarPipe(page.request);
  await page.goto(`/product/${id}`);
  await expect(page.getByText(/Ввозная пошлина ЕТТ ЕАЭС:\s*\d/)).toBeVisible();

  const form = page.locator("form.landed-cost-form");
  await form.getByLabel(/Количество/).fill("25");
  await form.getByLabel(/Фрахт/).fill("100000");
  await form.getByRole("button", { name: "Рассчитать" }).click();
  await expect(page).toHaveURL(/qty=25/);

  const api = await page.request.get(`/api/products/${id}/landed-cost?qty=25&freight=100000&currency=RUB`);
  const { data } = (await api.json()) as { data: { steps: { duty: string; total: string; perUnit: string } } };
  const digits = (s: string) => s.replace(/\D/g, "");
  const totals = page.locator(".landed-cost-total td.num");
  await expect(totals.first()).toBeVisible();
  expect(digits(await totals.nth(0).innerText())).toBe(digits(data.steps.total));
  expect(digits(await totals.nth(1).innerText())).toBe(digits(data.steps.perUnit));
  await expect(page.getByText(/Это оценка, а не таможенный расчёт/)).toBeVisible();

  // Nonsense typed into the form is explained, never a server error; what was typed stays.
  await form.getByLabel(/Количество/).fill("0");
  await form.getByRole("button", { name: "Рассчитать" }).click();
  await expect(page.getByRole("alert")).toContainText("Укажите количество больше нуля");
  await expect(form.getByLabel(/Количество/)).toHaveValue("0");
});
