/**
 * `npm test` — the whole suite, as CI runs it:
 * 1. static checks: the type check (`npm run typecheck`) and the linter (`npm run lint`);
 * 2. Vitest: unit tests and the API tests on PGlite, and beside them (a second process) the API tests
 *    on PostgreSQL (TEST_DATABASE_URL);
 * 3. the production build;
 * 4. Playwright e2e against the built server in Debian's Chromium, with JavaScript on and off.
 * A failed step counts as one failed test and the rest still runs, so one run shows everything.
 * Ends with `What failed:` (one line per failed test, per test file that failed outside its tests, per
 * step, and the log's tail of a Vitest process that exited non-zero with no failing test) and one line
 * `Total: N passed, N failed`, with a non-zero exit code on any failure. Every non-zero exit counts as
 * at least one failure: CI keeps only the log's tail, so the tail must say what went wrong.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { playwrightOutcome, vitestOutcome, type PlaywrightReport, type VitestReport } from "./lib/test-report.ts";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(os.tmpdir(), "postavka-test-"));
let passed = 0;
let failed = 0;
let flaky = 0;
let exitCode = 0;
/** What failed, one line each, printed again at the very end: CI keeps only the log's tail. */
const failures: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    exitCode = 1;
    failures.push(`${title}: exited with code ${result.status ?? result.signal}`);
  }
  return result.status === 0;
}

/** The last `count` lines of a log file, for a process that failed without a failing test. */
function tail(file: string, count: number): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-count).join("\n");
  } catch {
    return "(no log)";
  }
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
  { name: "unit+pglite", projects: ["unit", "api-pglite"], echo: true, extra: [] as string[] },
  // Its own module cache, and no results cache: two processes never write one file.
  {
    name: "postgres",
    projects: ["api-postgres"],
    echo: false,
    extra: ["--no-cache", "--fsModuleCachePath=node_modules/.vitest-cache-postgres"],
  },
].map((part) => {
  const json = path.join(reports, `vitest-${part.name}.json`);
  const log = path.join(reports, `vitest-${part.name}.log`);
  const args = [
    "vitest",
    "run",
    ...part.projects.flatMap((p) => ["--project", p]),
    ...part.extra,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${json}`,
  ];
  // Both halves keep a log: the summary at the end quotes it when a process fails without a failing test.
  const out = openSync(log, "w");
  const child = spawn("npx", args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      writeSync(out, chunk);
      if (part.echo) process.stdout.write(chunk);
    });
  }
  const done = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  return { ...part, json, log, done };
});

for (const part of vitestRuns) {
  const code = await part.done;
  if (!part.echo) {
    console.log(`\n--- Vitest ${part.projects.join(", ")} ---`);
    process.stdout.write(readFileSync(part.log, "utf8"));
  }
  if (code !== 0) exitCode = 1;
  let report: VitestReport | null = null;
  try {
    report = JSON.parse(readFileSync(part.json, "utf8")) as VitestReport;
  } catch {
    report = null;
  }
  const outcome = vitestOutcome(part.name, report, code, root, tail(part.log, 40));
  passed += outcome.passed;
  failed += outcome.failed;
  failures.push(...outcome.failures);
}

if (run("Production build", "npx", ["react-router", "build"])) {
  const playwrightJson = path.join(reports, "playwright.json");
  run("End-to-end tests (Playwright, Chromium, JavaScript on and off)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  try {
    const outcome = playwrightOutcome(JSON.parse(readFileSync(playwrightJson, "utf8")) as PlaywrightReport);
    passed += outcome.passed;
    failed += outcome.failed;
    flaky += outcome.flaky;
    failures.push(...outcome.failures);
  } catch {
    failed += 1;
    failures.push("e2e: no JSON report");
  }
} else {
  failed += 1;
}

rmSync(reports, { recursive: true, force: true });
if (failed > 0) exitCode = 1;
if (flaky > 0) console.log(`\n${flaky} e2e test(s) passed only on their retry (flaky): fix them.`);
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((f) => `- ${f}`).join("\n")}`);
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
