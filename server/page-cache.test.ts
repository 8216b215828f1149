import { gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { ownBytes, PageCache, type CachedPage } from "./page-cache.ts";

const html = (text: string, nonce: string) =>
  `<!DOCTYPE html><html><body><p>${text}</p><script nonce="${nonce}">hydrate()</script><script nonce="${nonce}">more()</script></body></html>`;

/** A renderer counting its renders, answering `make(n)` for the n-th. */
function renderer(make: (n: number, nonce: string) => Response) {
  let renders = 0;
  return {
    get renders() {
      return renders;
    },
    render: (nonce: string) => async () => {
      renders++;
      return { response: make(renders, nonce), nonce };
    },
  };
}

const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "content-type": "text/html; charset=utf-8", ...headers } });

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://shop.test${path}`, { headers });

/**
 * A renderer whose renders wait at `hold()` until `release()`: for background renders that must
 * still be running while the test looks. Counts its renders; each page says which render it was.
 */
function heldRenderer() {
  let renders = 0;
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    get renders() {
      return renders;
    },
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = Promise.resolve();
    },
    render: (nonce: string) => async () => {
      const n = ++renders;
      await gate;
      return { response: page(html(`render ${n}`, nonce)), nonce };
    },
  };
}

/** Lets background renders that were released finish. */
/** A cache with a 10 s TTL and a 30 s stale window on a clock the test moves by hand (`clock.now`, ms). */
function staleCache(start = 0) {
  const clock = { now: start };
  const cache = new PageCache({ ttlS: 10, staleS: 30, maxBytes: 1 << 20, now: () => clock.now });
  return { cache, clock };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("PageCache", () => {
  test("serves an anonymous visitor's second request from the first render, with its own CSP nonce in every script", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n, nonce) => page(html(`render ${n}`, nonce)));
    const first = await cache.serve(get("/ru/product/7"), "nonce-A", r.render("nonce-A"));
    const second = await cache.serve(get("/ru/product/7"), "nonce-B", r.render("nonce-B"));
    expect(r.renders).toBe(1);
    expect(await first.text()).toContain('nonce="nonce-A"');
    const body = await second.text();
    expect(body).toContain("render 1");
    expect(body.match(/nonce="nonce-B"/g)).toHaveLength(2);
    expect(body).not.toContain("nonce-A");
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
  });

  test("keeps in memory only the bytes it counts: stored pieces own their memory (issue 31 §5)", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n, nonce) => page(html(`render ${n} ${"товар ".repeat(n * 10)}`, nonce)));
    for (let i = 0; i < 20; i++) await cache.serve(get(`/ru/product/${i}`), "nonce-A", r.render("nonce-A"));
    // The LRU is private; the test reads it to sum the memory behind what it holds.
    const stored = [...(cache as unknown as { cache: Map<string, CachedPage> & { values(): Iterable<CachedPage> } }).cache.values()];
    expect(stored).toHaveLength(20);
    const held = new Set(stored.flatMap((p) => [...p.pieces, ...p.deflated]).map((b) => b.buffer));
    const heldBytes = [...held].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    // Before, each deflated piece was a view into zlib's 64 KB output chunk: 20 pages held > 2.5 MB for ≈ 20 KB counted.
    expect(heldBytes).toBe(cache.stats().bytes);
    // and a gzip answer built from them still inflates to the page
    const gz = await cache.serve(get("/ru/product/3", { "accept-encoding": "gzip" }), "nonce-B", r.render("nonce-B"));
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8")).toContain("render 4");
  });

  test("ownBytes copies a view into a shared block and keeps a buffer that already owns its memory", () => {
    const view = Buffer.from("короткая строка", "utf8");
    expect(view.buffer.byteLength).toBeGreaterThan(view.byteLength);
    const own = ownBytes(view);
    expect(own.equals(view)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.byteLength);
    expect(ownBytes(own)).toBe(own);
  });

  test("never shares a page with or from a visitor who has a session or any other personal cookie", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n, nonce) => page(html(`render ${n}`, nonce)));
    for (const cookie of ["refresh=abc", "access=x; locale=en", "flash=hello", "fingerprint=f", "auth_flow=1"]) {
      await cache.serve(get("/ru/product/7", { cookie }), "n", r.render("n"));
    }
    expect(r.renders).toBe(5);
    expect(cache.stats()).toMatchObject({ bypassed: 5, entries: 0 });
    // and an anonymous visitor afterwards renders afresh: nothing personal was stored
    await cache.serve(get("/ru/product/7"), "n", r.render("n"));
    expect(r.renders).toBe(6);
  });

  test("keeps one copy per language cookie, viewport class, preferred language and host", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n, nonce) => page(html(`render ${n}`, nonce)));
    const variants = [
      get("/", {}),
      get("/", { cookie: "locale=en" }),
      get("/", { cookie: "viewport=xs" }),
      get("/", { "accept-language": "zh-CN,zh;q=0.9" }),
      new Request("http://evil.test/", {}),
    ];
    for (const request of variants) await cache.serve(request, "n", r.render("n"));
    expect(r.renders).toBe(5);
    for (const request of variants) await cache.serve(request, "n", r.render("n"));
    expect(r.renders).toBe(5);
  });

  test.each([
    ["an error page", () => new Response("boom", { status: 500, headers: { "content-type": "text/html" } })],
    ["a not-found page", () => new Response("nope", { status: 404, headers: { "content-type": "text/html" } })],
    ["a redirect", () => new Response(null, { status: 302, headers: { location: "/en" } })],
    ["a page that sets a cookie", () => page("<p>hi</p>", { "set-cookie": "flash=; Max-Age=0" })],
    ["a private page", () => page("<p>mine</p>", { "cache-control": "private, no-store" })],
    ["JSON", () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } })],
  ])("passes %s through unchanged and stores nothing", async (_name, make) => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer(() => make());
    const first = await cache.serve(get("/x"), "n", r.render("n"));
    const expected = make();
    expect(first.status).toBe(expected.status);
    expect(await first.text()).toBe(await expected.text());
    await cache.serve(get("/x"), "n", r.render("n"));
    expect(r.renders).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  test("renders once for concurrent visitors of one page", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const render = (nonce: string) => async () => {
      renders++;
      await gate;
      return { response: page(html("slow", nonce)), nonce };
    };
    const pending = [1, 2, 3, 4].map((i) => cache.serve(get("/slow"), `nonce-${i}`, render(`nonce-${i}`)));
    release();
    const bodies = await Promise.all(pending.map(async (p) => (await p).text()));
    expect(renders).toBe(1);
    bodies.forEach((body, i) => expect(body).toContain(`nonce="nonce-${i + 1}"`));
  });

  test("concurrent visitors of a page that may not be shared each get a whole answer", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n) => new Response(`missing ${n}`, { status: 404, headers: { "content-type": "text/html" } }));
    const answers = await Promise.all([1, 2, 3].map(() => cache.serve(get("/gone"), "n", r.render("n"))));
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    for (const answer of answers) expect(await answer.text()).toMatch(/^missing \d$/);
  });

  test("a write empties it, and entries expire after the TTL", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n, nonce) => page(html(`render ${n}`, nonce)));
    await cache.serve(get("/a"), "n", r.render("n"));
    cache.invalidate();
    expect(await (await cache.serve(get("/a"), "n", r.render("n"))).text()).toContain("render 2");

    const short = new PageCache({ ttlS: 1, maxBytes: 1 << 20 });
    const s = renderer((n, nonce) => page(html(`render ${n}`, nonce)));
    await short.serve(get("/b"), "n", s.render("n"));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await (await short.serve(get("/b"), "n", s.render("n"))).text()).toContain("render 2");
  });

  test("after the TTL serves the old copy at once while one render in the background replaces it; past the stale window it renders", async () => {
    const { cache, clock } = staleCache(1_000_000);
    const r = heldRenderer();
    await cache.serve(get("/c"), "n1", r.render("n1"));
    clock.now += 11_000;
    r.hold();
    // Three visitors while the page is being rendered again: all get the old copy, one render runs.
    const stale = await Promise.all(["n2", "n3", "n4"].map((nonce) => cache.serve(get("/c"), nonce, r.render(nonce))));
    expect(stale.map((response) => response.headers.get("x-cache"))).toEqual(["STALE", "STALE", "STALE"]);
    const bodies = await Promise.all(stale.map((response) => response.text()));
    bodies.forEach((body, i) => {
      expect(body).toContain("render 1");
      expect(body).toContain(`nonce="n${i + 2}"`);
    });
    expect(r.renders).toBe(2);
    r.release();
    await tick();
    const fresh = await cache.serve(get("/c"), "n5", r.render("n5"));
    expect(fresh.headers.get("x-cache")).toBe("HIT");
    expect(await fresh.text()).toContain("render 2");
    expect(cache.stats()).toMatchObject({ stale: 3, hits: 1 });
    // Past TTL + stale window the visitor waits for a new render.
    clock.now += 41_000;
    const late = await cache.serve(get("/c"), "n6", r.render("n6"));
    expect(late.headers.get("x-cache")).toBe("MISS");
    expect(await late.text()).toContain("render 3");
  });

  test("pages that expire together are rendered again one at a time, each served stale until its turn", async () => {
    const { cache, clock } = staleCache();
    let running = 0;
    let most = 0;
    const render = (path: string, nonce: string) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return { response: page(html(`${path} at ${clock.now}`, nonce)), nonce };
    };
    const paths = ["/k/1", "/k/2", "/k/3", "/k/4", "/k/5"];
    for (const path of paths) await cache.serve(get(path), "n", render(path, "n"));
    most = 0;
    clock.now += 11_000;
    const answers = await Promise.all(paths.map((path) => cache.serve(get(path), "n", render(path, "n"))));
    expect(answers.map((a) => a.headers.get("x-cache"))).toEqual(paths.map(() => "STALE"));
    await cache.settled();
    expect(most).toBe(1);
    for (const path of paths) expect(await (await cache.serve(get(path), "n", render(path, "n"))).text()).toContain(`${path} at 11000`);
  });

  test("a write during a background render keeps that render's page out of the cache", async () => {
    const { cache, clock } = staleCache();
    const r = heldRenderer();
    await cache.serve(get("/d"), "n", r.render("n"));
    clock.now += 11_000;
    r.hold();
    expect((await cache.serve(get("/d"), "n", r.render("n"))).headers.get("x-cache")).toBe("STALE");
    cache.invalidate();
    r.release();
    await tick();
    const after = await cache.serve(get("/d"), "n", r.render("n"));
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain("render 3");
  });

  test("a page that is gone by its background render is dropped, not served stale again", async () => {
    const { cache, clock } = staleCache();
    let gone = false;
    const render = (nonce: string) => async () => ({
      response: gone ? new Response("gone", { status: 404, headers: { "content-type": "text/html" } }) : page(html("here", nonce)),
      nonce,
    });
    await cache.serve(get("/e"), "n", render("n"));
    clock.now += 11_000;
    gone = true;
    expect((await cache.serve(get("/e"), "n", render("n"))).headers.get("x-cache")).toBe("STALE");
    await tick();
    const next = await cache.serve(get("/e"), "n", render("n"));
    expect(next.status).toBe(404);
  });

  test("holds no more than its size budget, dropping the least recently used pages", async () => {
    const body = "x".repeat(20_000);
    const cache = new PageCache({ ttlS: 60, maxBytes: 50_000 });
    const r = renderer(() => page(body));
    for (let i = 0; i < 10; i++) await cache.serve(get(`/p/${i}`), "n", r.render("n"));
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    // Each page holds its 20,000 UTF-8 bytes and their few dozen deflated ones: two fit, not three.
    expect(cache.stats().entries).toBe(2);
    // The most recent pages stayed.
    await cache.serve(get("/p/9"), "n", r.render("n"));
    expect(r.renders).toBe(10);
  });

  test("a visitor who accepts gzip gets the stored compressed page with their own nonce, checksum and length right", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    // Several pieces of every width of UTF-8, and a piece longer than a stored block may be.
    const text = `Нож почвофрезы 12,5 мм — 旋耕刀 🚜 ${"Поставка из Китая ".repeat(5000)}`;
    const r = renderer((n, nonce) => page(html(`${text} render ${n}`, nonce), { vary: "Cookie" }));
    await cache.serve(get("/ru/product/7"), "nonce-A", r.render("nonce-A"));
    const hit = await cache.serve(get("/ru/product/7", { "accept-encoding": "gzip, deflate, br" }), "nonce-Bb", r.render("nonce-Bb"));
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    const compressed = Buffer.from(await hit.arrayBuffer());
    expect(Number(hit.headers.get("content-length"))).toBe(compressed.byteLength);
    // gunzip checks the CRC-32 and the length in the trailer: a wrong one throws.
    const body = gunzipSync(compressed).toString("utf8");
    expect(body).toBe(html(`${text} render 1`, "nonce-Bb"));
    expect(compressed.byteLength).toBeLessThan(Buffer.byteLength(body) / 10);
  });

  test("a visitor who refuses gzip, or names no encoding, gets the page as it was rendered", async () => {
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((n, nonce) => page(html(`Товар ${n}`, nonce)));
    await cache.serve(get("/p"), "nonce-A", r.render("nonce-A"));
    for (const acceptEncoding of ["gzip;q=0, br", "identity", ""]) {
      const hit = await cache.serve(get("/p", { "accept-encoding": acceptEncoding }), "nonce-C", r.render("nonce-C"));
      expect(hit.headers.get("content-encoding")).toBeNull();
      expect(await hit.text()).toBe(html("Товар 1", "nonce-C"));
    }
    const star = await cache.serve(get("/p", { "accept-encoding": "*" }), "nonce-D", r.render("nonce-D"));
    expect(star.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await star.arrayBuffer())).toString()).toBe(html("Товар 1", "nonce-D"));
  });

  test("sends a stored page's bytes exactly as rendered, non-Latin text included, with only the nonce changed", async () => {
    const text = "Труба стальная 钢管 — «ГОСТ 10704-91» ✓ 🚚";
    const cache = new PageCache({ ttlS: 60, maxBytes: 1 << 20 });
    const r = renderer((_n, nonce) => page(html(text, nonce)));
    await cache.serve(get("/ru/product/7"), "first-nonce", r.render("first-nonce"));
    // a nonce of another length still lands whole in both scripts
    const hit = await cache.serve(get("/ru/product/7"), "second-nonce-longer", r.render("second-nonce-longer"));
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(Buffer.from(await hit.arrayBuffer()).equals(Buffer.from(html(text, "second-nonce-longer")))).toBe(true);
    expect(r.renders).toBe(1);
  });
});
