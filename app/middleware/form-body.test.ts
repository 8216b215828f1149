import { describe, expect, test } from "vitest";
import { formBodyMiddleware, isUnreadableForm } from "./form-body.ts";

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

describe("formBodyMiddleware", () => {
  test("reads the form once and gives the action every entry, files and repeated fields included, as often as it asks", async () => {
    const form = new FormData();
    form.append("intent", "save");
    form.append("fileIds", "4");
    form.append("fileIds", "7");
    form.append("files", new File(["Артикул;Цена"], "прайс.csv", { type: "text/csv" }));
    const request = post(form);
    let seen: FormData | null = null;
    await formBodyMiddleware({ request } as Parameters<typeof formBodyMiddleware>[0], async () => {
      seen = await request.formData();
      seen.delete("intent");
      return new Response("ok");
    });
    expect(seen!.getAll("fileIds")).toEqual(["4", "7"]);
    expect((seen!.get("files") as File).name).toBe("прайс.csv");
    expect(await (seen!.get("files") as File).text()).toBe("Артикул;Цена");
    expect((await request.formData()).get("intent")).toBe("save");
  });

  test("a body that is no form is a 400 before any action runs", async () => {
    const run = formBodyMiddleware({ request: post("abc") } as Parameters<typeof formBodyMiddleware>[0], async () => new Response("ok"));
    await expect(run).rejects.toMatchObject({ init: { status: 400 } });
  });
});
