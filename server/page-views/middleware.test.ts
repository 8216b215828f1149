import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { PageViewTarget } from "./classify.ts";
import { countPageViews, type CountedViewLine } from "./middleware.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

function appCounting() {
  const recorded: PageViewTarget[] = [];
  const lines: CountedViewLine[] = [];
  const app = new Hono();
  app.use(countPageViews({ record: (target) => recorded.push(target) }, { onCounted: (line) => lines.push(line) }));
  app.get("*", (c) => c.html("<p>page</p>"));
  return { app, recorded, lines };
}

describe("countPageViews", () => {
  it("counts a person's navigation to a product page and tells onCounted which headers decided it", async () => {
    const { app, recorded, lines } = appCounting();
    await app.request("/en/product/42", {
      headers: { "user-agent": CHROME, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", cookie: "secret=1" },
    });
    expect(recorded).toEqual([{ kind: "product", id: 42 }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      kind: "product",
      id: 42,
      path: "/en/product/42",
      headers: { "user-agent": CHROME, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    });
    // Only the deciding headers: nothing that identifies the visitor's session.
    expect(Object.keys(lines[0]!.headers)).not.toContain("cookie");
  });

  it("tells onCounted nothing of what it does not count: a robot, a prefetch, a worker's own fetch", async () => {
    const { app, recorded, lines } = appCounting();
    await app.request("/product/42", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    await app.request("/product/42", { headers: { "user-agent": CHROME, "sec-purpose": "prefetch" } });
    await app.request("/product/42", { headers: { "user-agent": CHROME, "sec-fetch-mode": "cors" } });
    expect(recorded).toEqual([]);
    expect(lines).toEqual([]);
  });
});
