import { describe, expect, test } from "vitest";
import {
  isSignOutPath,
  isOfflinePath,
  isPagePath,
  isPrivatePath,
  isSafeApiPath,
  isStorableResponse,
  isUncacheableRequest,
  markCachedHtml,
  offlineUrl,
} from "./cache-rules.ts";

const response = (headers: Record<string, string> = {}, status = 200, type: ResponseType = "basic") => ({
  status,
  type,
  headers: new Headers(headers),
});

describe("offline caching rules (ADR 004)", () => {
  test("pages of the signed-in area and their API are private in every language", () => {
    for (const path of [
      "/profile",
      "/en/profile/company/edit",
      "/zh/auth/code",
      "/favorites",
      "/ru/favorites",
      "/api/profile/favourites",
      "/api/auth/refresh-token",
      "/app/admin/filter/company",
      "/dev/profile/start",
      "/api/products/15/favourite",
      "/_locale",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ["/", "/okved/62.01", "/en/tnved", "/search", "/api/products/15", "/app/data"])
      expect(isPrivatePath(path), path).toBe(false);
  });

  test("page paths exclude data requests, assets, the API and private pages", () => {
    expect(["/", "/en", "/okved/62.01", "/zh/search", "/offline"].every(isPagePath)).toBe(true);
    for (const path of [
      "/okved.data",
      "/_root.data",
      "/__manifest",
      "/sw.js",
      "/assets/app.css",
      "/icons/icon-192.png",
      "/favicon.svg",
      "/api/okved/tree",
      "/builds/latest.json",
      "/profile",
    ]) {
      expect(isPagePath(path), path).toBe(false);
    }
  });

  test("only the public API is served stale-while-revalidate", () => {
    expect(isSafeApiPath("/api/okved/tree")).toBe(true);
    expect(isSafeApiPath("/dev/ved")).toBe(true);
    expect(isSafeApiPath("/app/data")).toBe(true);
    expect(isSafeApiPath("/api/profile")).toBe(false);
    expect(isSafeApiPath("/api/products/7/favourite")).toBe(false);
    expect(isSafeApiPath("/api/okved/treehouse")).toBe(false);
  });

  test("no-store, private, errors, opaque responses and Vary: * are never stored", () => {
    expect(isStorableResponse(response())).toBe(true);
    expect(isStorableResponse(response({ "cache-control": "public, max-age=300" }))).toBe(true);
    expect(isStorableResponse(response({ "cache-control": "no-cache" }))).toBe(true);
    expect(isStorableResponse(response({ "cache-control": "no-store" }))).toBe(false);
    expect(isStorableResponse(response({ "cache-control": "private, max-age=60" }))).toBe(false);
    expect(isStorableResponse(response({ "cache-control": "max-age=0,Private" }))).toBe(false);
    expect(isStorableResponse(response({ vary: "*" }))).toBe(false);
    expect(isStorableResponse(response({}, 404))).toBe(false);
    expect(isStorableResponse(response({}, 200, "opaque"))).toBe(false);
  });

  test("requests with Authorization or other methods are left to the network", () => {
    expect(isUncacheableRequest({ method: "GET", headers: new Headers() })).toBe(false);
    expect(isUncacheableRequest({ method: "GET", headers: new Headers({ authorization: "Bearer x" }) })).toBe(true);
    expect(isUncacheableRequest({ method: "POST", headers: new Headers() })).toBe(true);
  });

  test("offline page URLs follow the language and carry the wanted page", () => {
    expect(offlineUrl("ru")).toBe("/offline");
    expect(offlineUrl("en", "/en/okved/01.13?q=1")).toBe("/en/offline?from=%2Fen%2Fokved%2F01.13%3Fq%3D1");
    expect(isOfflinePath("/zh/offline")).toBe(true);
    expect(isOfflinePath("/offline/x")).toBe(false);
  });

  test("the cached-at marker goes right after <head>", () => {
    const html = markCachedHtml('<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/></head>', new Date("2026-11-20T10:00:00Z"));
    expect(html).toBe(
      '<!DOCTYPE html><html lang="ru"><head><meta name="postavka-cached-at" content="2026-11-20T10:00:00.000Z"><meta charSet="utf-8"/></head>',
    );
  });
});

describe("sign-out empties the page caches (review F8)", () => {
  test.each(["/logout", "/en/logout", "/zh/logout.data", "/logout.data", "/api/auth/logout", "/api/auth/logout-all"])(
    "%s is a sign-out",
    (path) => {
      expect(isSignOutPath(path)).toBe(true);
    },
  );
  test.each(["/logoutx", "/de/logout", "/profile/logout", "/api/auth/logoutx", "/catalog"])("%s is not", (path) => {
    expect(isSignOutPath(path)).toBe(false);
  });
});
