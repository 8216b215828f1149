/**
 * The server half of the profile's form widgets: the classifier picker's no-JS search step is
 * recognised from the submitted intent, and chosen files and ids are read from the form.
 */
import { describe, expect, test } from "vitest";
import { filesOf, idsOf, readPickerSearch } from "./widgets.server.ts";

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
