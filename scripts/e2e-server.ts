/** Server for the e2e suite: the production build on a fresh embedded database with the real classifiers. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "../server/env.ts";
import { createLogger } from "../server/logger.ts";
import { startServer } from "../server/main.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "postavka-e2e-"));
const env = parseEnv({ ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" });
const logger = createLogger({ level: env.LOG_LEVEL });
const running = await startServer({ env, logger, importIfEmpty: true });
const stop = async () => {
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
