/**
 * Both generated OpenAPI documents (public `/api/openapi.json`, staff-only `/app/admin/openapi.json`)
 * pass Redocly's `recommended` ruleset with no error (issue 25 §6): every operation says who may call
 * it (`security: []` for public ones, the bearer scheme for signed-in ones), `servers` is set, and
 * the structure rules hold. Warnings are printed, not failed.
 */
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";

let api: TestApi;
let admin: TestUser;
beforeAll(async () => {
  api = await openTestApi();
  admin = await createUser(api, "openapi-lint-admin", { role: "ADMIN" });
});
afterAll(async () => {
  await cleanupProfileData(api);
  await api.close();
});

const describeProblem = (p: NormalizedProblem) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`;

async function lint(name: string, document: unknown) {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: `/${name}-openapi.json`, config });
  const warnings = problems.filter((p) => p.severity !== "error");
  if (warnings.length) {
    const byRule = new Map<string, number>();
    for (const w of warnings) byRule.set(w.ruleId, (byRule.get(w.ruleId) ?? 0) + 1);
    console.info(`[openapi-lint] ${name}: ${warnings.length} warnings (${[...byRule].map(([r, n]) => `${r} ×${n}`).join(", ")})`);
  }
  return problems.filter((p) => p.severity === "error").map(describeProblem);
}

describe("OpenAPI documents under Redocly's recommended rules", () => {
  it("the public document has no error", async () => {
    const { status, body } = await api.getJson<Record<string, unknown>>("/api/openapi.json");
    expect(status).toBe(200);
    expect(await lint("public", body)).toEqual([]);
  });

  it("the admin document has no error", async () => {
    const reply = await admin.get("/app/admin/openapi.json");
    expect(reply.status).toBe(200);
    expect(await lint("admin", reply.body)).toEqual([]);
  });

  it("public operations declare an empty security requirement (plus the API-key schemes with their scopes where keys may call them, ADR 052), signed-in ones the bearer scheme", async () => {
    const { body } = await api.getJson<{ paths: Record<string, Record<string, { security?: unknown[] }>>; servers?: unknown[] }>(
      "/api/openapi.json",
    );
    expect(body.servers?.length).toBeGreaterThan(0);
    expect(body.paths["/api/stories"]?.get?.security).toEqual([]);
    expect(body.paths["/api/products"]?.get?.security).toEqual([]);
    expect(body.paths["/api/profile/company/price-lists"]?.post?.security).toEqual([{ bearerAuth: [] }]);
  });
});
