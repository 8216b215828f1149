/**
 * Server for the e2e suite: the production build on a fresh embedded database with the real classifiers.
 *
 * The embedded database belongs to this process, so `npm run admin` cannot open it beside the
 * server. For the moderator's steps of a journey, the tests send the command's arguments to a Unix
 * socket of this process (`adminSocketPath(PORT)`), which runs them with the CLI's own `runAdmin`
 * on the live database and storage and answers `{ code, lines }` — the same code path as
 * `npm run admin -- approve product 12`, without a second process. Only this test harness opens
 * the socket; the product server has no such entry point.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { runAdmin } from "#server/admin/cli.ts";
import { parseEnv } from "#server/env.ts";
import { createFileStorage } from "#server/files/index.ts";
import { createLogger } from "#server/logger.ts";
import { startServer } from "#server/main.ts";
import { adminSocketPath } from "./lib/e2e-admin.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "postavka-e2e-"));
const env = parseEnv({ ...process.env, NODE_ENV: "production", OUTBOX: "true", DATA_DIR: dataDir, DATABASE_URL: "" });
const logger = createLogger({ level: env.LOG_LEVEL });
// A previous run's counted views would be read as this run's (the ids start again on a fresh database).
if (env.PAGE_VIEWS_LOG) writeFileSync(env.PAGE_VIEWS_LOG, "");
const running = await startServer({ env, logger, importIfEmpty: true });

const socketPath = adminSocketPath(env.PORT);
rmSync(socketPath, { force: true });
const storage = await createFileStorage(env);
const control = net.createServer((socket) => {
  let input = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    input += chunk;
    const end = input.indexOf("\n");
    if (end < 0) return;
    const argv = JSON.parse(input.slice(0, end)) as string[];
    const lines: string[] = [];
    runAdmin(argv, { db: running.database.db, storage, out: (line) => lines.push(line), err: (line) => lines.push(line) })
      .then((code) => socket.end(`${JSON.stringify({ code, lines })}\n`))
      .catch((error: Error) => socket.end(`${JSON.stringify({ code: 70, lines: [error.message] })}\n`));
  });
});
await new Promise<void>((resolve) => control.listen(socketPath, resolve));

const stop = async () => {
  control.close();
  rmSync(socketPath, { force: true });
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
