/**
 * Load shedding (server/load-shedding.ts, ADR 065) in the process's HTTP pipeline (server/http.ts)
 * over a real socket: requests held in a stub API fill the bound; the next ones are answered 503 with
 * Retry-After and no-store, a page in the path's language or the API's error envelope; health checks
 * and /metrics still answer, and anonymous GETs are shed before signed-in requests and writes.
 */
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createServerApp } from "./http.ts";
import { createLoadShedder, SHED_RETRY_AFTER_S, shedPage } from "./load-shedding.ts";
import { createLogger } from "./logger.ts";

const TOKEN = "metrics-token";

/** A server whose API holds every `/api/hold` request until `release()`; the rest answer at once. */
async function start(maxInFlight: number) {
  const held: Array<() => void> = [];
  let arrived = 0;
  const shedder = createLoadShedder({ maxInFlight });
  const app = createServerApp({
    api: {
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname === "/api/hold") {
          arrived += 1;
          await new Promise<void>((resolve) => held.push(resolve));
        }
        return Response.json({ data: { ok: true } });
      },
    },
    database: { ping: async () => true },
    logger: createLogger({ level: "silent" }),
    mode: "development",
    getBuild: async () => {
      throw new Error("no web tier in this test");
    },
    metricsToken: TOKEN,
    loadShedder: shedder,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Starts a held request and resolves once the API has it (so it is in flight), with its answer to come. */
  const hold = async (init: RequestInit = {}) => {
    const before = arrived;
    const response = fetch(`${url}/api/hold`, init);
    // A request still held when the test ends is cut by close(): not an error of the test.
    response.catch(() => undefined);
    while (arrived === before) await new Promise((resolve) => setTimeout(resolve, 5));
    return { response };
  };
  return {
    url,
    shedder,
    hold,
    release: () => held.splice(0).forEach((resolve) => resolve()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const resolve of held.splice(0)) resolve();
        shedder.close();
        server.close(() => resolve());
        (server as import("node:http").Server).closeAllConnections();
      }),
  };
}

let running: Awaited<ReturnType<typeof start>> | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe("a process at its bound (MAX_IN_FLIGHT=1)", () => {
  it("sheds a new page with 503, Retry-After and no-store, in the path's language (ru by default)", async () => {
    running = await start(1);
    const held = await running.hold();
    for (const [path, lang, text] of [
      ["/catalog", "ru", "Сервер перегружен"],
      ["/en/catalog", "en", "The server is busy"],
      ["/zh/product/1", "zh", "服务器繁忙"],
    ] as const) {
      const response = await fetch(`${running.url}${path}`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(SHED_RETRY_AFTER_S));
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const body = await response.text();
      expect(body).toContain(`<html lang="${lang}">`);
      expect(body).toContain(text);
    }
    running.release();
    expect((await held.response).status).toBe(200);
  });

  it("answers the API tier with its error envelope", async () => {
    running = await start(1);
    await running.hold();
    const response = await fetch(`${running.url}/api/catalog/products`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(SHED_RETRY_AFTER_S));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      error: { code: "service_unavailable", message: expect.any(String), details: { retryAfter: SHED_RETRY_AFTER_S } },
    });
  });

  it("sheds a signed-in user's form post before reading its body, and the page says the form was not received", async () => {
    running = await start(1);
    await running.hold();
    const response = await fetch(`${running.url}/en/profile/company`, {
      method: "POST",
      headers: { cookie: "access=a.b.c", "content-type": "application/x-www-form-urlencoded" },
      body: "name=Acme",
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("If you were sending a form, it did not arrive");
  });

  it("still answers health checks and /metrics, which show the request in flight and the shed ones", async () => {
    running = await start(1);
    await running.hold();
    await fetch(`${running.url}/catalog`);
    await fetch(`${running.url}/api/x`);
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^postavka_http_requests_in_flight 1$/m);
    expect(text).toMatch(/^postavka_http_requests_shed_total\{reason="in_flight"\} 2$/m);
  });

  it("takes requests on again once the held one is answered", async () => {
    running = await start(1);
    const held = await running.hold();
    expect((await fetch(`${running.url}/api/x`)).status).toBe(503);
    running.release();
    await held.response;
    expect((await fetch(`${running.url}/api/x`)).status).toBe(200);
    expect(running.shedder.stats().inFlight).toBe(0);
  });
});

describe("what is shed first (MAX_IN_FLIGHT=4: anonymous GETs from 3)", () => {
  it("sheds an anonymous GET while a signed-in GET and a write still get the last slot", async () => {
    running = await start(4);
    for (let i = 0; i < 3; i++) await running.hold();
    expect((await fetch(`${running.url}/api/x`)).status).toBe(503);
    expect((await fetch(`${running.url}/api/x`, { headers: { authorization: "Bearer key" } })).status).toBe(200);
    expect((await fetch(`${running.url}/api/x`, { method: "POST", body: "{}" })).status).toBe(200);
    // The fourth slot taken by a signed-in request: now everything new is shed.
    await running.hold({ headers: { cookie: "refresh=r" } });
    expect((await fetch(`${running.url}/api/x`, { headers: { cookie: "access=a" } })).status).toBe(503);
    expect((await fetch(`${running.url}/api/x`, { method: "POST", body: "{}" })).status).toBe(503);
    expect(running.shedder.stats()).toMatchObject({ inFlight: 4, shed: { in_flight: 3, event_loop: 0 } });
  });
});

describe("the shed page", () => {
  it("has no script (no CSP nonce needed) and escapes its texts", () => {
    for (const lang of ["ru", "en", "zh"] as const) {
      const page = shedPage(lang);
      expect(page).not.toContain("<script");
      expect(page).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe("the event loop's delay bound (MAX_EVENT_LOOP_DELAY_MS)", () => {
  it("sheds anonymous GETs after a second whose mean delay exceeded it, not signed-in requests", async () => {
    const shedder = createLoadShedder({ maxInFlight: 0, maxEventLoopDelayMs: 20 });
    try {
      const app = new Hono().use(shedder.middleware).all("*", (c) => c.text("ok"));
      expect((await app.request("/catalog")).status).toBe(200);
      // Block the loop for most of a sampling second, then wait for the sampler's next tick (each
      // tick judges the second before it, so the bound holds until the one after).
      // (The histogram measures from its first tick on: let it tick first.)
      await new Promise((resolve) => setTimeout(resolve, 100));
      const until = Date.now() + 800;
      while (Date.now() < until);
      for (let waited = 0; shedder.stats().eventLoopDelayMs <= 20 && waited < 3_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(shedder.stats().eventLoopDelayMs).toBeGreaterThan(20);
      expect((await app.request("/en/catalog")).status).toBe(503);
      expect((await app.request("/en/catalog", { headers: { cookie: "access=a" } })).status).toBe(200);
      expect((await app.request("/api/x", { method: "POST" })).status).toBe(200);
      expect(shedder.stats().shed).toEqual({ in_flight: 0, event_loop: 1 });
    } finally {
      shedder.close();
    }
  });
});
