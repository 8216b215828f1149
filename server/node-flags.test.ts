import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { missingFlags } from "./node-flags.ts";
import { COMPILED_INPUTS } from "./paths.ts";

const module = path.join(import.meta.dirname, "node-flags.ts");

const dir = mkdtempSync(path.join(os.tmpdir(), "node-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** An entry script as server.ts is one: the flags applied first, then it reports what it runs with. */
const entry = path.join(dir, "entry.mjs");
writeFileSync(
  entry,
  `import { relaunchWithServerFlags } from ${JSON.stringify(module)};
relaunchWithServerFlags();
console.log(JSON.stringify({ execArgv: process.execArgv, argv: process.argv.slice(2), arenas: process.env.MALLOC_ARENA_MAX ?? null }));`,
);

/** Starts Node on the entry script with `args` before it and two arguments after it. */
function start(env: Record<string, string>, args: string[] = []) {
  const { NODE_OPTIONS: _ignored, MALLOC_ARENA_MAX: _own, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [...args, entry, "keep", "--these"], { env: { ...inherited, ...env }, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { execArgv: string[]; argv: string[]; arenas: string | null };
}

describe("the production server's V8 flags", () => {
  test("a production process restarts itself with a bounded young generation, keeping its arguments", () => {
    const started = start({ NODE_ENV: "production" });
    expect(started.execArgv).toContain("--max-semi-space-size=16");
    expect(started.argv).toEqual(["keep", "--these"]);
  });

  test("an operator's own value wins, on the command line or in NODE_OPTIONS; development is left alone", () => {
    expect(start({ NODE_ENV: "production" }, ["--max-semi-space-size=4"]).execArgv).not.toContain("--max-semi-space-size=16");
    expect(start({ NODE_ENV: "production", NODE_OPTIONS: "--max-semi-space-size=8" }).execArgv).not.toContain("--max-semi-space-size=16");
    expect(start({ NODE_ENV: "development" }).execArgv).not.toContain("--max-semi-space-size=16");
  });

  test("a production process runs with two malloc arenas unless the operator set their number, even when it has the V8 flags", () => {
    expect(start({ NODE_ENV: "production" }).arenas).toBe("2");
    expect(start({ NODE_ENV: "production" }, ["--max-semi-space-size=16"]).arenas).toBe("2");
    expect(start({ NODE_ENV: "production", MALLOC_ARENA_MAX: "8" }).arenas).toBe("8");
    expect(start({ NODE_ENV: "development" }).arenas).toBeNull();
  });

  test("a production process switches to a current compiled entry, with its flags and arguments; a stale or missing build and development do not", () => {
    const compiledDir = mkdtempSync(path.join(dir, "compiled-"));
    const compiled = path.join(compiledDir, "server.js");
    writeFileSync(compiled, `console.log(JSON.stringify({ compiled: true, execArgv: process.execArgv, argv: process.argv.slice(2) }));`);
    const source = path.join(dir, "source.ts");
    writeFileSync(source, "export const built = 1;\n");
    const listSources = () => {
      const stat = statSync(source);
      writeFileSync(path.join(compiledDir, COMPILED_INPUTS), JSON.stringify({ [source]: [stat.size, stat.mtimeMs] }));
    };
    const switching = path.join(dir, "switching.mjs");
    writeFileSync(
      switching,
      `import { relaunchWithServerFlags } from ${JSON.stringify(module)};
relaunchWithServerFlags(process.env.COMPILED_ENTRY);
console.log(JSON.stringify({ compiled: false, execArgv: process.execArgv, argv: process.argv.slice(2) }));`,
    );
    const run = (env: Record<string, string>, args: string[] = []) => {
      const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
      const result = spawnSync(process.execPath, [...args, switching, "keep"], {
        env: { ...inherited, COMPILED_ENTRY: compiled, ...env },
        encoding: "utf8",
      });
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as { compiled: boolean; execArgv: string[]; argv: string[] };
    };
    // Built, but no list of its sources: not known to be current.
    expect(run({ NODE_ENV: "production" }).compiled).toBe(false);
    listSources();
    expect(run({ NODE_ENV: "production" })).toEqual({ compiled: true, execArgv: ["--max-semi-space-size=16"], argv: ["keep"] });
    // Already with its flags and arenas: it still switches.
    expect(run({ NODE_ENV: "production", MALLOC_ARENA_MAX: "2" }, ["--max-semi-space-size=16"]).compiled).toBe(true);
    expect(run({ NODE_ENV: "development" }).compiled).toBe(false);
    // A source edited after the build: the sources run, not the stale build.
    writeFileSync(source, "export const built = 2; // edited\n");
    expect(run({ NODE_ENV: "production" }).compiled).toBe(false);
    expect(run({ NODE_ENV: "production", COMPILED_ENTRY: path.join(dir, "absent", "server.js") }).compiled).toBe(false);
  });

  test("a flag counts as given whatever its spelling (dashes or underscores, with a value)", () => {
    expect(missingFlags(["--max-semi-space-size=16"], ["--max_semi_space_size=32"])).toEqual([]);
    expect(missingFlags(["--max-semi-space-size=16"], ["--max-old-space-size=512"])).toEqual(["--max-semi-space-size=16"]);
  });
});
