/**
 * A multipart operation's text fields are checked against its contract schema by the resource
 * builder, as a JSON body is (architecture review F4): a declared field with a refused value is a 400
 * `invalid_body` naming the field, and nothing is stored; a valid one reaches the handler; a missing
 * file stays the handler's `file_required`.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { files } from "#server/db/schema.ts";
import type { TestApi } from "../support/api.ts";
import { call, createUser, expectError, issuesByPath, multipart, pdfDocument, profileTest, type TestUser } from "../support/profile.ts";

const test = profileTest.extend("user", { scope: "file" }, ({ api }) => createUser(api, "multipart-fields"));

/** A PDF posted as a temporary upload (`POST /api/files/common`) with the form field `kind`. */
const uploadAs = (api: TestApi, user: TestUser, kind: string) =>
  call(api, "POST", "/api/files/common", multipart(pdfDocument(), "spec.pdf", "application/pdf", { kind }), user.token);

test("a kind the contract does not know is refused before the file is read; none is stored", async ({ api, user }) => {
  const stored = () => api.db.select({ id: files.id }).from(files).where(eq(files.uploadedBy, user.id));
  const before = (await stored()).length;
  const reply = await uploadAs(api, user, "video");
  expectError(reply, 400, "invalid_body");
  expect(issuesByPath(reply)).toHaveProperty("kind");
  expect((await stored()).length).toBe(before);
});

test("a declared kind reaches the upload checks; a form without a file is still file_required", async ({ api, user }) => {
  expect((await uploadAs(api, user, "document")).status).toBe(201);
  const form = new FormData();
  form.set("kind", "document");
  expectError(await call(api, "POST", "/api/files/common", form, user.token), 400, "file_required");
});
