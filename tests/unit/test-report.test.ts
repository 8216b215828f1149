/**
 * `npm test`'s closing summary (scripts/lib/test-report.ts, ADR 071): a run that fails must say what
 * failed in its last lines, and never print "0 failed" beside a non-zero exit code.
 */
import { describe, expect, it } from "vitest";
import { firstLine, playwrightOutcome, vitestOutcome, type VitestReport } from "#scripts/lib/test-report.ts";

const root = "/repo";
const file = (name: string, status: string, message: string, tests: [fullName: string, status: string, error?: string][]) => ({
  name: `${root}/${name}`,
  status,
  message,
  assertionResults: tests.map(([fullName, s, error]) => ({ fullName, status: s, failureMessages: error ? [error] : [] })),
});

describe("Vitest's report", () => {
  it("names each failed test with its first error line", () => {
    const report: VitestReport = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        file("tests/api/a.test.ts", "failed", "", [
          ["orders › a buyer orders", "passed"],
          ["orders › a supplier confirms", "failed", "\nAssertionError: expected 409 to be 200\n    at …"],
        ]),
        file("tests/api/b.test.ts", "passed", "", [
          ["b one", "passed"],
          ["b two", "passed"],
        ]),
      ],
    };
    const outcome = vitestOutcome("postgres", report, 1, root, "");
    expect(outcome).toEqual({
      passed: 3,
      failed: 1,
      failures: ["Vitest postgres: tests/api/a.test.ts › orders › a supplier confirms: AssertionError: expected 409 to be 200"],
    });
  });

  it("counts a file that failed outside its tests, e.g. in a hook or when its worker died", () => {
    const report: VitestReport = {
      numPassedTests: 401,
      numFailedTests: 0,
      testResults: [
        file("tests/api/search.test.ts", "failed", "Worker exited unexpectedly", [["search › finds", "skipped"]]),
        file("tests/api/c.test.ts", "passed", "", [["c", "passed"]]),
      ],
    };
    const outcome = vitestOutcome("postgres", report, 1, root, "");
    expect(outcome.failed).toBe(1);
    expect(outcome.failures).toEqual(["Vitest postgres: tests/api/search.test.ts failed outside its tests: Worker exited unexpectedly"]);
  });

  it("counts a non-zero exit with nothing failed in the report, and quotes the log's end", () => {
    const report: VitestReport = {
      numPassedTests: 10,
      numFailedTests: 0,
      testResults: [file("tests/api/c.test.ts", "passed", "", [["c", "passed"]])],
    };
    const outcome = vitestOutcome("unit+pglite", report, 1, root, "Unhandled Rejection\nError: connection terminated");
    expect(outcome.passed).toBe(10);
    expect(outcome.failed).toBe(1);
    expect(outcome.failures[0]).toMatch(
      /^Vitest unit\+pglite: exited with code 1 with no failing test; its log ends:\nUnhandled Rejection/,
    );
  });

  it("counts a missing report as a failure", () => {
    expect(vitestOutcome("postgres", null, 137, root, "Killed")).toEqual({
      passed: 0,
      failed: 1,
      failures: ["Vitest postgres: no JSON report (exit code 137); its log ends:\nKilled"],
    });
  });

  it("adds nothing for a clean run", () => {
    const report: VitestReport = {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [file("a.test.ts", "passed", "", [["a", "passed"]])],
    };
    expect(vitestOutcome("postgres", report, 0, root, "")).toEqual({ passed: 2, failed: 0, failures: [] });
  });
});

describe("Playwright's report", () => {
  it("names each test that failed on every try, its describe blocks and project, and counts the flaky as passed", () => {
    const outcome = playwrightOutcome({
      stats: { expected: 5, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: "orders.spec.ts",
          specs: [],
          suites: [
            {
              title: "orders",
              specs: [
                {
                  title: "a buyer orders",
                  file: "orders.spec.ts",
                  line: 41,
                  tests: [
                    { projectName: "js", status: "expected", results: [{}] },
                    {
                      projectName: "no-js",
                      status: "unexpected",
                      results: [
                        { error: { message: "x" } },
                        { error: { message: "\u001b[2mexpect(\u001b[22mlocator).toBeVisible() failed" } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(outcome).toEqual({
      passed: 6,
      flaky: 1,
      failed: 1,
      failures: ["e2e [no-js] orders.spec.ts:41 › orders › a buyer orders: expect(locator).toBeVisible() failed"],
    });
  });

  it("counts an error outside any test, where every count stays at 0", () => {
    const outcome = playwrightOutcome({
      stats: { expected: 0, unexpected: 0, flaky: 0 },
      errors: [{ message: "Error: Timed out waiting 180000ms from config.webServer." }],
      suites: [],
    });
    expect(outcome.failed).toBe(1);
    expect(outcome.failures).toEqual(["e2e outside any test: Error: Timed out waiting 180000ms from config.webServer."]);
  });
});

describe("firstLine", () => {
  it("skips empty lines and cuts long ones", () => {
    expect(firstLine("\n\n  first  \nsecond")).toBe("first");
    expect(firstLine("x".repeat(400))).toHaveLength(300);
  });
});
