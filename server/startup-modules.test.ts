/**
 * What a server process loads before its first request (issue 31 §5, ADR 070): the libraries of
 * rarely used features are imported when first used, so a process serving pages does not hold their
 * code. Each of these cost a measured share of resident memory when loaded at start: ExcelJS (the
 * XLSX export) ≈ 36 MB, the AWS SDK (S3 storage, when configured) ≈ 34 MB, pdfkit (order
 * contracts) ≈ 14 MB, the MCP SDK (AI assistants) ≈ 10 MB, sharp (images) ≈ 9 MB.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Bare specifiers resolved while a fresh Node imports `entry` (module.registerHooks, synchronous). */
function packagesLoadedBy(entry: string): string[] {
  const script = `
import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { if (!/^[.#/]|^node:|^file:/.test(specifier)) seen.add(specifier); return next(specifier, context); } });
await import(${JSON.stringify(entry)});
console.log(JSON.stringify([...seen]));`;
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as string[];
}

describe("a server process at start", () => {
  test("does not load the libraries of the XLSX export, S3 storage, contracts, the MCP endpoint or image processing", () => {
    const loaded = packagesLoadedBy("#server/main.ts");
    // The server's own graph was walked: its database driver and web framework are there.
    expect(loaded).toEqual(expect.arrayContaining(["pg", "hono"]));
    for (const lazy of ["exceljs", "@aws-sdk/client-s3", "pdfkit", "sharp"]) expect(loaded).not.toContain(lazy);
    expect(loaded.filter((specifier) => specifier.startsWith("@modelcontextprotocol/"))).toEqual([]);
    // A fresh Node loading the whole server graph from its sources: 2–6 s on a busy 2-core machine.
  }, 60_000);
});
