/**
 * `npm test` — the whole suite, as CI runs it:
 * 1. static checks: the type check (`npm run typecheck`) and the linter (`npm run lint`);
 * 2. Vitest: unit tests and the API tests on PGlite, and beside them (a second process) the API tests
 *    on PostgreSQL (TEST_DATABASE_URL);
 * 3. the production build;
 * 4. Playwright e2e against the built server in Debian's Chromium, with JavaScript on and off.
 * A failed step counts as one failed test and the rest still runs, so one run shows everything.
 * Ends with one line `Total: N passed, N failed` and a non-zero exit code on any failure.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(os.tmpdir(), "postavka-test-"));
let passed = 0;
let failed = 0;
let flaky = 0;
let exitCode = 0;

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = 1;
  return result.status === 0;
}

// Static checks run first: they take seconds and often explain a failing test further down.
const staticChecks: [title: string, script: string][] = [
  ["Type check (react-router typegen, tsc)", "typecheck"],
  ["Lint (oxlint with type-aware rules)", "lint"],
  ["Formatting (Prettier)", "format:check"],
];
for (const [title, script] of staticChecks) {
  if (!run(title, "npm", ["run", script])) failed += 1;
}

// The two engines' API tests run at the same time, in two Vitest processes: within one process
// Vitest runs these projects one after the other (each opens one database, one file at a time), and
// each waits on its database as much as it computes. The PostgreSQL half writes to a log printed after.
console.log("\n=== Unit and API tests (Vitest: unit and PGlite, PostgreSQL beside them) ===");
const vitestRuns = [
  { name: "unit+pglite", projects: ["unit", "api-pglite"], log: null as string | null, extra: [] as string[] },
  // Its own module cache, and no results cache: two processes never write one file.
  {
    name: "postgres",
    projects: ["api-postgres"],
    log: path.join(reports, "vitest-postgres.log"),
    extra: ["--no-cache", "--fsModuleCachePath=node_modules/.vitest-cache-postgres"],
  },
].map((part) => {
  const json = path.join(reports, `vitest-${part.name}.json`);
  const args = [
    "vitest",
    "run",
    ...part.projects.flatMap((p) => ["--project", p]),
    ...part.extra,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${json}`,
  ];
  const out = part.log ? openSync(part.log, "w") : "inherit";
  const child = spawn("npx", args, { cwd: root, stdio: ["ignore", out, out], env: process.env });
  const done = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  return { ...part, json, done };
});
for (const part of vitestRuns) {
  const code = await part.done;
  if (part.log) {
    console.log(`\n--- Vitest ${part.projects.join(", ")} ---`);
    process.stdout.write(readFileSync(part.log, "utf8"));
  }
  if (code !== 0) exitCode = 1;
  try {
    const report = JSON.parse(readFileSync(part.json, "utf8")) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } catch {
    failed += 1;
  }
}

if (run("Production build", "npx", ["react-router", "build"])) {
  const playwrightJson = path.join(reports, "playwright.json");
  run("End-to-end tests (Playwright, Chromium, JavaScript on and off)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  try {
    const report = JSON.parse(readFileSync(playwrightJson, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number };
      errors?: unknown[];
    };
    passed += report.stats.expected + report.stats.flaky;
    flaky += report.stats.flaky;
    // Errors outside any test (a web server that could not start, a broken config) leave every
    // count at 0: without this the total would read "0 failed" for a run where nothing ran.
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
  } catch {
    failed += 1;
  }
} else {
  failed += 1;
}

rmSync(reports, { recursive: true, force: true });
if (failed > 0) exitCode = 1;
if (flaky > 0) console.log(`\n${flaky} e2e test(s) passed only on their retry (flaky): fix them.`);
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
