/** API refusals as form errors: what a person sees when the API says no, on every form. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { ApiClientError } from "../api-client.server.ts";
import { ADMIN_ERRORS } from "#app/routes/admin/lib/actions.server.ts";
import { apiErrorMessages, apiFormErrors, conformName, replyWithApiError } from "./api-errors.server.ts";

function submission() {
  const form = new FormData();
  form.set("card.name.ru", "Болт");
  return parseWithZod(form, { schema: z.object({ card: z.object({ name: z.object({ ru: z.string() }) }) }) });
}

describe("conformName", () => {
  test("turns API issue paths into Conform field names", () => {
    expect(conformName("inn")).toBe("inn");
    expect(conformName("name.ru")).toBe("name.ru");
    expect(conformName("okvedCodes.0")).toBe("okvedCodes[0]");
    expect(conformName("facts.2.key.zh")).toBe("facts[2].key.zh");
    expect(conformName("variants.1.attributes.0.key")).toBe("variants[1].attributes[0].key");
    expect(conformName("")).toBe("");
  });
});

describe("apiFormErrors", () => {
  test("a 400 puts each issue on its field with its validation code", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid request body", [
      { path: "regionCode", message: "unknown_region" },
      { path: "okvedCodes.1", message: "unknown_code" },
    ]);
    expect(apiFormErrors(error)).toEqual({
      fieldErrors: { regionCode: ["unknown_region"], "okvedCodes[1]": ["unknown_code"] },
      formErrors: [],
      status: 400,
    });
  });

  test("a 409 with an issue names the field (inn_taken on the INN), with no second message", () => {
    const error = new ApiClientError(409, "inn_taken", "taken", [{ path: "inn", message: "inn_taken" }]);
    expect(apiFormErrors(error, { fields: ["kind", "inn"] })).toEqual({ fieldErrors: { inn: ["inn_taken"] }, formErrors: [], status: 409 });
  });

  test("issues on no field, or on fields the form does not show, become form-level messages, not lost", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid", [
      { path: "latitude", message: "too_big" },
      { path: "", message: "required" },
    ]);
    expect(apiFormErrors(error, { fields: ["name", "description"] })).toEqual({
      fieldErrors: {},
      formErrors: ["too_big", "required"],
      status: 400,
    });
  });

  test("paths are renamed and put under the form's prefix", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid", [
      { path: "name.ru", message: "required" },
      { path: "tnvedCode", message: "unknown_code" },
    ]);
    expect(apiFormErrors(error, { fieldMap: { "name.ru": "nameText" } }).fieldErrors).toEqual({
      nameText: ["required"],
      tnvedCode: ["unknown_code"],
    });
    expect(apiFormErrors(error, { prefix: "card" }).fieldErrors).toEqual({
      "card.name.ru": ["required"],
      "card.tnvedCode": ["unknown_code"],
    });
  });

  test("a refusal without issues is a form-level message with the refusal's status", () => {
    expect(apiFormErrors(new ApiClientError(403, "forbidden_role", "no"))).toEqual({
      fieldErrors: {},
      formErrors: ["forbidden_role"],
      status: 403,
    });
    expect(apiFormErrors(new ApiClientError(409, "under_moderation", "frozen")).formErrors).toEqual(["under_moderation"]);
    expect(apiFormErrors(new ApiClientError(400, "odd", "odd")).status).toBe(400);
    expect(apiFormErrors(new ApiClientError(418, "odd", "odd")).status).toBe(400);
  });

  test("an area's own messages come first, and codes may be given a field or a message", () => {
    expect(apiFormErrors(new ApiClientError(403, "forbidden_role", "no"), ADMIN_ERRORS).formErrors).toEqual([
      "admin.errors.forbidden_role",
    ]);
    expect(apiFormErrors(new ApiClientError(409, "slug_taken", "taken"), ADMIN_ERRORS).fieldErrors).toEqual({
      slug: ["admin.errors.slug_taken"],
    });
    const slugTaken = new ApiClientError(409, "slug_taken", "taken", [{ path: "slug", message: "slug_taken" }]);
    expect(apiFormErrors(slugTaken, ADMIN_ERRORS)).toEqual({
      fieldErrors: { slug: ["admin.errors.slug_taken"] },
      formErrors: [],
      status: 409,
    });
    const unchanged = new ApiClientError(409, "contact_unchanged", "same", [{ path: "value", message: "contact_unchanged" }]);
    expect(
      apiFormErrors(unchanged, { codes: { contact_unchanged: { field: "value", message: "profileContacts.errors.unchanged" } } })
        .fieldErrors,
    ).toEqual({ value: ["profileContacts.errors.unchanged"] });
    expect(apiFormErrors(new ApiClientError(409, "under_moderation", "frozen"), ADMIN_ERRORS).formErrors).toEqual(["under_moderation"]);
    const lastOwner = { codes: { last_owner: { message: "profileSettings.errors.lastOwner" } } };
    expect(apiFormErrors(new ApiClientError(409, "last_owner", "no"), lastOwner).formErrors).toEqual(["profileSettings.errors.lastOwner"]);
  });

  test("an API failure is a 503 'try later' on the form", () => {
    expect(apiFormErrors(new ApiClientError(502, "http_error", "bad gateway"))).toEqual({
      fieldErrors: {},
      formErrors: ["internal_error"],
      status: 503,
    });
  });

  test("anything but an API refusal is not hidden", () => {
    expect(() => apiFormErrors(new TypeError("bug"))).toThrow("bug");
  });
});

describe("replyWithApiError and apiErrorMessages", () => {
  test("the reply keeps what was typed and carries the errors and the status", async () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid", [
      { path: "tnvedCode", message: "unknown_code" },
      { path: "", message: "required" },
    ]);
    const reply = replyWithApiError(submission(), error, { prefix: "card", data: { picker: null } });
    expect(reply.init?.status).toBe(400);
    expect(reply.data.picker).toBeNull();
    expect(reply.data.result.error).toMatchObject({ "card.tnvedCode": ["unknown_code"], "": ["required"] });
    expect(reply.data.result.initialValue).toMatchObject({ card: { name: { ru: "Болт" } } });
  });

  test("a form with nothing to parse gets a reply of its own", () => {
    const reply = replyWithApiError(null, new ApiClientError(409, "nothing_to_approve", "no"), ADMIN_ERRORS);
    expect(reply.data.result).toEqual({ status: "error", error: { "": ["admin.errors.nothing_to_approve"] } });
    expect(reply.init?.status).toBe(409);
  });

  test("every message in one list, for forms without Conform", () => {
    const error = new ApiClientError(400, "invalid_body", "Invalid", [{ path: "productId", message: "invalid_option" }]);
    expect(apiErrorMessages(error)).toEqual({ messages: ["invalid_option"], status: 400 });
  });
});
