/** /metrics' own figures (server/metrics.ts): what an operator reads to size the page cache and the in-flight bound. */
import { describe, expect, test } from "vitest";
import { createMetricsRegistry } from "./metrics.ts";
import { PageCache } from "./page-cache.ts";

const page = (nonce: string) =>
  new Response(`<!DOCTYPE html><p>Товар</p><script nonce="${nonce}"></script>`, { status: 200, headers: { "content-type": "text/html" } });

describe("metrics", () => {
  test("the page cache's bytes, entries and answers by kind are exported as the cache counts them", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const render = (nonce: string) => async () => ({ response: page(nonce), nonce });
    await cache.serve(new Request("http://shop.test/ru/product/1"), "a", render("a"));
    await cache.serve(new Request("http://shop.test/ru/product/1"), "b", render("b"));
    await cache.serve(new Request("http://shop.test/ru/product/2"), "c", render("c"));
    await cache.serve(new Request("http://shop.test/ru/product/2", { headers: { cookie: "refresh=x" } }), "d", render("d"));
    const text = await createMetricsRegistry(undefined, undefined, cache).metrics();
    const value = (line: string) =>
      Number(
        text
          .split("\n")
          .find((l) => l.startsWith(`${line} `))
          ?.split(" ")[1],
      );
    expect(value("postavka_page_cache_entries")).toBe(2);
    expect(value("postavka_page_cache_bytes")).toBe(cache.stats().bytes);
    expect(value("postavka_page_cache_bytes")).toBeGreaterThan(0);
    expect(value('postavka_page_cache_requests_total{result="hit"}')).toBe(1);
    expect(value('postavka_page_cache_requests_total{result="miss"}')).toBe(2);
    expect(value('postavka_page_cache_requests_total{result="bypassed"}')).toBe(1);
  });

  test("without a page cache (development, or PAGE_CACHE_TTL_S=0) there are no page cache series", async () => {
    expect(await createMetricsRegistry(undefined).metrics()).not.toContain("postavka_page_cache");
  });
});
