/**
 * The API tier: one Hono app serving `/api/*`, `/app/*`, `/dev/*` (spec §7) and the MCP endpoint `/mcp` (ADR 055). It owns the domain
 * (validation, persistence, search). The web tier reaches it only through app/lib/api-client.server.ts,
 * in-process by default (`api.fetch(request)`, no socket) or over HTTP when API_URL is set.
 */
import { Hono } from "hono";
import { openApiRoutes } from "./openapi.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RESOURCES } from "./resources.ts";
import { callerMiddleware } from "./caller.ts";
import os from "node:os";
import path from "node:path";
import { createLocalStorage } from "../files/storage.ts";
import { createLogMailer } from "../auth/delivery/mailer.ts";
import { createSuggestionsClient } from "../suggestions/dadata.ts";
import { createParseMetaService } from "./parse-meta-service.ts";
import { adminAreaGate } from "./admin/index.ts";
import { noJobQueue } from "../jobs/queue.ts";
import type { ApiDeps, ApiEnv } from "./env.ts";
import { mcpRoutes } from "../mcp/http.ts";
import { EXCHANGE_PATHS, exchangeApp } from "../onec/exchange.ts";
import { directReads } from "./direct.ts";
import { errorAnswer } from "./error-answer.ts";

export function createApiApp(deps: ApiDeps) {
  const api = new Hono<ApiEnv>();
  const storage = deps.storage ?? createLocalStorage(path.join(os.tmpdir(), "postavka-uploads"));
  const mailer = deps.mailer ?? createLogMailer(deps.logger);
  const suggestions = deps.suggestions ?? createSuggestionsClient({});
  const publicUrl = deps.publicUrl ?? (() => "http://localhost:3000");
  const parseMeta = createParseMetaService(deps.db, deps.parseMeta);
  const jobs = deps.jobs ?? noJobQueue;
  const checkResponses = deps.checkResponses ?? process.env.NODE_ENV !== "production";
  api.use(async (c, next) => {
    c.set("db", deps.db);
    c.set("logger", deps.logger);
    c.set("auth", deps.auth);
    c.set("secureCookies", deps.secureCookies ?? false);
    c.set("storage", storage);
    c.set("mailer", mailer);
    c.set("suggestions", suggestions);
    c.set("uploadTtlS", deps.uploadTtlS ?? 24 * 3600);
    c.set("storageQuota", deps.storageQuota);
    c.set("publicUrl", publicUrl);
    c.set("checkResponses", checkResponses);
    c.set("parseMeta", parseMeta);
    c.set("jobs", jobs);
    c.set("translator", deps.translator);
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });
  // The 1C exchange (issue 29 §2) speaks its own plain-text protocol and checks its own key: mounted
  // before the caller check, which would answer a bad key with a JSON 401 that 1C cannot show.
  for (const path of EXCHANGE_PATHS) api.route(path, exchangeApp());
  api.use(callerMiddleware(deps.auth));
  // The admin area (issue 7): every /app/admin/* path, known or not, is for site staff only.
  api.use("/app/admin/*", adminAreaGate);
  for (const { prefix, app } of RESOURCES) api.route(prefix, app);
  // The MCP server for AI assistants (ADR 055): its tools call the operations above through this app.
  api.route(
    "/",
    mcpRoutes((request) => api.fetch(request)),
  );
  api.route("/", openApiRoutes(api));
  api.notFound((c) => c.json({ error: { code: "not_found", message: `No endpoint ${c.req.method} ${c.req.path}` } }, 404));
  api.onError((error, c) => {
    const answer = errorAnswer(error, deps.logger, c.req.path);
    if (answer.retryAfter) c.header("Retry-After", String(answer.retryAfter));
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  });
  // The web tier's in-process client reads the product page's data through these (ADR 069).
  return Object.assign(api, { direct: directReads(RESOURCES, { db: deps.db }, deps.logger, checkResponses) });
}

export type ApiApp = ReturnType<typeof createApiApp>;
