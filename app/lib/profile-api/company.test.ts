/** API refusals as form errors: what a person sees when the API says no. */
import { describe, expect, test } from "vitest";
import { ApiClientError } from "../api-client.server.ts";
import { conformName, formErrorsOf } from "./company.server.ts";

describe("conformName", () => {
  test("turns API issue paths into Conform field names", () => {
    expect(conformName("inn")).toBe("inn");
    expect(conformName("name.ru")).toBe("name.ru");
    expect(conformName("okvedCodes.0")).toBe("okvedCodes[0]");
    expect(conformName("facts.2.key.zh")).toBe("facts[2].key.zh");
  });
});

describe("formErrorsOf", () => {
  test("a 400 puts each issue on its field with its validation code", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid request body", [
      { path: "regionCode", message: "unknown_region" },
      { path: "okvedCodes.1", message: "unknown_code" },
    ]);
    expect(formErrorsOf(error)).toEqual({ fieldErrors: { regionCode: ["unknown_region"], "okvedCodes[1]": ["unknown_code"] }, formErrors: [] });
  });

  test("a 409 with an issue names the field (inn_taken on the INN), with no second message", () => {
    const error = new ApiClientError(409, "inn_taken", "taken", [{ path: "inn", message: "inn_taken" }]);
    expect(formErrorsOf(error, ["kind", "inn"])).toEqual({ fieldErrors: { inn: ["inn_taken"] }, formErrors: [] });
  });

  test("issues of fields the form does not show become form-level messages, not lost", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid", [{ path: "latitude", message: "too_big" }]);
    expect(formErrorsOf(error, ["name", "description"])).toEqual({ fieldErrors: {}, formErrors: ["validation.too_big"] });
  });

  test("a refusal without issues is a form-level message in the user's language", () => {
    expect(formErrorsOf(new ApiClientError(403, "forbidden_role", "no"))).toEqual({ fieldErrors: {}, formErrors: ["apiErrors.forbidden_role"] });
    expect(formErrorsOf(new ApiClientError(409, "under_moderation", "frozen"))?.formErrors).toEqual(["apiErrors.under_moderation"]);
  });

  test("server failures and other errors are not the user's to fix: null (the page rethrows)", () => {
    expect(formErrorsOf(new ApiClientError(503, "unreachable", "down"))).toBeNull();
    expect(formErrorsOf(new Error("boom"))).toBeNull();
  });
});
