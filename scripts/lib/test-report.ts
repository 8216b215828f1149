/**
 * What `npm test` (scripts/test.ts) reads from the runners' JSON reports: counts, and one line per
 * failure for the `What failed:` summary at the end of the run (ADR 071), because CI keeps only the
 * tail of the log.
 *
 * - Vitest's JSON reporter (`--reporter=json`): `numPassedTests`, `numFailedTests`, and per test file a
 *   `status` ("failed" also when the file failed outside its tests: a hook, an import, a worker that
 *   died) with `message`, and its tests' `assertionResults`.
 * - Playwright's JSON reporter: `stats` (expected, unexpected, flaky), `errors` outside any test, and
 *   nested `suites` (the first level is the spec file) of `specs`, each with a test per project whose
 *   final `status` is "unexpected" when it failed on every try.
 */
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/** Counts and failure lines of one runner. */
export interface Outcome {
  passed: number;
  failed: number;
  failures: string[];
}

/** The first non-empty line of an error text, without terminal colours, cut to 300 characters. */
export function firstLine(text: string): string {
  const line = stripVTControlCharacters(text)
    .split("\n")
    .find((l) => l.trim() !== "");
  return (line ?? "").trim().slice(0, 300);
}

/** The parts of Vitest's JSON report read here. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/**
 * The outcome of one Vitest process named `label`. `report` is null when it wrote none.
 * A file that failed outside its tests counts as one failure. So does a process that exited
 * non-zero (`exitCode`) with nothing failed in its report, such as an unhandled error; its line then
 * carries `logTail`, the end of the process's own output.
 */
export function vitestOutcome(label: string, report: VitestReport | null, exitCode: number, root: string, logTail: string): Outcome {
  const outcome: Outcome = { passed: 0, failed: 0, failures: [] };
  if (report === null) {
    outcome.failed = 1;
    outcome.failures.push(`Vitest ${label}: no JSON report (exit code ${exitCode}); its log ends:\n${logTail}`);
    return outcome;
  }
  outcome.passed = report.numPassedTests;
  outcome.failed = report.numFailedTests;
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((t) => t.status === "failed");
    for (const t of failedTests)
      outcome.failures.push(`Vitest ${label}: ${name} › ${t.fullName}: ${firstLine(t.failureMessages[0] ?? "")}`);
    if (file.status === "failed" && failedTests.length === 0) {
      outcome.failed += 1;
      outcome.failures.push(`Vitest ${label}: ${name} failed outside its tests: ${firstLine(file.message)}`);
    }
  }
  if (exitCode !== 0 && outcome.failures.length === 0) {
    outcome.failed += 1;
    outcome.failures.push(`Vitest ${label}: exited with code ${exitCode} with no failing test; its log ends:\n${logTail}`);
  }
  return outcome;
}

/** A suite of Playwright's JSON report (the parts read here). */
export interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The parts of Playwright's JSON report read here. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors?: { message?: string }[];
  suites: PlaywrightSuite[];
}

function unexpectedTests(suites: PlaywrightSuite[], titles: string[]): string[] {
  const out: string[] = [];
  for (const suite of suites) {
    const trail = [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const where = [...trail.slice(1), spec.title].filter(Boolean).join(" › ");
        out.push(`e2e [${test.projectName}] ${spec.file}:${spec.line} › ${where}: ${firstLine(test.results.at(-1)?.error?.message ?? "")}`);
      }
    }
    out.push(...unexpectedTests(suite.suites ?? [], trail));
  }
  return out;
}

/**
 * The outcome of the Playwright run, and how many passed only on their retry (`flaky`: counted as
 * passed here; the caller says to fix them). Errors outside any test (a web server that could not
 * start, a broken configuration) leave every count at 0, so each counts as a failure of its own.
 */
export function playwrightOutcome(report: PlaywrightReport): Outcome & { flaky: number } {
  const outside = (report.errors ?? []).map((e) => `e2e outside any test: ${firstLine(e.message ?? "")}`);
  return {
    passed: report.stats.expected + report.stats.flaky,
    flaky: report.stats.flaky,
    failed: report.stats.unexpected + outside.length,
    failures: [...unexpectedTests(report.suites, []), ...outside],
  };
}
