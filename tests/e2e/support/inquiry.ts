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
  const path = new URL(page.url()).pathname;
  // The URL is there before the conversation is on the screen: on a full load, before React has hydrated
  // it (a file set on the server-rendered input was lost, private-files, CI of 2026-11-29); on a client-side
  // navigation the router pushes the URL before React commits the new page, while the inquiry form — with
  // its own «Вложения» input — is still shown (a file set there was lost, CI of 2026-11-30). So: hydrated,
  // and the conversation's own heading shown.
  if (javaScriptEnabled) await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: `Запрос № ${path.split("/").at(-1)}` })).toBeVisible();
  return path;
}
