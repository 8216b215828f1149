/**
 * The Yandex Maps allowances of the production CSP (spec §7 maps; server/http.ts YANDEX_MAPS_CSP):
 * admitted only when YANDEX_MAPS_API_KEY is set, so a site without maps keeps `script-src 'self'`.
 */
import { describe, expect, test } from "vitest";
import { createServerApp, YANDEX_MAPS_CSP } from "./http.ts";
import { createLogger } from "./logger.ts";

function app(yandexMapsApiKey?: string) {
  return createServerApp({
    api: { fetch: async () => Response.json({ data: {} }) },
    database: { ping: async () => true },
    logger: createLogger({ level: "silent" }),
    mode: "production",
    getBuild: async () => {
      throw new Error("no web tier in this test");
    },
    yandexMapsApiKey,
  });
}

async function csp(yandexMapsApiKey?: string): Promise<string> {
  const response = await app(yandexMapsApiKey).request("/readyz");
  return response.headers.get("content-security-policy") ?? "";
}

describe("the maps CSP", () => {
  test("without a key: no Yandex host anywhere in the policy", async () => {
    const policy = await csp();
    expect(policy).toMatch(/script-src 'self' 'nonce-/);
    expect(policy).not.toContain("yandex");
  });

  test("with a key: the API's scripts, tiles and connections, and blob: workers", async () => {
    const policy = await csp("maps-key");
    const directive = (name: string) => policy.split(";").find((d) => d.trim().startsWith(`${name} `)) ?? "";
    for (const host of YANDEX_MAPS_CSP.scriptSrc) expect(directive("script-src")).toContain(host);
    for (const host of YANDEX_MAPS_CSP.imgSrc) expect(directive("img-src")).toContain(host);
    for (const host of YANDEX_MAPS_CSP.connectSrc) expect(directive("connect-src")).toContain(host);
    expect(directive("worker-src")).toContain("blob:");
    expect(directive("default-src")).not.toContain("yandex");
  });
});

describe("the API reference's policy (/api-docs, Scalar)", () => {
  const directive = (policy: string, name: string) =>
    policy
      .split(";")
      .find((d) => d.trim().startsWith(`${name} `))
      ?.trim() ?? "";
  const policyOf = async (path: string, key?: string) => {
    // No web tier here: the page's handler fails, quietly, and the policy is read off its 500.
    const server = app(key);
    server.onError((_error, c) => c.text("no web tier", 500));
    return (await server.request(path)).headers.get("content-security-policy") ?? "";
  };

  test("admits inline <style> elements there only, in every language, the rest of the policy unchanged", async () => {
    const site = await policyOf("/readyz");
    expect(directive(site, "style-src-elem")).toBe("style-src-elem 'self'");
    for (const path of ["/api-docs", "/en/api-docs", "/zh/api-docs/"]) {
      const scalar = await policyOf(path);
      expect(directive(scalar, "style-src-elem")).toBe("style-src-elem 'self' 'unsafe-inline'");
      const withoutNonce = (policy: string) => policy.replace(/'nonce-[^']+'/, "'nonce'");
      expect(withoutNonce(scalar)).toBe(withoutNonce(site).replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"));
    }
    expect(directive(await policyOf("/api-docs/reference"), "style-src-elem")).toBe("style-src-elem 'self'");
  });

  test("with the maps key: 'unsafe-inline' once, the maps host kept", async () => {
    expect(directive(await policyOf("/api-docs", "maps-key"), "style-src-elem")).toBe(
      "style-src-elem 'self' 'unsafe-inline' https://api-maps.yandex.ru",
    );
  });
});
