import { describe, expect, test } from "vitest";
import { isCrossSiteRequest } from "./csrf.ts";

const post = (headers: Record<string, string>) => new Request("http://localhost:3000/auth", { method: "POST", headers });

describe("isCrossSiteRequest", () => {
  test("refuses cross-site and same-site (other subdomain) posts by Fetch Metadata", () => {
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }))).toBe(false);
  });

  test("refuses a foreign Origin, accepts this site's and the public URL's", () => {
    expect(isCrossSiteRequest(post({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossSiteRequest(post({ origin: "https://postavka.example" }), "https://postavka.example")).toBe(false);
  });

  test("GET is never checked; a post without either header passes (SameSite cookies cover it)", () => {
    expect(isCrossSiteRequest(new Request("http://localhost:3000/", { headers: { "sec-fetch-site": "cross-site" } }))).toBe(false);
    expect(isCrossSiteRequest(post({}))).toBe(false);
  });
});
