/**
 * Starts the whole product in this process: database (PGlite worker or PostgreSQL), migrations,
 * optional classifier import and demo catalogue (`importIfEmpty`), the API tier, the web tier (Vite middleware in development, the
 * production build otherwise) and the HTTP listener; stops them in reverse order on SIGINT/SIGTERM.
 */
import { parseTrustProxy, trustProxyWarning } from "./client-ip.ts";
import { randomBytes } from "node:crypto";
import { appendFile } from "node:fs/promises";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApiApp } from "./api/app.ts";
import { createAuthService } from "./auth/index.ts";
import { classifierStats } from "./classifiers/repository.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { createMailer } from "./auth/delivery/mailer.ts";
import { publicMediaGate } from "./files/access.ts";
import { createFileStorage } from "./files/index.ts";
import { createSuggestionsClient } from "./suggestions/dadata.ts";
import { parseCountryBudgets, type Env } from "./env.ts";
import { createServerApp } from "./http.ts";
import { createLoadShedder } from "./load-shedding.ts";
import { createLogger, type Logger } from "./logger.ts";
import { PageCache } from "./page-cache.ts";
import { createPageViewRecorder } from "./page-views/recorder.ts";
import { startPageCacheBus } from "./page-cache-bus.ts";
import { createJobQueue } from "./jobs/queue.ts";
import { JOB_DEFINITIONS } from "./jobs/definitions.ts";
import { urlList } from "./registers/sources.ts";
import { createTranslator } from "./translation/provider.ts";
import { PROJECT_ROOT } from "./paths.ts";

export interface StartOptions {
  env: Env;
  dev?: boolean;
  /** Import the classifiers when the database has none (used by `npm run demo`). */
  importIfEmpty?: boolean;
  logger?: Logger;
}

export interface RunningServer {
  url: string;
  database: Database;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { env } = options;
  const dev = options.dev ?? false;
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL, pretty: dev && process.stdout.isTTY });

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    migrate: env.MIGRATE_ON_START,
    replicaUrls: env.DATABASE_REPLICA_URLS,
    replicaOptions: {
      maxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
      onChange: (status) => logger.warn({ replica: status }, status.fresh ? "replica serving reads" : "replica skipped"),
    },
  });
  logger.info({ database: database.kind, location: database.location }, "database ready");
  if (database.kind === "postgres") {
    // A demo seed killed mid-load (ADR 059, second addendum) left its rows and its dropped indexes behind: undone before serving.
    // sql.ts alone: the seed's generator and its word lists stay out of a serving process's memory.
    const { recoverBulkLoad } = await import("./catalog/seed/sql.ts");
    const recovery = await recoverBulkLoad(database.pool);
    if (recovery) logger.warn(recovery, "undid an interrupted demo seed: its rows deleted, its indexes and foreign keys restored");
  }

  if (options.importIfEmpty) {
    const stats = await classifierStats(database.db);
    if (stats.okved.count === 0 || stats.tnved.count === 0) {
      const { runImport } = await import("./classifiers/import/run.ts");
      await runImport(database.db, env.CLASSIFIER_DATA_DIR);
    } else {
      // A database imported before regions were part of the reference data still gets them.
      const { regionsAreEmpty, seedRegions } = await import("./catalog/regions.ts");
      if (await regionsAreEmpty(database.db)) logger.info({ regions: await seedRegions(database.db) }, "regions imported");
    }
    // Exchange rates and the customs tariff (issue 15): the newest rates snapshot and the ETT, when none are stored.
    const { loadMoneyReference } = await import("./money/reference.ts");
    await loadMoneyReference(database.db, env.CLASSIFIER_DATA_DIR, logger);
    const { catalogueIsEmpty, seedDemo } = await import("./catalog/seed/index.ts");
    if (await catalogueIsEmpty(database.db)) {
      logger.info("catalogue is empty: seeding the demo catalogue (npm run seed:demo)");
      let phase = "";
      const summary = await seedDemo(database.db, {
        engine: database.kind,
        dataDir: env.DATA_DIR,
        referenceDir: env.CLASSIFIER_DATA_DIR,
        onProgress: (p) => {
          if (p.phase !== phase) {
            phase = p.phase;
            logger.info({ phase, total: p.total }, "seeding");
          }
        },
      });
      logger.info(
        { companies: summary.companies, products: summary.products, stories: summary.stories, ms: Math.round(summary.ms) },
        "demo catalogue ready",
      );
    }
    // The Bank of Russia register of credit organisations (payment routes, issue 28 §3) when none is stored.
    const { importBanksIfEmpty } = await import("./payment-routes/demo.ts");
    const banks = await importBanksIfEmpty(database.db, env.CLASSIFIER_DATA_DIR);
    if (banks) logger.info({ banks: banks.banks, withoutLicence: banks.withoutLicence }, "bank register imported");
  }

  // A hop-count TRUST_PROXY on a port other machines reach lets them forge their address (review N12).
  const trustWarning = trustProxyWarning(env.TRUST_PROXY, env.HOST);
  if (trustWarning) logger.warn({ trustProxy: env.TRUST_PROXY, host: env.HOST }, trustWarning);
  // The link in sign-in e-mails needs the public origin; without PUBLIC_URL it is the listening URL.
  let listeningUrl = `http://localhost:${env.PORT}`;
  const publicUrl = () => env.PUBLIC_URL ?? listeningUrl;
  // One mailer for sign-in codes and employee invitations.
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, logger });
  const auth = createAuthService({
    mailer,
    db: database.db,
    pool: database.pool,
    logger,
    dataDir: env.DATA_DIR,
    publicUrl,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsProvider: env.SMS_PROVIDER,
    smsUrl: env.SMS_URL,
    smsToken: env.SMS_TOKEN,
    smsApiId: env.SMS_API_ID,
    smsFrom: env.SMS_FROM,
    outbox: env.NODE_ENV !== "production" || env.OUTBOX,
    keySecret: env.AUTH_SECRET ?? localAuthSecret(env.DATA_DIR),
    limits: {
      resendAfterS: env.AUTH_RESEND_AFTER_S,
      sendPerTarget: env.AUTH_SEND_PER_TARGET,
      sendPerIp: env.AUTH_SEND_PER_IP,
      verifyPerIp: env.AUTH_VERIFY_PER_IP,
      smsPerHour: env.SMS_BUDGET_PER_HOUR,
      smsPerCountryHour: env.SMS_BUDGET_PER_COUNTRY_HOUR,
      smsCountryBudgets: parseCountryBudgets(env.SMS_BUDGET_COUNTRIES),
    },
  });
  const media = await createFileStorage(env);
  logger.info({ storage: media.kind }, "file storage ready");
  const translator = createTranslator(env);
  const storageQuota = { userBytes: env.STORAGE_QUOTA_USER_MB * 1024 * 1024, companyBytes: env.STORAGE_QUOTA_COMPANY_MB * 1024 * 1024 };
  const jobs = await createJobQueue({
    pool: database.pool,
    logger,
    definitions: JOB_DEFINITIONS,
    services: {
      db: database.db,
      mailer,
      storage: media,
      storageQuota,
      publicUrl,
      cbrRatesUrl: env.CBR_RATES_URL,
      translator,
      registerUrls: urlList(env.REGISTERS_URL, env.REGISTERS_SME_URL, env.REGISTERS_HEADCOUNT_URL, env.REGISTERS_FINANCE_URL),
    },
    work: env.JOBS_WORKER,
  });
  const api = createApiApp({
    db: database.db,
    logger,
    auth,
    secureCookies: env.NODE_ENV === "production",
    storage: media,
    mailer,
    suggestions: createSuggestionsClient({ token: env.DADATA_TOKEN, url: env.DADATA_URL, logger }),
    uploadTtlS: env.UPLOAD_TTL_HOURS * 3600,
    storageQuota,
    publicUrl,
    jobs,
    translator,
  });
  let getBuild: () => Promise<ServerBuild>;
  let vite: import("vite").ViteDevServer | undefined;
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: "custom" });
    getBuild = () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildFile = path.join(PROJECT_ROOT, "build", "server", "index.js");
    if (!existsSync(buildFile)) throw new Error(`No production build at ${buildFile}: run \`npm run build\` first.`);
    const build = (await import(buildFile)) as ServerBuild;
    getBuild = async () => build;
  }

  const pageCache =
    !dev && env.PAGE_CACHE_TTL_S > 0
      ? new PageCache({ ttlS: env.PAGE_CACHE_TTL_S, staleS: env.PAGE_CACHE_STALE_S, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 })
      : undefined;
  // Several processes on one PostgreSQL server empty each other's page caches (LISTEN/NOTIFY).
  const bus = pageCache && env.DATABASE_URL ? await startPageCacheBus(env.DATABASE_URL, () => pageCache.invalidate(), logger) : undefined;
  // Views of supplier pages, buffered here and flushed to page_view_hits (ADR 051).
  const pageViews = createPageViewRecorder({ db: database.db, logger });
  // A bound on the work this process takes on at once (ADR 065).
  const loadShedder = createLoadShedder({ maxInFlight: env.MAX_IN_FLIGHT, maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS });
  const app = createServerApp({
    api,
    database,
    logger,
    mode: dev ? "development" : "production",
    clientDir: path.relative(process.cwd(), path.join(PROJECT_ROOT, "build", "client")) || ".",
    getBuild,
    media,
    mediaIsPublic: publicMediaGate(database.db),
    replicaMaxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
    secureCookies: env.NODE_ENV === "production",
    metricsToken: env.METRICS_TOKEN,
    loadShedder,
    apiUrl: env.API_URL,
    publicUrl: env.PUBLIC_URL,
    buildCheckIntervalS: env.BUILD_CHECK_INTERVAL,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pageCache,
    onPublicWrite: bus ? () => bus.publish() : undefined,
    pageViews,
    onPageViewCounted: env.PAGE_VIEWS_LOG ? appendJsonLines(env.PAGE_VIEWS_LOG, logger) : undefined,
  });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => {
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else void listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  listeningUrl = url;
  logger.info({ url, mode: dev ? "development" : "production" }, "server listening");

  let closing: Promise<void> | undefined;
  return {
    url,
    database,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        loadShedder.close();
        await vite?.close();
        await bus?.close();
        await pageViews.close();
        await jobs.stop();
        await database.close();
      })();
      return closing;
    },
  };
}

/**
 * Without AUTH_SECRET (development, demo, tests — production requires it, server/env.ts) the key
 * ring is sealed under a random secret kept in DATA_DIR/auth-secret (mode 0600): outside the
 * database, so a dump of it alone still opens nothing.
 */
export function localAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/** Runs `running.close()` once on SIGINT/SIGTERM, then exits. */
export function closeOnSignals(running: RunningServer, logger: Logger): void {
  const stop = (signal: string) => {
    logger.info({ signal }, "shutting down");
    running.close().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

/**
 * A writer that appends each value to `file` as one JSON line, in order, without awaiting in the
 * caller; a failed write is logged once per failure and the line dropped (PAGE_VIEWS_LOG).
 */
function appendJsonLines(file: string, logger: Logger): (value: unknown) => void {
  let queue: Promise<void> = Promise.resolve();
  return (value) => {
    const line = `${JSON.stringify(value)}\n`;
    queue = queue
      .then(() => appendFile(file, line))
      .catch((error: unknown) => logger.warn({ err: error, file }, "PAGE_VIEWS_LOG: a line was not written"));
  };
}
