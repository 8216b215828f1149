/** Page helpers shared by the specs. */
import { expect, type Page } from "@playwright/test";

/** Waits until React has hydrated the page (root layout sets `<html data-hydrated>`). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
