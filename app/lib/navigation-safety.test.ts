import { describe, expect, test } from "vitest";
import { NavigationRefusedError, resolveNavigation, safeInternalPath } from "./navigation-safety.ts";

const ORIGIN = "https://postavka.example";
const refusal = (url: string, external = false) => {
  try {
    resolveNavigation(url, ORIGIN, { external });
  } catch (error) {
    return error instanceof NavigationRefusedError ? error.reason : "other";
  }
  return "allowed";
};

describe("navigation safety (spec §8)", () => {
  test("same-origin paths and absolute URLs are internal", () => {
    expect(resolveNavigation("/okved/62.01?q=1#notes", ORIGIN)).toEqual({ kind: "internal", path: "/okved/62.01?q=1#notes" });
    expect(resolveNavigation("https://postavka.example/en", ORIGIN)).toEqual({ kind: "internal", path: "/en" });
    expect(resolveNavigation("tnved", `${ORIGIN}/`)).toEqual({ kind: "internal", path: "/tnved" });
  });

  test("an external URL is refused unless marked external", () => {
    expect(refusal("https://evil.example/")).toBe("external");
    expect(refusal("//evil.example/path")).toBe("external");
    expect(refusal("/\\evil.example")).toBe("external");
    expect(refusal("http://postavka.example/")).toBe("external");
    expect(resolveNavigation("https://www.nalog.gov.ru/", ORIGIN, { external: true })).toEqual({
      kind: "external",
      href: "https://www.nalog.gov.ru/",
    });
  });

  test("blob:, data:, javascript: and vbscript: are refused even when marked external", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "blob:https://postavka.example/0b6c1f0e-1111-4c2a-9a0b-5f1b7d9a2c11",
    ]) {
      expect(refusal(url), url).toBe("protocol");
      expect(refusal(url, true), url).toBe("protocol");
    }
  });

  test("other schemes and unparsable URLs are refused", () => {
    expect(refusal("mailto:someone@example.com", true)).toBe("invalid");
    expect(refusal("http://[::1", true)).toBe("invalid");
  });

  test("safeInternalPath keeps same-origin paths only", () => {
    expect(safeInternalPath("/okved?q=1", ORIGIN)).toBe("/okved?q=1");
    expect(safeInternalPath("javascript:alert(1)", ORIGIN)).toBeNull();
    expect(safeInternalPath("https://evil.example/", ORIGIN)).toBeNull();
    expect(safeInternalPath("", ORIGIN)).toBeNull();
    expect(safeInternalPath(null, ORIGIN)).toBeNull();
  });

  test.each(["/.//evil.example/x", "/%2e//evil.example", "/a/..//evil.example", "/.\\/evil.example"])(
    "a path whose dot segments normalise to //host is refused (security review F2): %s",
    (url) => {
      expect(safeInternalPath(url, ORIGIN)).toBeNull();
      expect(refusal(url)).toBe("invalid");
    },
  );
});
