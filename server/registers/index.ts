/**
 * Imports several register archives in order (the CLI, the scheduled job and the demo share it):
 * `importRegisters(db, sources, options)` expands folders, downloads URLs (server/registers/
 * sources.ts), imports each archive (server/registers/import.ts) and returns one result per archive
 * — its report, or the error that stopped it (the next archive is still tried) — then refreshes the
 * register's OKVED count groups once (ADR 074). Nothing here throws for a bad archive; a folder or
 * file that does not exist is a failed result too.
 */
import type pg from "pg";
import type { Db } from "../db/client.ts";
import { importRegisterFile, type ImportOptions, type RegisterReport } from "./import.ts";
import { RefreshBusyError, refreshStaleRegisterOkvedGroups } from "./okved-groups.ts";
import { expandSources, localArchive } from "./sources.ts";

export type { RegisterReport } from "./import.ts";
export { formatReport } from "./report.ts";

/**
 * Node flags of the import CLI (package.json `import:registers`, the bench): a bounded V8 heap.
 * The importer holds one batch being read and one being written (a few MB) and the seen INNs
 * (a typed array, outside the heap); without a bound V8 lets the heap grow past 300 MB RSS before
 * it collects (measured: 355 MB at 100,000 entries, 148 MB with these flags, no slower).
 */
export const IMPORT_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=8"];

/** Bytes a download may have (8 GiB: the whole SME register is about 1 GB compressed). */
export const MAX_DOWNLOAD_BYTES = 8 * 1024 ** 3;

export type RegisterResult = { source: string; report: RegisterReport } | { source: string; error: Error };

export async function importRegisters(
  db: Db | pg.Pool,
  sources: string[],
  options: Omit<ImportOptions, "source"> & { maxDownloadBytes?: number; onStart?: (source: string) => void } = {},
): Promise<RegisterResult[]> {
  const results: RegisterResult[] = [];
  let expanded: string[];
  try {
    expanded = await expandSources(sources);
  } catch (error) {
    return [{ source: sources.join(" "), error: error as Error }];
  }
  for (const source of expanded) {
    options.onStart?.(source);
    try {
      const local = await localArchive(source, options.maxDownloadBytes ?? MAX_DOWNLOAD_BYTES);
      try {
        results.push({ source, report: await importRegisterFile(db, local.file, { ...options, source: local.source }) });
      } finally {
        await local.release();
      }
    } catch (error) {
      results.push({ source, error: error as Error });
    }
  }
  // The supplier list's counts under each OKVED code (ADR 074), once for the archives imported: up to
  // date again before the import returns — unless other writers of register companies keep them busy,
  // then by the `register-okved-groups` job. Archives that changed nothing leave them as they were.
  if (results.some((result) => "report" in result))
    await refreshStaleRegisterOkvedGroups(db).catch((error: unknown) => {
      if (!(error instanceof RefreshBusyError)) throw error;
    });
  return results;
}
