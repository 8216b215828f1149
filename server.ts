/**
 * Process entry: `npm start` (production build), `npm run dev` (Vite middleware, HMR).
 * In production it first re-executes itself with the server's V8 flags (server/node-flags.ts), then
 * reads the configuration (a bad value stops here with a clear message), starts the server,
 * and shuts it down gracefully on SIGINT/SIGTERM.
 */
import { relaunchWithServerFlags } from "./server/node-flags.ts";

// Before the server's modules load: production runs with its V8 flags (server/node-flags.ts).
relaunchWithServerFlags();
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
