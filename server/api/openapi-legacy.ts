/**
 * TRANSITION (issue 13): the hand-kept operations of resources not yet declared in contract/. The
 * generated document (openapi.ts) takes a path and method from here only when no descriptor
 * declares it; each resource's entries go when the resource moves to the contract.
 *
 * The OpenAPI 3.1 document of the public API, served at `GET /api/openapi.json` and rendered by the
 * web tier at `/api-docs`. The company profile, uploads and suggestions (issue 5) come from
 * openapi-profile.ts, with request bodies generated from the shared profile schemas. Query parameters are generated from the same zod schemas that validate
 * requests (zod's JSON Schema output), so the document cannot drift from what the API accepts.
 */
import { APP_NAME } from "./app-data.ts";
import { profileOperation, profileOperations } from "./openapi-profile.ts";
import { appOperations } from "./openapi-app.ts";

export function legacyDocument() {
  const paths: Record<string, unknown> = {};
  for (const op of [...profileOperations, ...appOperations]) {
    const path = (paths[op.path] ??= {}) as Record<string, unknown>;
    path[op.method] = profileOperation(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${APP_NAME} API`,
      version: "0.1.0",
      description: "Public API of the Postavka supplier directory. Texts are localized by `lang` (ru, en, zh); every localized value is `{ text, lang }`, lang being the language the text is actually in.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access token (the `access` cookie of the web tier)." } },
      schemas: {
        Envelope: { type: "object", required: ["data"], properties: { data: {} } },
        PagedEnvelope: {
          type: "object",
          required: ["data", "meta"],
          properties: {
            data: { type: "array", items: {} },
            meta: {
              type: "object",
              properties: { page: { type: "integer" }, perPage: { type: "integer" }, total: { type: "integer" }, pages: { type: "integer" }, totalCapped: { type: "boolean" } },
            },
          },
        },
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string" }, message: { type: "string" }, issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } } },
            },
          },
        },
      },
    },
  };
}

