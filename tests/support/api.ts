/**
 * Opens the database prepared by global-setup.ts for the current project and builds the API app on it.
 * Call `close()` in afterAll: a PGlite folder can be opened by one process at a time.
 */
import { inject } from "vitest";
import { createApiApp } from "#server/api/app.ts";
import type { ApiDeps } from "#server/api/env.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";
import "./engine.ts";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuthService, type AuthConfig } from "#server/auth/index.ts";
import type { AuthService } from "#server/auth/service.ts";
import type { Mailer } from "#server/auth/delivery/mailer.ts";
import type { MailMessage } from "#server/auth/delivery/messages.ts";
import { createLocalStorage, type FileStorage } from "#server/files/storage.ts";
import type { SuggestionsClient } from "#server/suggestions/dadata.ts";
import type { ParseMetaDeps } from "#server/api/parse-meta-service.ts";
import { createJobQueue, type JobQueue } from "#server/jobs/queue.ts";
import { JOB_DEFINITIONS } from "#server/jobs/definitions.ts";
import type { Translator } from "#server/translation/provider.ts";

export interface TestApi {
  app: ReturnType<typeof createApiApp>;
  /** The app's auth service (e.g. `signAccessToken(api.auth.keys, …)` to act as a user). */
  auth: AuthService;
  database: Database;
  db: Database["db"];
  engine: "pglite" | "postgres";
  /** The reference data folder the classifiers were imported from. */
  dataDir: string;
  getJson: <T = unknown>(path: string) => Promise<JsonResponse<T>>;
  /** Where the API stores uploads. */
  storage: FileStorage;
  /** E-mails the API sent (unless a mailer was given). */
  mail: MailMessage[];
  /** The background job queue (pg-boss on the test database), not polling: `await api.jobs.runDue()` runs what is due. */
  jobs: JobQueue;
  close: () => Promise<void>;
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** Success envelope of the API. */
export interface Envelope<T, M = Record<string, unknown>> {
  data: T;
  meta?: M;
}

/** Error envelope of the API. */
export interface ErrorEnvelope {
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

export interface TestApiOptions {
  /** File storage of the API; default a local one under a fresh temporary folder (`api.storage`). */
  storage?: FileStorage;
  /** Mail sent by the API (invitations); default kept in `api.mail`. */
  mailer?: Mailer;
  suggestions?: SuggestionsClient;
  /** `/app/parse/meta` limits and fetcher hooks (stub resolver, test address check). */
  parseMeta?: ParseMetaDeps;
  /** Upload quotas per user and per company (default unlimited). */
  storageQuota?: ApiDeps["storageQuota"];
  /** Sign-in limits (the SMS budget, …), an SMS provider and a mailer for the auth service (sign-in codes). */
  auth?: Pick<AuthConfig, "limits" | "sms" | "mailer">;
  /** Machine translation for the `translate-content` job (tests/support/fake-translator.ts); default none. */
  translator?: Translator;
  /**
   * Open the fuzzers' copy of the freshly imported database instead of the one every file shares
   * (`pgliteFuzzDataDir`/`postgresFuzzUrl`, tests/support/engine.ts): for a file that looks through
   * every table for rows a request wrote.
   */
  fuzzDatabase?: boolean;
}

export async function openTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const engine = inject("dbEngine");
  const database =
    engine === "postgres"
      ? await openDatabase({ databaseUrl: inject(options.fuzzDatabase ? "postgresFuzzUrl" : "postgresUrl"), dataDir: "unused", poolMax: 4 })
      : await openDatabase({ dataDir: inject(options.fuzzDatabase ? "pgliteFuzzDataDir" : "pgliteDataDir") });
  const logger = createLogger({ level: (process.env.TEST_LOG_LEVEL as "silent") ?? "silent" });
  const auth = createAuthService({
    db: database.db,
    pool: database.pool,
    logger,
    dataDir: mkdtempSync(path.join(os.tmpdir(), "postavka-api-")),
    publicUrl: () => "http://localhost",
    ...options.auth,
  });
  const storage = options.storage ?? createLocalStorage(mkdtempSync(path.join(os.tmpdir(), "postavka-files-")));
  const mail: MailMessage[] = [];
  const mailer = options.mailer ?? { send: async (message: MailMessage) => void mail.push(message) };
  const jobs = await createJobQueue({
    pool: database.pool,
    logger,
    definitions: JOB_DEFINITIONS,
    services: {
      db: database.db,
      mailer,
      storage,
      storageQuota: options.storageQuota,
      publicUrl: () => "https://postavka.test",
      translator: options.translator,
    },
  });
  const app = createApiApp({
    db: database.db,
    logger,
    auth,
    storage,
    mailer,
    suggestions: options.suggestions,
    parseMeta: options.parseMeta,
    storageQuota: options.storageQuota,
    publicUrl: () => "https://postavka.test",
    checkResponses: true,
    jobs,
    translator: options.translator,
  });
  async function getJson<T>(path: string): Promise<JsonResponse<T>> {
    const response = await app.request(path);
    const text = await response.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      throw new Error(`GET ${path} → ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body };
  }
  return {
    app,
    auth,
    database,
    db: database.db,
    engine,
    dataDir: inject("classifierDataDir"),
    getJson,
    storage,
    mail,
    jobs,
    close: async () => {
      await jobs.stop();
      await database.close();
    },
  };
}

/**
 * An auth service of its own on the test database of `api`, for tests that drive sign-in with their own
 * senders, limits and clock: a fresh key folder, links to https://postavka.test, and `config` on top.
 */
export function createTestAuth(api: TestApi, config: Partial<AuthConfig> & Pick<AuthConfig, "logger">): AuthService {
  return createAuthService({
    db: api.db,
    pool: api.database.pool,
    dataDir: mkdtempSync(path.join(os.tmpdir(), "postavka-auth-")),
    publicUrl: () => "https://postavka.test",
    ...config,
  });
}
