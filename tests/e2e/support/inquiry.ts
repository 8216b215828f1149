/** The buyer's side of the inquiry specs: the one step every buyer-supplier spec starts with. */
import { expect, type Page } from "@playwright/test";
import { hydrated, openPage } from "./page.ts";

/**
 * The signed-in buyer on `page` sends `message` through the Russian inquiry form to the supplier
 * `to.supplierId` (about its product `to.productId`, when given) and lands on the new conversation;
 * resolves to the conversation's path (`/profile/conversations/<id>`).
 */
export async function sendInquiry(
  page: Page,
  javaScriptEnabled: boolean,
  to: { supplierId: number; productId?: number },
  message: string,
): Promise<string> {
  const about = to.productId === undefined ? "" : `&product=${to.productId}`;
  await openPage(page, `/inquiry/new?supplier=${to.supplierId}${about}`, javaScriptEnabled);
  await page.getByLabel("Сообщение", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Отправить запрос" }).click();
  await expect(page).toHaveURL(/\/profile\/conversations\/\d+$/);
  // The conversation is a document of the profile app: the URL is there before React has hydrated it, and a
  // file set on the server-rendered input before then was lost once (private-files, CI of 2026-11-29).
  if (javaScriptEnabled) await hydrated(page);
  return new URL(page.url()).pathname;
}
