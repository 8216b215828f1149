/**
 * The API tier: one Hono app serving `/api/*`, `/app/*` and `/dev/*` (spec §7). It owns the domain
 * (validation, persistence, search). The web tier reaches it only through app/lib/api-client.server.ts,
 * in-process by default (`api.fetch(request)`, no socket) or over HTTP when API_URL is set.
 */
import type { Translator } from "../translation/provider.ts";
import type { StorageQuota } from "../files/receive.ts";
import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { openApiRoutes } from "./openapi.ts";
import { DomainError } from "../errors.ts";
import { errorStatus } from "#contract/errors.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { RESOURCES } from "./resources.ts";
import { ContractViolation } from "./resource.ts";
import type { AuthService } from "../auth/service.ts";
import { callerMiddleware, type Caller } from "./caller.ts";
import os from "node:os";
import path from "node:path";
import { createLocalStorage, type FileStorage } from "../files/storage.ts";
import { createLogMailer, type Mailer } from "../auth/delivery/mailer.ts";
import { createSuggestionsClient, type SuggestionsClient } from "../suggestions/dadata.ts";
import { createParseMetaService, type ParseMetaDeps, type ParseMetaService } from "./parse-meta.ts";
import { adminAreaGate } from "./admin/index.ts";
import { noJobQueue, type JobQueue } from "../jobs/queue.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";

/** Seconds a client is told to wait when the database cannot be reached (a restart takes a few). */
const DATABASE_RETRY_AFTER_S = 5;

export interface ApiDeps {
  db: Db;
  logger: Logger;
  /** Sign-in and sessions (server/auth/service.ts). */
  auth: AuthService;
  /** Mark the refresh cookie Secure (production over HTTPS). */
  secureCookies?: boolean;
  /** Where uploads go (server/files); default: the local driver under a temporary folder. */
  storage?: FileStorage;
  /** Outgoing mail (employee invitations); default: written to the log only. */
  mailer?: Mailer;
  /** INN and address suggestions (server/suggestions); default: not configured (empty answers). */
  suggestions?: SuggestionsClient;
  /** Seconds a temporary upload lives unless attached (default 24 h). */
  uploadTtlS?: number;
  /** Bytes of stored uploads per user and per company (security review F25); default unlimited. */
  storageQuota?: StorageQuota;
  /** Origin of the site for links in e-mails. */
  publicUrl?: () => string;
  /**
   * Check every reply against its route descriptor (server/api/resource.ts): on in tests and in
   * development, off in production (a violation is a defect to find before users do).
   */
  checkResponses?: boolean;
  /** `/app/parse/meta` limits and, in tests only, fetcher hooks (server/api/parse-meta.ts). */
  parseMeta?: ParseMetaDeps;
  /** The background job queue (server/jobs); without it, enqueuing throws (a bare app in a test). */
  jobs?: JobQueue;
  /** Machine translation for "translate" on a message (server/translation/provider.ts); none: the action is unavailable. */
  translator?: Translator | undefined;
}

export type ApiEnv = {
  Variables: {
    db: Db;
    logger: Logger;
    requestId?: string;
    auth: AuthService;
    caller: Caller | null;
    secureCookies: boolean;
    storage: FileStorage;
    mailer: Mailer;
    suggestions: SuggestionsClient;
    uploadTtlS: number;
    storageQuota?: StorageQuota;
    publicUrl: () => string;
    checkResponses: boolean;
    /** The page reader's limiters and fetcher settings (server/api/parse-meta.ts). */
    parseMeta: ParseMetaService;
    jobs: JobQueue;
    translator: Translator | undefined;
  };
};

export function createApiApp(deps: ApiDeps) {
  const api = new Hono<ApiEnv>();
  const storage = deps.storage ?? createLocalStorage(path.join(os.tmpdir(), "postavka-uploads"));
  const mailer = deps.mailer ?? createLogMailer(deps.logger);
  const suggestions = deps.suggestions ?? createSuggestionsClient({});
  const publicUrl = deps.publicUrl ?? (() => "http://localhost:3000");
  const parseMeta = createParseMetaService(deps.db, deps.parseMeta);
  const jobs = deps.jobs ?? noJobQueue;
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
    c.set("checkResponses", deps.checkResponses ?? process.env.NODE_ENV !== "production");
    c.set("parseMeta", parseMeta);
    c.set("jobs", jobs);
    c.set("translator", deps.translator);
    await next();
    c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });
  api.use(callerMiddleware(deps.auth));
  // The admin area (issue 7): every /app/admin/* path, known or not, is for site staff only.
  api.use("/app/admin/*", adminAreaGate);
  for (const { prefix, app } of RESOURCES) api.route(prefix, app);
  api.route("/", openApiRoutes(api));
  api.notFound((c) => c.json({ error: { code: "not_found", message: `No endpoint ${c.req.method} ${c.req.path}` } }, 404));
  api.onError((error, c) => {
    if (error instanceof DomainError) {
      if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
      const details = error.retryAfter ? { ...error.details, retryAfter: error.retryAfter } : error.details;
      const status = errorStatus(error.code) as ContentfulStatusCode;
      return c.json(
        {
          error: {
            code: error.code,
            message: error.message,
            ...(error.issues ? { issues: error.issues } : {}),
            ...(details ? { details } : {}),
          },
        },
        status,
      );
    }
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ err: error, path: c.req.path }, "database unavailable");
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_S));
      return c.json(
        { error: { code: "service_unavailable", message: "The service is briefly unavailable; try again in a few seconds" } },
        503,
      );
    }
    deps.logger.error({ err: error, path: c.req.path }, "API request failed");
    // A reply outside its contract names the field in tests and development, where it is checked.
    if (error instanceof ContractViolation) return c.json({ error: { code: "internal_error", message: error.message } }, 500);
    return c.json({ error: { code: "internal_error", message: "Internal Server Error" } }, 500);
  });
  return api;
}

export type ApiApp = ReturnType<typeof createApiApp>;
