/**
 * Process entry: `npm start` (production build), `npm run dev` (Vite middleware, HMR).
 * Reads the configuration (a bad value stops here with a clear message), starts the server,
 * and shuts it down gracefully on SIGINT/SIGTERM.
 */
import { loadEnv } from "./server/env.ts";
import { createLogger } from "./server/logger.ts";
import { closeOnSignals, startServer } from "./server/main.ts";

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
