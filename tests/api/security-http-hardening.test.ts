/**
 * Security review N10, N12, I2, I4 (issue 25 §4): only a signed-in write that succeeded empties the
 * page cache (an anonymous POST answered with a redirect to sign-in does not); a hop-count
 * TRUST_PROXY on a reachable HOST is warned about and production listens on loopback by default;
 * the page-cache key keeps only cookie values a render tells apart; the rates and translation
 * fetches follow no redirect and read a bounded body. (I1's headers are checked on the built
 * server in tests/e2e/private-files.spec.ts.)
 */
import { describe, expect, test } from "vitest";
import { trustProxyWarning } from "#server/client-ip.ts";
import { parseEnv } from "#server/env.ts";
import { BodyTooLargeError, readCapped } from "#server/fetch-limits.ts";
import { createServerApp } from "#server/http.ts";
import { createLogger } from "#server/logger.ts";
import { fetchCbrDaily, MAX_RATES_BYTES } from "#server/money/rates.ts";
import { PageCache } from "#server/page-cache.ts";
import { libreTranslate } from "#server/translation/provider.ts";

describe("N10: the page cache is emptied only by real writes", () => {
  function app() {
    let emptied = 0;
    const pageCache = { invalidate: () => void emptied++ } as unknown as PageCache;
    const server = createServerApp({
      // The API answers as the web tier's guards do: a caller without a session goes to sign-in.
      api: {
        fetch: (request: Request) =>
          request.headers.get("authorization")
            ? Response.json({ data: { ok: true } })
            : new Response(null, { status: 302, headers: { location: "/auth?redirectTo=%2Fadmin" } }),
      },
      database: { ping: async () => true },
      logger: createLogger({ level: "silent" }),
      mode: "production",
      getBuild: () => Promise.reject(new Error("no pages here")),
      pageCache,
    });
    return { server, emptied: () => emptied };
  }

  test("an anonymous POST redirected to sign-in empties nothing; a signed-in write does", async () => {
    const { server, emptied } = app();
    const anonymous = await server.request("/api/profile/company", { method: "POST", body: "a=1" });
    expect(anonymous.status).toBe(302);
    expect(emptied()).toBe(0);
    const staleCookie = await server.request("/api/profile/company", {
      method: "POST",
      body: "a=1",
      headers: { cookie: "access=expired" },
    });
    expect(staleCookie.status).toBe(302);
    expect(emptied()).toBe(0);
    const write = await server.request("/api/profile/company", {
      method: "POST",
      body: "{}",
      headers: { authorization: "Bearer token", "content-type": "application/json" },
    });
    expect(write.status).toBe(200);
    expect(emptied()).toBe(1);
  });
});

describe("N12: forged client addresses", () => {
  test("a hop count with a HOST other machines reach is warned about; trust by address or a loopback HOST is not", () => {
    expect(trustProxyWarning("1", "0.0.0.0")).toMatch(/TRUST_PROXY=loopback/);
    expect(trustProxyWarning("2", "10.0.0.7")).not.toBeNull();
    expect(trustProxyWarning("1", "127.0.0.1")).toBeNull();
    expect(trustProxyWarning("1", "::1")).toBeNull();
    expect(trustProxyWarning("loopback", "0.0.0.0")).toBeNull();
    expect(trustProxyWarning(undefined, "0.0.0.0")).toBeNull();
  });

  test("production listens on loopback unless HOST says otherwise", () => {
    const production = { NODE_ENV: "production", OUTBOX: "true" };
    expect(parseEnv(production).HOST).toBe("127.0.0.1");
    expect(parseEnv({ ...production, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({}).HOST).toBe("0.0.0.0");
  });
});

describe("I2: page-cache keys", () => {
  const cache = new PageCache({ ttlS: 60, maxBytes: 1024 });
  const key = (cookie: string) => cache.keyOf(new Request("https://postavka.test/catalog", { headers: cookie ? { cookie } : {} }));

  test("unknown cookie values share the key of no cookie; known ones keep their own", () => {
    expect(key("viewport=a1")).toBe(key(""));
    expect(key("viewport=a2; locale=xx; currency=ZZZ")).toBe(key(""));
    expect(key("viewport=sm")).not.toBe(key(""));
    expect(key("locale=en")).not.toBe(key("locale=zh"));
    expect(key("currency=USD")).not.toBe(key(""));
  });
});

describe("I4: fetches of configured services", () => {
  const huge = () => new Response(new Uint8Array(MAX_RATES_BYTES + 1), { status: 200 });

  test("a body over the cap is refused while it streams", async () => {
    const stream = new ReadableStream({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    await expect(readCapped(new Response(stream), 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  test("the rates fetch follows no redirect and refuses an oversized answer", async () => {
    let seen: RequestInit | undefined;
    const fetcher = (async (_url: string, init?: RequestInit) => {
      seen = init;
      return huge();
    }) as typeof fetch;
    await expect(fetchCbrDaily(undefined as never, "https://cbr.example/XML_daily.asp", fetcher)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen?.redirect).toBe("error");
  });

  test("the translation service's answer is bounded and its redirects refused", async () => {
    let seen: RequestInit | undefined;
    const fetcher = (async (_url: string, init?: RequestInit) => {
      seen = init;
      return new Response(new Uint8Array(5 * 1024 * 1024), { status: 200 });
    }) as typeof fetch;
    await expect(libreTranslate("https://translate.example", undefined, fetcher).translate(["труба"], "ru", "en")).rejects.toThrow(
      /larger than/,
    );
    expect(seen?.redirect).toBe("error");
  });
});
