/**
 * `/api-docs` (ADR 024): with JavaScript, Scalar's self-hosted reference lists the operations of the
 * public OpenAPI document and sends a real request from "Test Request"; without it, the browser
 * goes on to the server-rendered reference, which lists every public operation of the document.
 */
import { expect, test } from "@playwright/test";

type Doc = { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
const METHODS = ["get", "post", "put", "patch", "delete"];

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Scalar runs in the browser");

  test("Scalar shows the operations, served from our origin, and tries a request", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const external: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== origin) external.push(url.href);
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") violations.push(message.text());
    });
    // Scalar parses and lays out the whole document first (~220 operations, 550 KB since orders, payment routes and
    // API keys): alone it takes ≈ 10 s here, beside the other e2e worker over 45 s (two full runs on 2026-11-29).
    test.setTimeout(180_000);
    await page.goto("/en/api-docs");
    // Only the first tag's group is open at first (today "Company claims"): open the press centre's.
    const pressCentre = page.getByRole("complementary").getByRole("link", { name: "Press centre", exact: true });
    await expect(pressCentre).toBeVisible({ timeout: 150_000 });
    await pressCentre.click();
    await expect(page.getByText("Published stories, newest first").first()).toBeVisible();
    // The bundle is one of our fingerprinted assets, never a CDN's.
    const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
    expect(scripts.some((src) => /\/assets\/vendor\/scalar-[0-9a-f]+\.js$/.test(src))).toBe(true);

    await page.getByText("Published stories, newest first").first().click();
    // The button names its operation: the first "Test Request" on the page is the first tag's (claims), whose
    // path parameter is empty, so Scalar never sends it.
    await page.getByRole("button", { name: "Test Request (get /api/stories)", exact: true }).click();
    const send = page.getByRole("button", { name: /^Send get request to .*\/api\/stories$/ });
    await expect(send).toBeVisible();
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/stories" && response.request().method() === "GET",
    );
    await send.click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText("200 OK").first()).toBeVisible();
    expect(external, "requests to other origins").toEqual([]);
    expect(violations, "console errors (CSP)").toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-script fallback");

  test("the reference lists every public operation with its parameters and schemas", async ({ page, request }) => {
    const doc = (await (await request.get("/api/openapi.json")).json()) as Doc;
    await page.goto("/api-docs");
    await expect(page).toHaveURL(/\/api-docs\/reference$/);
    await expect(page.getByRole("heading", { level: 1, name: "Справочник API" })).toBeVisible();
    const listed = new Set(
      await page
        .locator("article.api-op h3")
        .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? "").replace(/auth$/, "").replace(/\s+/g, " ").trim())),
    );
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        count++;
        expect(listed.has(`${method.toUpperCase()} ${path}`), `${method.toUpperCase()} ${path}`).toBe(true);
      }
    }
    expect(count).toBeGreaterThan(50);
    // Response schemas are shown, not only names: a product's detail lists its price tiers.
    const product = page.locator("#schema-ProductDetail");
    await expect(product.getByRole("cell", { name: "prices · обязательно" })).toBeVisible();
    await expect(product.getByRole("link", { name: "PriceTier" })).toBeVisible();
    // And the interactive reference is one link away.
    await expect(page.getByRole("link", { name: "Интерактивный справочник (с отправкой запросов)" })).toHaveAttribute("href", "/api-docs");
  });
});
