/**
 * The process's HTTP pipeline (server/http.ts) with a stub API and web tier: which client address
 * the API is told (security review F1), body limits before anything is buffered (F3), malformed
 * media paths (F27). Requests go through a real socket so the peer address is real.
 */
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { createServerApp, MAX_OTHER_BODY, mediaHeaders, privateIfSignedIn, PUBLIC_DATA_WRITE } from "./http.ts";
import { parseTrustProxy } from "./client-ip.ts";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

type Seen = { clientIp: string | null; bodyBytes: number };

type Started = Awaited<ReturnType<typeof start>>;

async function start(trustProxy?: string, mode: "development" | "production" = "development") {
  const seen: Seen[] = [];
  const app = createServerApp({
    api: {
      fetch: async (request: Request) => {
        const body = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array();
        seen.push({ clientIp: request.headers.get("x-client-ip"), bodyBytes: body.length });
        return Response.json({ data: { ok: true } });
      },
    },
    database: { ping: async () => true },
    logger: createLogger({ level: "silent" }),
    mode,
    getBuild: async () => {
      throw new Error("no web tier in this test");
    },
    media: {
      get: async (key: string) => (key === "a.txt" ? { stream: Readable.from([Buffer.from("a")]), size: 1, mime: "text/plain" } : null),
    },
    trustProxy: parseTrustProxy(trustProxy),
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as import("node:http").Server).closeAllConnections();
      }),
  };
}

/**
 * A development server started before the enclosing describe block's tests and closed after them;
 * its `url` and `seen` read the running one.
 */
function serverForBlock(): Pick<Started, "url" | "seen"> {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  return {
    get url() {
      return started!.url;
    },
    get seen() {
      return started!.seen;
    },
  };
}

describe("client address seen by the API (F1)", () => {
  let direct: Started;
  let proxied: Started;
  beforeAll(async () => {
    direct = await start();
    proxied = await start("loopback");
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it("without TRUST_PROXY a forged X-Forwarded-For is ignored", async () => {
    await fetch(`${direct.url}/api/x`, { headers: { "x-forwarded-for": "203.0.113.9", "x-client-ip": "198.51.100.1" } });
    expect(direct.seen.at(-1)!.clientIp).toBe("127.0.0.1");
  });

  it("behind a trusted proxy each client keeps its own address (twenty clients are twenty buckets)", async () => {
    for (let i = 1; i <= 20; i++) await fetch(`${proxied.url}/api/x`, { headers: { "x-forwarded-for": `203.0.113.${i}` } });
    expect(new Set(proxied.seen.slice(-20).map((s) => s.clientIp)).size).toBe(20);
    expect(proxied.seen.at(-1)!.clientIp).toBe("203.0.113.20");
  });
});

describe("body limits (F3)", () => {
  const server = serverForBlock();

  it("refuses a chunked JSON body over the limit with the API's error shape, before the API reads it", async () => {
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_OTHER_BODY * 4) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const before = server.seen.length;
    const response = await fetch(`${server.url}/api/auth/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: "body_too_large", message: "Request body too large" } });
    // The API either never ran or saw less than the limit: nothing over it was buffered for it.
    for (const seen of server.seen.slice(before)) expect(seen.bodyBytes).toBeLessThanOrEqual(MAX_OTHER_BODY);
  });

  it("refuses a declared oversized body on a page's form post too", async () => {
    const response = await fetch(`${server.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=" + "x".repeat(MAX_OTHER_BODY + 10),
    });
    expect(response.status).toBe(413);
  });

  it("lets an ordinary body through", async () => {
    const response = await fetch(`${server.url}/api/auth/send-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com" }),
    });
    expect(response.status).toBe(200);
  });
});

describe("media paths (F27)", () => {
  const server = serverForBlock();

  it("a malformed escape is a 404, not a 500", async () => {
    expect((await fetch(`${server.url}/media/%E0%A4%A`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/a.txt`)).status).toBe(200);
  });

  it("documents are downloaded, never rendered on our origin; images are shown (F20)", async () => {
    const production = await start(undefined, "production");
    const served = await fetch(`${production.url}/media/a.txt`);
    await production.close();
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(mediaHeaders("application/pdf", 10)["content-disposition"]).toBe("attachment");
    expect(mediaHeaders("image/webp", 10)["content-disposition"]).toBeUndefined();
  });
});

describe("page cache invalidation (F13)", () => {
  it("only writes of public data empty the anonymous page cache", () => {
    for (const path of [
      "/profile/company/edit/main",
      "/en/profile/product/5/price",
      "/zh/admin/moderation/company/3",
      "/api/profile/company",
      "/api/profile/company/products/7/status",
      "/app/admin/categories/1",
      "/app/employee/form",
    ]) {
      expect(PUBLIC_DATA_WRITE.test(path), path).toBe(true);
    }
    for (const path of [
      "/api/auth/logout",
      "/api/auth/send-code",
      "/logout",
      "/favourite",
      "/api/products/4/favourite",
      "/api/profile",
      "/auth",
      "/_locale",
      "/profile-x",
    ]) {
      expect(PUBLIC_DATA_WRITE.test(path), path).toBe(false);
    }
  });
});

describe("signed-in pages are private (F8)", () => {
  const page = () => new Response("<html></html>", { headers: { "content-type": "text/html", "cache-control": "public, max-age=60" } });
  it("a page rendered with a session cookie may be kept by no cache", () => {
    for (const cookie of ["access=abc", "locale=en; refresh=xyz", "a=1;refresh=xyz"]) {
      const response = privateIfSignedIn(new Request("http://x/catalog", { headers: { cookie } }), page());
      expect(response.headers.get("cache-control"), cookie).toBe("private, no-store");
    }
  });
  it("an anonymous visitor's page keeps its caching (an emptied cookie is no session)", () => {
    for (const cookie of ["", "locale=en", "access=", "myaccess=1"]) {
      const response = privateIfSignedIn(new Request("http://x/catalog", { headers: { cookie } }), page());
      expect(response.headers.get("cache-control"), cookie).toBe("public, max-age=60");
    }
  });
});
