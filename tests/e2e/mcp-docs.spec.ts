/**
 * The MCP server for AI assistants (issue 29 §3; ADR 055), end to end on the e2e server:
 * - `/api-docs/mcp` explains how to connect an assistant in all three languages, without JavaScript
 *   too: the endpoint on this origin, the Claude Code (`type: "http"`), Claude Desktop (`mcp-remote`)
 *   and Cursor snippets with the Authorization header, the tools and their scopes; /api-docs links it;
 * - the SDK's own client, over real HTTP through the process's pipeline (server/http.ts passes
 *   `/mcp` to the API tier), lists the tools, finds «труба стальная» and estimates the landed cost
 *   of a priced hit to Moscow, every answer linking to this origin's pages.
 * Screenshots at 1280 and 390 px go to test-results/mcp-docs/.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "./support/test.ts";
import { adminCliOk } from "./support/admin.ts";

const PAGES = [
  { path: "/api-docs/mcp", heading: "ИИ-ассистенты (MCP)", lang: "ru" },
  { path: "/en/api-docs/mcp", heading: "AI assistants (MCP)", lang: "en" },
  { path: "/zh/api-docs/mcp", heading: "AI 助手（MCP）", lang: "zh" },
];

for (const { path, heading, lang } of PAGES) {
  test(`${path}: the endpoint, the clients' snippets and the tools, in ${lang}`, async ({ page, baseURL, javaScriptEnabled }) => {
    const origin = new URL(baseURL!).origin;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.locator("code.mcp-endpoint")).toHaveText(`${origin}/mcp`);
    const snippets = await page.locator(".mcp-snippet pre").allTextContents();
    expect(snippets.some((s) => s.includes('"type": "http"') && s.includes('"Authorization": "Bearer pk_live_…"'))).toBe(true);
    expect(snippets.some((s) => s.includes("mcp-remote") && s.includes(`${origin}/mcp`))).toBe(true);
    await expect(page.locator("#client-cursor")).toContainText("~/.cursor/mcp.json");
    for (const tool of ["search_products", "estimate_landed_cost", "draft_buying_request", "list_orders"])
      await expect(page.getByRole("cell", { name: tool, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: /^conversations:read/ })).toBeVisible();
    await expect(page.locator(".mcp-scope-inline").first()).toBeHidden();
    if (!javaScriptEnabled) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `test-results/mcp-docs/${lang}-${width}.png`, fullPage: true });
        // The first screen and the tools' table as a phone shows them (a whole 390 px page is too tall to read).
        if (width === 390) {
          await page.screenshot({ path: `test-results/mcp-docs/${lang}-${width}-top.png` });
          await expect(page.locator(".mcp-scope-inline").first()).toBeVisible();
          await page.locator("#mcp-tools").scrollIntoViewIfNeeded();
          await page.screenshot({ path: `test-results/mcp-docs/${lang}-${width}-tools.png` });
        }
      }
      // Nothing wider than the phone's screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}

test("the reference links the MCP page", async ({ page }) => {
  await page.goto("/en/api-docs/reference");
  await page.getByRole("link", { name: "AI assistants (MCP)" }).click();
  await expect(page).toHaveURL(/\/en\/api-docs\/mcp$/);
});

test("an MCP client lists the tools and finds «труба стальная» with its landed cost to Moscow", async ({
  baseURL,
  javaScriptEnabled,
  newSupplier,
  tag,
}) => {
  test.skip(!javaScriptEnabled, "no browser involved: once is enough");
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  // A Chinese maker's seamless steel pipes at 5,000 CNY a tonne, published.
  const supplier = await newSupplier({ locale: "ru-RU", label: "mcp-pipes", names: ["Трубник", "Тестов"] });
  const pipes = await supplier.api<{ id: number }>("POST", "/api/profile/company/products", {
    name: { ru: `Труба стальная бесшовная ${tag}` },
    sourceLang: "ru",
    tnvedCode: "7304191009",
  });
  await supplier.api("PUT", `/api/profile/company/products/${pipes.id}/prices`, {
    tiers: [{ minQuantity: 1, price: "5000", currency: "CNY", unit: "t" }],
  });
  await supplier.api("PATCH", `/api/profile/company/products/${pipes.id}/status`, { action: "submit" });
  await adminCliOk("approve", "product", String(pipes.id));
  await supplier.page.context().close();

  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
  const { tools } = await client.listTools();
  expect(tools.length).toBe(11);
  const found = await client.callTool({ name: "search_products", arguments: { query: "труба стальная", tnved: "7304", limit: 20 } });
  const items = (found.structuredContent as { items: { id: number; url: string; priceFrom: string | null; tnvedCode: string | null }[] })
    .items;
  expect(items.length).toBeGreaterThan(0);
  // Links are built from the server's public origin (PUBLIC_URL, else the address it listens on: 127.0.0.1 here).
  for (const item of items) expect(item.url).toMatch(new RegExp(`^http://[^/]+:${new URL(origin).port}/product/\\d+$`));
  const priced = items.find((i) => i.id === pipes.id);
  expect(priced, JSON.stringify(items)).toMatchObject({ priceFrom: "5000.00", tnvedCode: "7304191009" });
  const cost = await client.callTool({
    name: "estimate_landed_cost",
    arguments: { id: priced!.id, quantity: 10, freight_rub: 100000, destination: "Moscow" },
  });
  const text = (cost.content as { text: string }[])[0]!.text;
  expect(text).toContain("to Moscow");
  expect(text).toContain(`/product/${priced!.id}?qty=10&freight=100000#landed-cost`);
  await client.close();
});
