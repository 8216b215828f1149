/** Page helpers shared by the specs. */
import { expect, type Page } from "@playwright/test";

/** Waits until React has hydrated the page (root layout sets `<html data-hydrated>`). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * Opens `path` on `page`; with JavaScript (`javaScriptEnabled`, the test project's setting) waits until
 * React has hydrated it, so the test's next step meets a page whose scripts answer.
 */
export async function openPage(page: Page, path: string, javaScriptEnabled: boolean): Promise<void> {
  await page.goto(path);
  if (javaScriptEnabled) await hydrated(page);
}
