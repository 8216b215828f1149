/**
 * The server half of the classifier picker: its no-JS search step is recognised from the submitted
 * intent.
 */
import { describe, expect, test } from "vitest";
import { readPickerSearch } from "./classifier-picker.server.ts";

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
