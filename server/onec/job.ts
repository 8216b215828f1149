/**
 * `onec-import` (server/jobs/queue.ts): processes one file 1C asked to import (`mode=import`),
 * `{ importId }` — a catalogue file through catalog.ts, 1C's order documents through orders.ts. The
 * import row says `running` meanwhile (1C's repeated `import` calls answer `progress`), then `done`
 * with the report or `failed` with the refusal's code and parameters (messages.ts words it for 1C
 * in its person's language). A job that finds its import already finished does nothing; one left
 * `running` by a crash runs again (the catalogue import undoes a failed attempt itself, ADR 027).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { onecImports, onecSessions } from "../db/schema.ts";
import type { StorageQuota } from "../files/receive.ts";
import type { FileStorage } from "../files/storage.ts";
import { defineJob } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import { commerceMlEvents } from "../price-lists/read.ts";
import { importCatalogFile } from "./catalog.ts";
import { EXCHANGE_LIMITS, type ExchangeLimits } from "./limits.ts";
import { ExchangeFailure, failureOf } from "./messages.ts";
import { applyOrderDocuments, type OrdersReport } from "./orders.ts";
import { fileBytes } from "./sessions.ts";

export const ONEC_IMPORT_JOB = "onec-import";

/** Runs import `importId` (see the module comment); never throws for a refused file. `quota`: what pictures count against (none: unlimited). */
export async function runExchangeImport(
  db: Db,
  storage: FileStorage | undefined,
  logger: Logger,
  importId: number,
  limits: ExchangeLimits = EXCHANGE_LIMITS,
  quota?: StorageQuota,
): Promise<void> {
  const [row] = await db.select().from(onecImports).where(eq(onecImports.id, importId)).limit(1);
  if (!row || row.state === "done" || row.state === "failed") return;
  await db.update(onecImports).set({ state: "running", startedAt: new Date() }).where(eq(onecImports.id, importId));
  try {
    if (row.sessionId === null) throw new ExchangeFailure("session_missing");
    const [session] = await db.select().from(onecSessions).where(eq(onecSessions.id, row.sessionId)).limit(1);
    if (!session) throw new ExchangeFailure("session_missing");
    const file = await fileBytes(db, row.sessionId, row.fileName);
    if (!file) throw new ExchangeFailure("file_not_uploaded", { name: row.fileName });
    let report: Record<string, unknown>;
    if (row.type === "catalog") {
      report = {
        ...(await importCatalogFile(
          db,
          storage,
          logger,
          {
            importId,
            companyId: row.companyId,
            userId: session.userId,
            fileName: row.fileName,
            ...file,
            sessionId: row.sessionId,
            quota,
          },
          limits,
        )),
      };
    } else {
      const orders: OrdersReport = { documents: 0, applied: 0, unknown: 0 };
      for await (const event of commerceMlEvents(file.bytes, file.entry, limits.read, () => {})) {
        if (event.type === "documents") await applyOrderDocuments(db, row.companyId, event.documents, orders);
      }
      report = { ...orders };
    }
    await db.update(onecImports).set({ state: "done", report, finishedAt: new Date() }).where(eq(onecImports.id, importId));
  } catch (error) {
    const failure = failureOf(error, row.fileName);
    if (failure.code === "internal") logger.error({ err: error, importId }, "1C exchange import failed");
    await db
      .update(onecImports)
      .set({ state: "failed", failure: failure.code, failureDetails: failure.params, finishedAt: new Date() })
      .where(eq(onecImports.id, importId));
  }
}

export const onecImportJob = defineJob<{ importId: number }>({
  name: ONEC_IMPORT_JOB,
  retryLimit: 1,
  expireInSeconds: 3600,
  async run(data, { services, logger }) {
    if (!services.db) throw new Error("onec-import needs db");
    await runExchangeImport(services.db, services.storage, logger, data.importId, EXCHANGE_LIMITS, services.storageQuota);
  },
});
