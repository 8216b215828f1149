/** Ids read from URLs and forms: digits in the contract's positive int32 range, nothing else. */
import { describe, expect, test } from "vitest";
import { idParam } from "./id-param.ts";

describe("idParam", () => {
  test("decimal digits within a PostgreSQL integer are ids", () => {
    expect(idParam("1")).toBe(1);
    expect(idParam("007")).toBe(7);
    expect(idParam("2147483647")).toBe(2_147_483_647);
  });

  test("anything else is not: zero, signs, fractions, other notations, out of range, absent, files", () => {
    for (const value of ["0", "-1", "+1", "1.5", "1e3", "0x10", " 1", "2147483648", "99999999999", "", "abc"])
      expect(idParam(value)).toBeNull();
    for (const value of [null, undefined, 12, new File([], "1")]) expect(idParam(value)).toBeNull();
  });
});
