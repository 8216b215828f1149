/**
 * Where the server's files are, whether it runs from its TypeScript sources (`npm run dev`, the tests,
 * the scripts) or from the JavaScript that `npm run build` compiles into `build/node/` (a production
 * process, ADR 078). A bundled module's `import.meta.url` is the bundle's chunk, not the source file,
 * so a module that reads a file beside it, or starts a worker or a child process from a module of its
 * own, asks here instead of resolving against `import.meta.url`.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The first folder from `start` upwards that holds a package.json: the project's root. Throws when none does. */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/** The project's root folder (absolute): `server/..` in the sources, `build/node/…/..` once compiled. */
export const PROJECT_ROOT: string = findRoot(import.meta.dirname);

/** Where `npm run build` writes the compiled server (scripts/build-server.ts). */
export const COMPILED_DIR: string = path.join(PROJECT_ROOT, "build", "node");

/** True in a process running the compiled server (this module is JavaScript), false on the TypeScript sources. */
export const COMPILED: boolean = !import.meta.url.endsWith(".ts");

/**
 * The file to run for the server module `relative` (from the root, no extension: `server/price-lists/worker`)
 * as a worker thread or a child process: its compiled entry in a compiled process, else its source.
 * Each such module is an entry of scripts/build-server.ts (SEPARATE_ENTRIES).
 */
export function runnableModule(relative: string): string {
  return COMPILED ? path.join(COMPILED_DIR, `${relative}.js`) : path.join(PROJECT_ROOT, `${relative}.ts`);
}

/** A file of the sources (`server/db/migrations`, `server/catalog/regions.json`): data the compiled server reads where it lies. */
export function sourceFile(relative: string): string {
  return path.join(PROJECT_ROOT, relative);
}

/** The file beside the compiled server that lists the sources it was compiled from: `{ [path from the root]: [size, mtimeMs] }`. */
export const COMPILED_INPUTS = "inputs.json";

/**
 * Whether the compiled server in `dir` (default COMPILED_DIR) was compiled from the sources as they are
 * now: every source file it lists still has its size and modification time. False when there is no
 * compiled server, or a source changed or went away since `npm run build` — a process then runs the
 * sources rather than code that no longer matches them. Costs one `stat` per source (≈ 400, a few ms).
 */
export function compiledIsCurrent(dir: string = COMPILED_DIR): boolean {
  let inputs: Record<string, [size: number, mtimeMs: number]>;
  try {
    inputs = JSON.parse(readFileSync(path.join(dir, COMPILED_INPUTS), "utf8")) as typeof inputs;
  } catch {
    return false;
  }
  for (const [file, [size, mtimeMs]] of Object.entries(inputs)) {
    try {
      const stat = statSync(path.resolve(PROJECT_ROOT, file));
      if (stat.size !== size || stat.mtimeMs !== mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}
