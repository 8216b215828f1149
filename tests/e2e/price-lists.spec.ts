/**
 * Price lists in a real browser (issue 15), with JavaScript on (`js`) and off (`no-js`): a supplier
 * uploads a YML catalogue with a few bad offers, sees the preview — the counts, the first rows and
 * each bad row's number and problem in their language — applies the mapping form, imports, watches
 * the progress (a self-refreshing page without JavaScript, live updates with it) and finds the new
 * drafts in their product list; a file without product rows is refused with a clear message; the
 * export link downloads the products as CSV. Screenshots of the preview at 1280 and 375 px (js).
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { hydrated, openPage } from "./support/page.ts";
import { newAddress, registerUser } from "./support/session.ts";
import { ymlCatalogue } from "../fixtures/price-lists/make-fixtures.ts";

/** Creates the signed-in user's company through the API with their own session. */
async function companyFor(page: Page, name: string): Promise<void> {
  const access = (await page.context().cookies()).find((c) => c.name === "access")?.value;
  expect(access, "signed in").toBeTruthy();
  const created = await page.request.post("/api/profile/company", {
    headers: { authorization: `Bearer ${access}` },
    data: { name: { ru: name, en: name }, sourceLang: "en", country: "CN" },
  });
  expect(created.status()).toBe(201);
}

test.describe("price lists", () => {
  test("en: a YML with bad offers is previewed with its errors, imported and its products are drafts", async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.setTimeout(150_000);
    await registerUser(page, newAddress("pricelists-en", info.project.name), { lang: "en" });
    await companyFor(page, `Pipes ${info.project.name} ${Date.now().toString(36)}`);

    await openPage(page, "/en/profile/product", javaScriptEnabled);
    await page.getByRole("link", { name: "Upload a price list" }).click();
    await expect(page).toHaveURL(/\/en\/profile\/price-list$/);
    await expect(page.getByRole("heading", { level: 1, name: "Price lists" })).toBeVisible();
    if (javaScriptEnabled) await hydrated(page);

    // A file without product rows: refused, in English.
    await page
      .getByLabel("Price list file")
      .setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from("SKU;Name;Price\n") });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("alert")).toHaveText("The file has no rows of products under its header.");

    // The catalogue: 60 offers, 4 of them bad (offers 7, 19, 33 and 48).
    await page.getByLabel("Price list file").setInputFiles({
      name: "catalogue.yml",
      mimeType: "application/xml",
      buffer: Buffer.from(ymlCatalogue(60)),
    });
    await page.getByLabel("Language of names and descriptions").selectOption("ru");
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page).toHaveURL(/\/en\/profile\/price-list\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Price list “catalogue.yml”" })).toBeVisible();
    await expect(page.locator(".pl-counts")).toHaveText("60 rows: 56 can be imported, 4 with errors");
    const errors = page.locator("table.pl-errors tbody tr");
    await expect(errors).toHaveCount(4);
    await expect(errors.nth(0)).toContainText("7");
    await expect(errors.nth(0)).toContainText("A name is required");
    await expect(errors.nth(1)).toContainText("договорная");
    await expect(errors.nth(1)).toContainText("Not a price");
    await expect(errors.nth(2)).toContainText("Unknown currency");
    await expect(errors.nth(3)).toContainText("A TN VED code has 10 digits");
    await expect(page.locator("table.pl-sample tbody tr").first()).toContainText("Труба стальная 1 мм");

    if (javaScriptEnabled) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: info.outputPath(`price-list-preview-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // The mapping form posts and comes back with the same counts.
    await page.getByLabel("Currency", { exact: true }).selectOption("CNY");
    await page.getByRole("button", { name: "Apply and check again" }).click();
    await expect(page.getByText("Checked again with your columns.")).toBeVisible();
    await expect(page.getByLabel("Currency", { exact: true })).toHaveValue("CNY");
    await expect(page.locator(".pl-counts")).toHaveText("60 rows: 56 can be imported, 4 with errors");

    await page.getByRole("button", { name: "Import 56 products" }).click();
    // Without JavaScript the page refreshes itself; with it the progress is re-read.
    await expect(page.getByText("Done: 56 new drafts, 0 products updated.")).toBeVisible({ timeout: 60_000 });
    await page.getByRole("link", { name: "See the drafts" }).click();
    await expect(page).toHaveURL(/\/en\/profile\/product\?status=draft$/);
    // Newest first: the last offer of the file heads the list.
    await expect(page.getByRole("link", { name: "Труба стальная 60 мм", exact: true })).toBeVisible();

    // The export downloads the products as CSV.
    await openPage(page, "/en/profile/price-list", javaScriptEnabled);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV", exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), "utf8");
    expect(text).toContain("YML-1;Труба стальная 1 мм");
  });
});
