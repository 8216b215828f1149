/**
 * The servers `npm run bench` loads with wrk (bench/http.ts starts one at a time, pinned to a core).
 * `MODE` picks one:
 *
 * - `real`: the production server (server/main.ts) on the benchmark catalogue.
 * - `memory`: the same production app (middleware, i18n, routes, rendering), but every API response
 *   the pages need is recorded once and then replayed from memory: the data path (API tier and
 *   database) costs nothing, everything else is identical.
 * - `bare`: a bare React Router page — `createStaticHandler` and `StaticRouterProvider` with one
 *   route whose loader returns the page's markup from memory (recorded once from the real app) and
 *   whose component renders it — behind the same HTTP server (Hono on @hono/node-server).
 *
 * Environment: MODE, PORT, PAGE (`product` → `/ru/product/{id}`, `catalog` → `/ru/catalog/{id}`),
 * IDS_FILE (ids, one per line: the pages recorded), and the server's usual DATABASE_URL / DATA_DIR /
 * LOG_LEVEL / PAGE_CACHE_TTL_S (`real` only: the other two never cache). Prints `ready <port>` on
 * stdout once serving.
 */
import { createAuthService } from "#server/auth/index.ts";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type ServerBuild } from "react-router";
import { createApiApp } from "#server/api/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { createLocalStorage } from "#server/files/storage.ts";
import { createServerApp } from "#server/http.ts";
import { createLogger } from "#server/logger.ts";
import { startServer } from "#server/main.ts";

const root = path.resolve(import.meta.dirname, "..");
const mode = process.env.MODE ?? "real";
const ids = readFileSync(process.env.IDS_FILE ?? "", "utf8")
  .trim()
  .split("\n")
  .filter(Boolean);
const env = parseEnv({ ...process.env, NODE_ENV: "production", OUTBOX: "true" });
const logger = createLogger({ level: env.LOG_LEVEL });
const page = process.env.PAGE === "catalog" ? "catalog" : "product";
const pagePath = (id: string) => `/ru/${page}/${id}`;

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<http.Server> {
  // node:http ignores what a handler returns; Hono's listener answers its own errors.
  const listener = getRequestListener(fetch);
  const server = http.createServer((req, res) => void listener(req, res));
  return new Promise((resolve) => server.listen(env.PORT, "127.0.0.1", () => resolve(server)));
}

/** The production app with the API answered from `recorded` (filled on first use). */
async function recordingApp() {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX });
  const auth = createAuthService({
    db: database.db,
    pool: database.pool,
    logger,
    dataDir: env.DATA_DIR,
    publicUrl: () => `http://127.0.0.1:${env.PORT}`,
  });
  const api = createApiApp({ db: database.db, logger, auth });
  const recorded = new Map<string, { status: number; headers: [string, string][]; body: string }>();
  let replayOnly = false;
  const memoryApi = {
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const key = `${url.pathname}${url.search}`;
      let hit = recorded.get(key);
      if (!hit) {
        if (replayOnly) logger.warn({ key }, "bench: API call not recorded");
        const response = await api.fetch(request);
        hit = { status: response.status, headers: [...response.headers], body: await response.text() };
        recorded.set(key, hit);
      }
      return new Response(hit.body, { status: hit.status, headers: hit.headers });
    },
  };
  const build = (await import(path.join(root, "build", "server", "index.js"))) as ServerBuild;
  const app = createServerApp({
    api: memoryApi,
    database,
    logger,
    mode: "production",
    clientDir: path.relative(process.cwd(), path.join(root, "build", "client")) || ".",
    getBuild: async () => build,
    media: createLocalStorage(env.DATA_DIR),
  });
  // Record: every page once through the whole app.
  const pages = new Map<string, string>();
  for (const id of ids) {
    const response = await app.fetch(new Request(`http://127.0.0.1${pagePath(id)}`));
    pages.set(id, await response.text());
  }
  replayOnly = true;
  return { app, database, pages };
}

if (!existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("bench: no production build (npm run build)");

if (mode === "real") {
  const running = await startServer({ env: { ...env, HOST: "127.0.0.1" }, logger });
  process.stdout.write(`ready ${env.PORT}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} else if (mode === "memory") {
  const { app, database } = await recordingApp();
  const server = await listen(app.fetch);
  process.stdout.write(`ready ${env.PORT}\n`);
  const stop = () => server.close(() => void database.close().then(() => process.exit(0)));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} else if (mode === "bare") {
  const { pages, database } = await recordingApp();
  await database.close();
  // The recorded documents, split into what goes in <head> and in <body>.
  const documents = new Map(
    [...pages].map(([id, html]) => [
      id,
      {
        lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? "ru",
        head: /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? "",
        body: /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "",
      },
    ]),
  );
  type Doc = { lang: string; head: string; body: string };
  function Page() {
    const doc = useLoaderData() as Doc;
    return createElement(
      "html",
      { lang: doc.lang },
      createElement("head", { dangerouslySetInnerHTML: { __html: doc.head } }),
      createElement("body", { dangerouslySetInnerHTML: { __html: doc.body } }),
    );
  }
  const handler = createStaticHandler([
    {
      path: `/ru/${page}/:id`,
      loader: ({ params }) => {
        const doc = documents.get(params.id ?? "");
        if (!doc) throw new Response("Not Found", { status: 404 });
        return doc;
      },
      Component: Page,
    },
  ]);
  const app = new Hono().all("*", async (c) => {
    const context = await handler.query(c.req.raw);
    if (context instanceof Response) return context;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
    return c.html(`<!DOCTYPE html>${html}`, context.statusCode as 200);
  });
  const server = await listen(app.fetch);
  process.stdout.write(`ready ${env.PORT}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} else {
  throw new Error(`bench: unknown MODE ${mode}`);
}
