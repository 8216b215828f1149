import { describe, expect, it } from "vitest";
import { personName } from "./people.ts";

describe("personName", () => {
  it("joins first and last name, leaving out an empty part", () => {
    expect(personName({ firstName: "Анна", lastName: "Петрова" })).toBe("Анна Петрова");
    expect(personName({ firstName: "李", lastName: null })).toBe("李");
    expect(personName({ firstName: "", lastName: "Smith" })).toBe("Smith");
  });
  it("is empty for nobody", () => {
    expect(personName(undefined)).toBe("");
    expect(personName({ firstName: null, lastName: null })).toBe("");
  });
});
