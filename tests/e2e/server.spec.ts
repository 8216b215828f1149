/** HTTP behaviour of the built server that browsers, crawlers and load balancers rely on. */
import { expect, test } from "./support/test.ts";
import { adminCli } from "./support/admin.ts";

test.describe("server", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: once is enough");

  test("health and readiness endpoints answer", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("pages carry security headers and a CSP with a nonce on their scripts", async ({ request }) => {
    const response = await request.get("/okved");
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attrs of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  test.describe("a <style> element put into a page", () => {
    test.use({ expectedPageErrors: /Applying inline style violates the following Content Security Policy directive 'style-src-elem/ });
    test("is not applied, while the page's own stylesheet and style attributes are (review I5/F29)", async ({ page }) => {
      await page.goto("/okved");
      const indent = () => page.evaluate(() => getComputedStyle(document.body).textIndent);
      expect(await indent()).toBe("0px");
      // What injected markup would bring to read the page with attribute selectors: refused.
      await page.evaluate(() => {
        const style = document.createElement("style");
        style.textContent = "body { text-indent: 7px }";
        document.head.append(style);
      });
      expect(await indent()).toBe("0px");
      // React's style attributes (the islands set them) still apply, and so does the site's stylesheet.
      await page.evaluate(() => (document.body.style.textIndent = "3px"));
      expect(await indent()).toBe("3px");
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    });
  });

  test("a page served again from the anonymous page cache carries a fresh nonce that matches its CSP", async ({ request }) => {
    const nonces: string[] = [];
    const states: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/tnved");
      states.push(response.headers()["x-cache"] ?? "");
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      const html = await response.text();
      const scriptNonces = new Set([...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*\bnonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...scriptNonces]).toEqual([nonce]);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(states[1]).toBe("HIT");
  });

  test("the moderation CLI reaches the running server's database and explains a refusal", async () => {
    expect(await adminCli("approve", "product", "999999")).toEqual({ code: 1, lines: [expect.stringContaining("999999")] });
    expect((await adminCli("approve", "story", "1")).code).toBe(64);
  });

  test("fingerprinted assets are cached for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/okved")).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const asset = await request.get(css!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Compressed at build time (scripts/build/precompress.ts): brotli for a browser that takes it,
    // gzip for one that takes only that, the file itself for one that takes neither — the same CSS.
    const brotli = await request.get(css!, { headers: { "accept-encoding": "gzip, deflate, br" } });
    const gzip = await request.get(css!, { headers: { "accept-encoding": "gzip" } });
    const plain = await request.get(css!, { headers: { "accept-encoding": "identity" } });
    expect([brotli, gzip, plain].map((r) => r.headers()["content-encoding"])).toEqual(["br", "gzip", undefined]);
    expect(brotli.headers()["vary"]).toContain("Accept-Encoding");
    const text = await plain.text();
    expect(text).toContain("{");
    expect([await brotli.text(), await gzip.text()]).toEqual([text, text]);
  });

  test("bots get the status and a one-line body instead of the error page", async ({ request }) => {
    const response = await request.get("/okved/99.99.99", { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/plain");
    expect((await response.text()).trim()).toBe("404 Page Not Found");
  });

  test("the API answers in its envelope and its one error shape", async ({ request }) => {
    const ok = await request.get("/api/okved/tree?code=62.01&lang=en");
    expect(ok.status()).toBe(200);
    expect((await ok.json()).data).toMatchObject({ code: "62.01", level: 4 });
    const missing = await request.get("/api/okved/tree?code=99.99");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    const unknown = await request.get("/api/nothing-here");
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
  });
});
