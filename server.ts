/**
 * Process entry: `npm start` (production build), `npm run dev` (Vite middleware, HMR).
 * In production it first re-executes itself with the server's V8 flags (server/node-flags.ts) — into
 * the compiled server `build/node/server.js` when `npm run build` made one (ADR 078) — then
 * reads the configuration (a bad value stops here with a clear message), starts the server,
 * and shuts it down gracefully on SIGINT/SIGTERM.
 */
import path from "node:path";
import { relaunchWithServerFlags } from "./server/node-flags.ts";
import { COMPILED, COMPILED_DIR } from "./server/paths.ts";

// Before the server's modules load: production runs with its V8 flags (server/node-flags.ts), and
// from the sources only without a current compiled server (this module is the compiled one's entry too).
relaunchWithServerFlags(COMPILED ? undefined : path.join(COMPILED_DIR, "server.js"));
const { loadEnv } = await import("./server/env.ts");
const { createLogger } = await import("./server/logger.ts");
const { closeOnSignals, startServer } = await import("./server/main.ts");

const dev = process.argv.includes("--dev");
const env = loadEnv();
const logger = createLogger({ level: env.LOG_LEVEL, pretty: dev && process.stdout.isTTY });
try {
  const running = await startServer({ env, dev, logger, importIfEmpty: process.argv.includes("--import-if-empty") });
  closeOnSignals(running, logger);
} catch (error) {
  logger.fatal({ err: error }, (error as Error).message);
  process.exit(1);
}
