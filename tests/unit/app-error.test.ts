/**
 * Where clearing the app's error leads (spec §4, app/lib/app-error.ts): the same address again, or a
 * redirect in the reader's language — never another site.
 */
import { describe, expect, it } from "vitest";
import { clearErrorHref } from "#app/lib/app-error.ts";

describe("clearErrorHref", () => {
  it("without a redirect is the same address, with its query and hash", () => {
    expect(clearErrorHref({ pathname: "/en/catalog", search: "?sort=price_asc&page=2", hash: "#list" }, "en")).toBe(
      "/en/catalog?sort=price_asc&page=2#list",
    );
  });

  it("redirects in the reader's language (Russian unprefixed)", () => {
    const at = { pathname: "/okved", search: "", hash: "" };
    expect(clearErrorHref(at, "ru", "/")).toBe("/");
    expect(clearErrorHref(at, "zh", "/")).toBe("/zh");
  });

  it("keeps an address that starts with // on this site", () => {
    expect(clearErrorHref({ pathname: "//evil.example/x", search: "", hash: "" }, "ru")).toBe("/evil.example/x");
  });
});
