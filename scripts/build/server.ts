/**
 * Compiles the server's TypeScript (server.ts and what it imports: server/, contract/, the app modules
 * the server shares) into JavaScript under `build/node/`, at the end of `npm run build` (the `buildEnd`
 * hook in react-router.config.ts, so `npx react-router build` does it too; ADR 078).
 *
 * Why: a production process that runs `.ts` files makes Node load its type stripper (amaro and its
 * SWC WebAssembly): 218 against 193 MB for an idle server (docs/benchmarks.md, "The compiled server").
 * `node server.ts` in production re-executes itself into `build/node/server.js` when that build
 * matches the sources (server/node-flags.ts), so every way of starting a server runs the compiled code.
 *
 * Output: `build/node/server.js`, one entry per module that runs on its own (SEPARATE_ENTRIES: worker
 * threads and child processes, started through server/paths.ts `runnableModule`), shared chunks in
 * `build/node/chunks/`, a source map beside each file (`node --enable-source-maps` reads them), and
 * `build/node/inputs.json`, the size and modification time of every source compiled in: a start runs
 * the compiled server only while they all still match (server/paths.ts `compiledIsCurrent`).
 * npm packages stay imports of `node_modules` (they are JavaScript already, and loaded lazily where
 * the sources load them lazily: code splitting keeps each `import()` a chunk of its own).
 * Errors: esbuild's (an unresolved import, a syntax error), printed and thrown, failing the build.
 */
import { rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { COMPILED_INPUTS } from "#server/paths.ts";

/** Modules started by path (worker threads, child processes), each compiled as an entry of its own. */
export const SEPARATE_ENTRIES = [
  "server/db/pglite-worker",
  "server/price-lists/worker",
  "server/price-lists/launcher",
  "server/catalog/seed/worker",
] as const;

/** Compiles the server of the project at `root` into `<root>/build/node/`; resolves to what it wrote. */
export async function buildServer({ root }: { root: string }): Promise<{ files: number; bytes: number }> {
  const outdir = path.join(root, "build", "node");
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [{ in: "server.ts", out: "server" }, ...SEPARATE_ENTRIES.map((entry) => ({ in: `${entry}.ts`, out: entry }))],
    outdir,
    bundle: true,
    // Each `import()` of the sources stays a chunk loaded on first use (ADR 070's lazy libraries and modules).
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    packages: "external",
    jsx: "automatic",
    chunkNames: "chunks/[name]-[hash]",
    sourcemap: "linked",
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  // What it was compiled from, so a start can tell a stale build from a current one (server/paths.ts compiledIsCurrent).
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs).map((file) => {
      const stat = statSync(path.join(root, file));
      return [file, [stat.size, stat.mtimeMs]];
    }),
  );
  writeFileSync(path.join(outdir, COMPILED_INPUTS), `${JSON.stringify(inputs)}\n`);
  const scripts = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
  return { files: scripts.length, bytes: scripts.reduce((sum, [, output]) => sum + output.bytes, 0) };
}
