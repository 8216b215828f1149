import { describe, expect, test } from "vitest";
import { langFromAcceptLanguage } from "#contract/langs.ts";
import { localePath, localizedPath, pageLang, splitLocalePath } from "./i18n.ts";
import { cleanQuery, pageParam, searchParam } from "./query-schema.ts";
import { safeLocalPath } from "./navigation-safety.ts";
import { guards } from "../middleware/registry.ts";

describe("locale paths", () => {
  test("unprefixed paths are Russian; /en and /zh are prefixes", () => {
    expect(splitLocalePath("/okved/62.01")).toEqual({ lang: "ru", rest: "/okved/62.01", prefixed: false });
    expect(splitLocalePath("/en/okved")).toEqual({ lang: "en", rest: "/okved", prefixed: true });
    expect(splitLocalePath("/zh")).toEqual({ lang: "zh", rest: "/", prefixed: true });
    expect(splitLocalePath("/xx/okved").lang).toBe("ru");
  });
  test("localePath builds every language's URL", () => {
    expect(localePath("ru", "/okved")).toBe("/okved");
    expect(localePath("ru", "/okved", true)).toBe("/ru/okved");
    expect(localePath("en", "/")).toBe("/en");
    expect(localePath("zh", "/tnved/84")).toBe("/zh/tnved/84");
  });
  test("a request's page language and paths in it keep the prefix it came with (also for .data requests)", () => {
    const at = (path: string) => new Request(`http://localhost${path}`);
    expect(pageLang(at("/en/profile.data?_routes=root"))).toBe("en");
    expect(pageLang(at("/_root.data"))).toBe("ru");
    expect(localizedPath(at("/zh/auth/code"), "/profile")).toBe("/zh/profile");
    expect(localizedPath(at("/ru/auth"), "/profile")).toBe("/ru/profile");
    expect(localizedPath(at("/auth.data"), "/")).toBe("/");
  });
  test("Accept-Language picks the best supported language by quality", () => {
    expect(langFromAcceptLanguage("de-DE,de;q=0.9,zh-CN;q=0.8,en;q=0.5")).toBe("zh");
    expect(langFromAcceptLanguage("en-US,en;q=0.9")).toBe("en");
    expect(langFromAcceptLanguage("fr")).toBeNull();
    expect(langFromAcceptLanguage(null)).toBeNull();
  });
});

describe("the language switcher's redirect target", () => {
  test.each(["/en/okved", "/okved?q=62.01", "/"])("accepts the same-site path %s", (to) => {
    expect(safeLocalPath(to)).toBe(to);
  });
  test.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "",
    null,
    "en/okved",
    // Dot segments that normalise to a protocol-relative path (security review F2)
    "/.//evil.example/x",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "/.\\/evil.example",
  ])("refuses %s", (to) => {
    expect(safeLocalPath(to)).toBeNull();
  });
});

describe("query cleaning (check-query-params)", () => {
  const schema = { q: searchParam, page: pageParam };
  test("keeps a clean query untouched", () => {
    expect(cleanQuery(new URLSearchParams("q=x&page=2"), schema)).toBeNull();
  });
  test("drops unknown, invalid, empty and repeated parameters", () => {
    expect(cleanQuery(new URLSearchParams("q=x&utm=1&page=0&q=y"), schema)?.toString()).toBe("q=x");
    expect(cleanQuery(new URLSearchParams("page=abc&q="), schema)?.toString()).toBe("");
  });
});

describe("route guards", () => {
  test("the spec's five guards are registered", () => {
    expect(
      guards("reset-page", "check-auth-data", "check-query-params", "check-query-params-page", "profile-check-organization"),
    ).toHaveLength(5);
  });
  test("an unknown guard name throws 'Unknown route middleware'", () => {
    expect(() => guards("check-everything")).toThrow("Unknown route middleware");
  });
});
