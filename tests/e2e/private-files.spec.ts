/**
 * Private attachments (security review N5, usability J1-7; ADR 040), with JavaScript on and off:
 * the buyer attaches «КП-2026.pdf» to a message; the buyer and the supplier's employee both
 * download it under that name from the conversation page; a visitor who is not signed in, holding
 * the same link, gets 404, and the download is marked for no cache to keep.
 */
import { pdfDocument } from "../support/files.ts";
import { sendInquiry } from "./support/inquiry.ts";
import { openPage } from "./support/page.ts";
import { newAddress, signIn } from "./support/session.ts";
import { expect, test } from "./support/test.ts";
import type { Page } from "@playwright/test";

const NAME = "КП-2026.pdf";

/** Clicks the attachment's link on `page` and resolves to the name the browser saves it under. */
async function downloadName(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: new RegExp(NAME) }).click()]);
  return download.suggestedFilename();
}

test.describe("private attachments", () => {
  test.describe.configure({ timeout: 300_000 });

  test("the two people in a conversation download it under its original name; an anonymous visitor gets 404", async ({
    page,
    javaScriptEnabled,
    newSupplier,
    newPage,
    tag,
  }, info) => {
    const supplier = await newSupplier({ locale: "ru-RU", label: "files-supplier", names: ["Ольга", "Снабженцева"] });
    await signIn(page, newAddress("files-buyer", info.project.name), ["Анна", "Покупателева"]);
    const conversation = await sendInquiry(page, javaScriptEnabled, { supplierId: supplier.product.companyId }, `Пришлите условия ${tag}`);

    // The buyer answers with the commercial offer attached.
    await page.getByLabel("Вложения").setInputFiles({ name: NAME, mimeType: "application/pdf", buffer: pdfDocument("КП") });
    await page.getByLabel("Ваше сообщение").fill(`КП во вложении ${tag}`);
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    const link = page.getByRole("link", { name: new RegExp(NAME) });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/files\/\d+$/);
    expect(await downloadName(page)).toBe(NAME);

    // The supplier's employee opens the conversation and downloads it too.
    await openPage(supplier.page, conversation, javaScriptEnabled);
    expect(await downloadName(supplier.page)).toBe(NAME);
    const asSupplier = await supplier.page.request.get(href);
    expect(asSupplier.status()).toBe(200);
    expect(asSupplier.headers()["cache-control"]).toBe("private, no-store");
    expect(asSupplier.headers()["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(NAME)}`);

    // A visitor who is not signed in, with the same link: nothing.
    const visitor = await newPage();
    const anonymous = await visitor.request.get(href);
    expect(anonymous.status()).toBe(404);
    expect(await anonymous.text()).not.toContain("%PDF");
    await supplier.page.context().close();
  });
});

test("I1: a public page tells every cache to revalidate and to key it by cookies and language", async ({ request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "HTTP only: once is enough");
  for (const path of ["/catalog", "/en/catalog"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
    expect(response.headers()["cache-control"], path).toMatch(/no-cache|private|no-store/);
    const vary = response.headers()["vary"] ?? "";
    expect(vary, path).toMatch(/Cookie/);
    expect(vary, path).toMatch(/Accept-Language/);
  }
});
