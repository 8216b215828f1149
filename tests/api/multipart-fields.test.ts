/**
 * A multipart operation's text fields are checked against its contract schema by the resource
 * builder, as a JSON body is (architecture review F4): a declared field with a refused value is a 400
 * `invalid_body` naming the field, and nothing is stored; a valid one reaches the handler; a missing
 * file stays the handler's `file_required`.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { files } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import {
  call,
  closeProfileApi,
  createUser,
  expectError,
  issuesByPath,
  multipart,
  openProfileApi,
  pdfDocument,
  type TestUser,
} from "../support/profile.ts";

let api: TestApi;
let user: TestUser;

beforeAll(async () => {
  api = await openProfileApi();
  user = await createUser(api, "multipart-fields");
});

afterAll(() => closeProfileApi(api));

const storedCount = async () => (await api.db.select({ id: files.id }).from(files).where(eq(files.uploadedBy, user.id))).length;

describe("multipart fields", () => {
  test("a kind the contract does not know is refused before the file is read; none is stored", async () => {
    const before = await storedCount();
    const reply = await call(
      api,
      "POST",
      "/api/files/common",
      multipart(pdfDocument(), "spec.pdf", "application/pdf", { kind: "video" }),
      user.token,
    );
    expectError(reply, 400, "invalid_body");
    expect(issuesByPath(reply)).toHaveProperty("kind");
    expect(await storedCount()).toBe(before);
  });

  test("a declared kind reaches the upload checks; a form without a file is still file_required", async () => {
    const ok = await call(
      api,
      "POST",
      "/api/files/common",
      multipart(pdfDocument(), "spec.pdf", "application/pdf", { kind: "document" }),
      user.token,
    );
    expect(ok.status).toBe(201);
    const form = new FormData();
    form.set("kind", "document");
    expectError(await call(api, "POST", "/api/files/common", form, user.token), 400, "file_required");
  });
});
