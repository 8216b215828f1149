import { describe, expect, test } from "vitest";
import { documentUrl } from "./document-url.ts";

describe("documentUrl", () => {
  test.each([
    ["http://x/okved.data?q=1&_routes=routes%2Fokved", "/okved?q=1"],
    ["http://x/en.data", "/en"],
    ["http://x/_root.data", "/"],
    ["http://x/en/okved/62.01.data", "/en/okved/62.01"],
    ["http://x/okved/62.01?open=A", "/okved/62.01?open=A"],
  ])("%s is the page %s", (raw, page) => {
    const url = documentUrl(new Request(raw));
    expect(`${url.pathname}${url.search}`).toBe(page);
  });
});
