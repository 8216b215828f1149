import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

describe("isDatabaseUnavailable", () => {
  test("a refused or dropped connection, directly or as a query error's cause", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
  });
  test("a query that fails on its own merits is not an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("syntax"), { code: "42601" }) }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
