/**
 * The server half of the profile's form widgets: API issue paths become Conform field names, API
 * refusals become the right field or form errors with the right status, and the classifier picker's
 * no-JS search step is recognised from the submitted intent.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { ApiClientError } from "../api-client.server.ts";
import { conformPath, filesOf, idsOf, readPickerSearch, replyError } from "./widgets.server.ts";

function submission() {
  const form = new FormData();
  form.set("card.name.ru", "Болт");
  return parseWithZod(form, { schema: z.object({ card: z.object({ name: z.object({ ru: z.string() }) }) }) });
}

describe("conformPath", () => {
  test("numbers become list indexes", () => {
    expect(conformPath("tiers.0.minQuantity")).toBe("tiers[0].minQuantity");
    expect(conformPath("variants.1.attributes.0.key")).toBe("variants[1].attributes[0].key");
    expect(conformPath("name.ru")).toBe("name.ru");
    expect(conformPath("")).toBe("");
  });
});

describe("replyError", () => {
  test("a 400 invalid_body puts each issue on its field, under the form's prefix", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid", [
      { path: "tnvedCode", message: "unknown_code" },
      { path: "", message: "required" },
    ]);
    const { result, status } = replyError(submission(), error, { prefix: "card" });
    expect(status).toBe(400);
    expect(result.error).toMatchObject({ "card.tnvedCode": ["unknown_code"], "": ["required"] });
  });

  test("a refusal with a code is a form error with its status; an API failure is a 503 'try later'", () => {
    expect(replyError(submission(), new ApiClientError(409, "under_moderation", "frozen"))).toMatchObject({ status: 409, result: { error: { "": ["under_moderation"] } } });
    expect(replyError(submission(), new ApiClientError(502, "http_error", "bad gateway"))).toMatchObject({ status: 503, result: { error: { "": ["internal_error"] } } });
  });

  test("anything but an API refusal is not hidden", () => {
    expect(() => replyError(submission(), new TypeError("bug"))).toThrow("bug");
  });
});

describe("readPickerSearch", () => {
  test("the search button (a validate intent on <field>__search) and narrowing (an update intent)", () => {
    const search = new FormData();
    search.set("__intent__", JSON.stringify({ type: "validate", payload: { name: "card.tnvedCode__search" } }));
    search.set("card.tnvedCode__search", "  ноутбук ");
    expect(readPickerSearch(search)).toEqual({ field: "card.tnvedCode", q: "ноутбук" });
    const narrow = new FormData();
    narrow.set("__intent__", JSON.stringify({ type: "update", payload: { name: "okvedCodes__search", value: "46.90" } }));
    expect(readPickerSearch(narrow)).toEqual({ field: "okvedCodes", q: "46.90" });
  });

  test("other intents, saves and garbage are not searches", () => {
    const insert = new FormData();
    insert.set("__intent__", JSON.stringify({ type: "insert", payload: { name: "tiers" } }));
    expect(readPickerSearch(insert)).toBeNull();
    expect(readPickerSearch(new FormData())).toBeNull();
    const broken = new FormData();
    broken.set("__intent__", "{not json");
    expect(readPickerSearch(broken)).toBeNull();
  });
});

describe("multipart fields", () => {
  test("an empty file input is dropped, a chosen empty file is kept for the API to refuse", () => {
    const form = new FormData();
    form.append("file", new File([], ""));
    form.append("file", new File([], "empty.jpg"));
    form.append("file", new File([new Uint8Array([1, 2])], "a.jpg"));
    expect(filesOf(form, "file").map((f) => f.name)).toEqual(["empty.jpg", "a.jpg"]);
  });

  test("ids: positive int32 only, duplicates once", () => {
    const form = new FormData();
    for (const v of ["12", "12", "0", "-3", "x", "99999999999", "7"]) form.append("fileId", v);
    expect(idsOf(form, "fileId")).toEqual([12, 7]);
  });
});
