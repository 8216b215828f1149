import { describe, expect, test } from "vitest";
import { isUnreadableForm } from "./form-body.ts";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/profile/settings", { method: "POST", body, headers });

describe("isUnreadableForm", () => {
  test("a multipart body without its boundary, cut short, or a body of another type cannot be read", async () => {
    expect(await isUnreadableForm(post("", { "content-type": "multipart/form-data" }))).toBe(true);
    expect(
      await isUnreadableForm(
        post("--zz\r\nContent-Disposition: form-data; name=a\r\n", { "content-type": "multipart/form-data; boundary=zz" }),
      ),
    ).toBe(true);
    expect(await isUnreadableForm(post('{"a":1}', { "content-type": "application/json" }))).toBe(true);
    expect(await isUnreadableForm(post("abc"))).toBe(true);
  });

  test("forms of either encoding, an empty one, a write without a body and a GET pass", async () => {
    const form = new FormData();
    form.set("intent", "save");
    expect(await isUnreadableForm(post(form))).toBe(false);
    expect(await isUnreadableForm(post(new URLSearchParams({ intent: "save" })))).toBe(false);
    expect(await isUnreadableForm(post("", { "content-type": "application/x-www-form-urlencoded" }))).toBe(false);
    expect(await isUnreadableForm(post(null))).toBe(false);
    expect(await isUnreadableForm(new Request("http://localhost:3000/", { headers: { "content-type": "text/plain" } }))).toBe(false);
  });

  test("the action still reads the form after the check", async () => {
    const request = post(new URLSearchParams({ intent: "save" }));
    expect(await isUnreadableForm(request)).toBe(false);
    expect((await request.formData()).get("intent")).toBe("save");
  });
});
