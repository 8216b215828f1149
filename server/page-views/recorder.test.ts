/** The page-view buffer (./recorder.ts) and the classification of requests (./classify.ts), without a database. */
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { isHumanView, isReading, pageOfPath, pageViewOf } from "./classify.ts";
import { createPageViewRecorder } from "./recorder.ts";

/** A stand-in for the database that keeps what was inserted (or fails every insert). */
function fakeDb(fail = false) {
  const rows: unknown[] = [];
  const db = {
    insert: () => ({
      values: async (values: unknown[]) => {
        if (fail) throw new Error("database down");
        rows.push(...values);
      },
    }),
  } as unknown as Db;
  return { db, rows };
}

describe("the recorder", () => {
  it("counts views per entity and UTC day in memory and writes one row for each on flush", async () => {
    const { db, rows } = fakeDb();
    let clock = Date.parse("2026-11-28T23:59:59Z");
    const recorder = createPageViewRecorder({ db, flushEveryMs: 0, now: () => clock });
    recorder.record({ kind: "product", id: 7 });
    recorder.record({ kind: "product", id: 7 });
    clock += 2000; // past midnight UTC: a new day
    recorder.record({ kind: "product", id: 7 });
    recorder.record({ kind: "company", id: 3 });
    expect(rows).toEqual([]);
    await recorder.flush();
    expect(rows).toEqual([
      { kind: "product", entityId: 7, day: "2026-11-28", views: 2 },
      { kind: "product", entityId: 7, day: "2026-11-29", views: 1 },
      { kind: "company", entityId: 3, day: "2026-11-29", views: 1 },
    ]);
    await recorder.flush();
    expect(rows.length).toBe(3); // nothing twice
  });

  it("flushes at once when the buffer is full, and a failed flush is logged, never thrown", async () => {
    const { db, rows } = fakeDb();
    const recorder = createPageViewRecorder({ db, flushEveryMs: 0, maxKeys: 2 });
    recorder.record({ kind: "product", id: 1 });
    recorder.record({ kind: "product", id: 2 });
    await recorder.close();
    expect(rows.length).toBe(2);
    const warnings: string[] = [];
    const down = createPageViewRecorder({
      db: fakeDb(true).db,
      flushEveryMs: 0,
      logger: { warn: (_o: unknown, m: string) => void warnings.push(m) } as never,
    });
    down.record({ kind: "service", id: 1 });
    await expect(down.close()).resolves.toBeUndefined();
    expect(warnings).toEqual(["page views dropped: the flush failed"]);
  });
});

describe("classification", () => {
  it("knows the supplier pages by path, with a language and as data requests", () => {
    expect(pageOfPath("/product/12")).toEqual({ kind: "product", id: 12 });
    expect(pageOfPath("/zh/product/12.data")).toEqual({ kind: "product", id: 12 });
    expect(pageOfPath("/en/suppliers/5")).toEqual({ kind: "company", id: 5 });
    expect(pageOfPath("/suppliers/5/products")).toEqual({ kind: "company_products", id: 5 });
    expect(pageOfPath("/services/company/9")).toEqual({ kind: "service", id: 9 });
    for (const other of [
      "/product/0",
      "/product/abc",
      "/product/99999999999",
      "/product/3000000000",
      "/de/product/1",
      "/suppliers",
      "/catalog/4",
      "/profile/product/3",
    ])
      expect(pageOfPath(other), other).toBeNull();
  });

  it("a robot or a prefetch is not a person reading", () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
    expect(isHumanView(new Headers({ "user-agent": chrome }))).toBe(true);
    expect(isHumanView(new Headers({ "user-agent": "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)" }))).toBe(false);
    expect(isHumanView(new Headers({ "user-agent": "curl/8.5.0" }))).toBe(false);
    expect(isHumanView(new Headers())).toBe(false);
    expect(isHumanView(new Headers({ "user-agent": chrome, "sec-purpose": "prefetch;prerender" }))).toBe(false);
    expect(isHumanView(new Headers({ "user-agent": chrome, purpose: "prefetch" }))).toBe(false);
  });

  it("the service worker fetching a page again to keep it offline is not a second view", () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";
    const page = (headers: Record<string, string>, path = "/product/7") =>
      pageViewOf(
        new Request(`http://site.test${path}`, { headers: { "user-agent": chrome, ...headers } }),
        new Response("<html>", { headers: { "content-type": "text/html; charset=utf-8" } }),
      );
    expect(page({ "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" })).toEqual({ kind: "product", id: 7 });
    expect(page({ "sec-fetch-mode": "same-origin", "sec-fetch-dest": "empty" })).toBeNull();
    expect(isReading(new Headers({ "sec-fetch-mode": "cors" }), "/zh/product/7.data")).toBe(true);
  });

  it("a request wearing a current browser's name without its Fetch Metadata is not a view where that browser would send it", () => {
    const view = (url: string, agent: string, headers: Record<string, string> = {}, secureSite = false) =>
      pageViewOf(
        new Request(url, { headers: { "user-agent": agent, ...headers } }),
        new Response("<html>", { headers: { "content-type": "text/html; charset=utf-8" } }),
        secureSite,
      );
    // What Playwright's API request context sends: Chrome's name, no Sec-Fetch-* (the dashboard e2e's fourth view).
    const playwright = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36";
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const safari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15";
    for (const agent of [playwright, firefox, safari]) {
      for (const url of ["https://postavka.example/product/7", "http://127.0.0.1:3000/product/7", "http://localhost/product/7"]) {
        expect(view(url, agent), `${agent} at ${url}`).toBeNull();
        expect(view(url, agent, { "sec-fetch-mode": "navigate" })).toEqual({ kind: "product", id: 7 });
      }
      // Behind the site's HTTPS proxy the request reaches this process as plain HTTP.
      expect(view("http://postavka.example/product/7", agent, {}, true)).toBeNull();
      // Browsers send no Fetch Metadata to a plain-HTTP origin: a real visit there is taken at its word.
      expect(view("http://192.168.1.20:3000/product/7", agent)).toEqual({ kind: "product", id: 7 });
    }
    // Browsers from before Fetch Metadata (Chrome 75, Firefox 89, Safari 16.3) are taken at their word.
    for (const agent of [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/75.0.3770.100 Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:89.0) Gecko/20100101 Firefox/89.0",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Safari/605.1.15",
    ]) {
      expect(view("https://postavka.example/product/7", agent), agent).toEqual({ kind: "product", id: 7 });
    }
  });
});
