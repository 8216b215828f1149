/** Chosen files and ids are read from a multipart form. */
import { describe, expect, test } from "vitest";
import { filesOf, idsOf } from "./uploads.server.ts";

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
