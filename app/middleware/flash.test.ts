/** The flash cookie is spent only by an answer that shows it (app/middleware/flash.ts). */
import { describe, expect, it } from "vitest";
import { showsFlash } from "./flash.ts";

const answer = (type: string | null, status = 200) => new Response("", { status, headers: type ? { "content-type": type } : {} });

describe("showsFlash", () => {
  it("a page or the root's data shows the message", () => {
    expect(showsFlash(new Request("http://site.test/profile/company/edit/file"), answer("text/html; charset=utf-8"))).toBe(true);
    expect(showsFlash(new Request("http://site.test/profile/company.data"), answer("text/x-script"))).toBe(true);
    expect(
      showsFlash(new Request("http://site.test/profile/company/edit/file.data?_routes=root%2Croutes%2Fprofile"), answer("text/x-script")),
    ).toBe(true);
  });

  it("an upload's thumbnail, a file, a redirect or a navigation without the root loader leave it for the page", () => {
    // The request that took "Логотип сохранён." before the page's revalidation could show it.
    expect(showsFlash(new Request("http://site.test/files/222?thumb=1"), answer("image/webp"))).toBe(false);
    expect(showsFlash(new Request("http://site.test/files/7"), answer("application/pdf"))).toBe(false);
    expect(showsFlash(new Request("http://site.test/profile"), answer(null, 302))).toBe(false);
    expect(showsFlash(new Request("http://site.test/profile/company.data?_routes=routes%2Fprofile-company"), answer("text/x-script"))).toBe(
      false,
    );
  });
});
