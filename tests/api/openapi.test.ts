/**
 * The OpenAPI documents are generated from the contract's route descriptors (server/api/openapi.ts)
 * and must be valid OpenAPI 3.1 (checked with @seriousme/openapi-schema-validator, which validates
 * against the official JSON Schema of the specification); the admin document is served to staff only.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "#server/api/resources.ts";
import { openTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.close());

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

describe("OpenAPI documents", () => {
  it("the public document is valid OpenAPI 3.1", async () => {
    const { status, body } = await api.getJson<Doc>("/api/openapi.json");
    expect(status).toBe(200);
    const result = await new Validator().validate(structuredClone(body) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(body.openapi).toBe("3.1.0");
  });

  it("every operation declared in the contract is in a document, with its parameters, body and response schema", async () => {
    const { body: pub } = await api.getJson<Doc>("/api/openapi.json");
    for (const { routes } of RESOURCES) {
      for (const route of routes) {
        if (route.path.startsWith("/app/admin")) continue;
        const op = pub.paths[route.path]?.[route.method.toLowerCase()];
        expect(op, `${route.method} ${route.path}`).toBeDefined();
        expect(op!.operationId).toBe(route.operationId);
        for (const name of Object.keys(route.query?.shape ?? {}))
          expect(
            op!.parameters?.some((p) => p.in === "query" && p.name === name),
            `${route.operationId} ?${name}`,
          ).toBe(true);
        for (const name of Object.keys(route.params?.shape ?? {}))
          expect(
            op!.parameters?.some((p) => p.in === "path" && p.name === name),
            `${route.operationId} {${name}}`,
          ).toBe(true);
        if (route.body) expect(op!.requestBody, `${route.operationId} body`).toBeDefined();
        const success = op!.responses[String(route.status ?? 200)];
        if (!route.raw) expect(success?.content?.["application/json"]?.schema, `${route.operationId} response`).toBeDefined();
      }
    }
  });

  it("the public document names no admin operation; the admin one is refused to anonymous callers", async () => {
    const { body } = await api.getJson<Doc>("/api/openapi.json");
    expect(Object.keys(body.paths).filter((p) => p.startsWith("/app/admin"))).toEqual([]);
    const anonymous = await api.app.request("/app/admin/openapi.json");
    expect(anonymous.status).toBe(401);
  });

  it("a story's response schema describes its fields (generated from the contract, not hand-written)", async () => {
    const { body } = await api.getJson<Doc>("/api/openapi.json");
    const text = JSON.stringify(body);
    expect(body.components?.schemas?.StoryDetail ?? text.includes('"sourceLang"')).toBeTruthy();
    expect(body.paths["/api/stories/{id}"]?.get?.responses["404"]).toBeDefined();
  });
});
