/**
 * `npm run demo` — the one command that brings the product up on the embedded database with real
 * data: builds if there is no production build, applies migrations, imports OKVED2 and TN VED EAEU
 * from ../shared/data when the database has none, and starts the production server on PORT (3000).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadEnv } from "../server/env.ts";
import { createLogger } from "../server/logger.ts";
import { closeOnSignals, startServer } from "../server/main.ts";

const root = path.resolve(import.meta.dirname, "..");
const env = loadEnv();
const logger = createLogger({ level: env.LOG_LEVEL });

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("No production build yet: building…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(env.CLASSIFIER_DATA_DIR)) {
  console.error(
    `Reference data not found at ${env.CLASSIFIER_DATA_DIR}: put the shared folder beside the project or set CLASSIFIER_DATA_DIR.`,
  );
  process.exit(1);
}
try {
  const running = await startServer({ env, logger, importIfEmpty: true });
  closeOnSignals(running, logger);
  console.log(`\nPostavka is running at ${running.url}  (Ctrl+C to stop)\n`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
