/**
 * Vitest projects (Playwright specs in tests/e2e are never collected here):
 * - `unit`: tests without a database: the colocated tests of server/, app/, contract/ and locales/
 *   (`*.test.ts`, `*.test.tsx`) and tests/unit.
 * - `api-pglite`, `api-postgres`: the API against a real, imported database on each engine
 *   (tests/api/**\/*.test.ts). `tests/support/global-setup.ts` imports the classifiers once per
 *   project; test files then open that database through `tests/support/api.ts`.
 * In every project a test that makes anything call `console.error` fails
 * (tests/support/fail-on-console-error.ts).
 *
 * PostgreSQL comes from TEST_DATABASE_URL (an admin URL; default postgres://postgres@127.0.0.1:5432/postgres).
 * Run one project with `npx vitest run --project unit`.
 */
import { defineConfig } from "vitest/config";

const apiProject = (engine: "pglite" | "postgres") => ({
  test: {
    name: `api-${engine}`,
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    provide: { dbEngine: engine },
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    // One database per project, opened by one test file at a time (PGlite folders take one process).
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "server/**/*.test.ts",
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "locales/**/*.test.ts",
            "contract/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          // A console.error fails the test (tests/support/fail-on-console-error.ts).
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      apiProject("pglite"),
      apiProject("postgres"),
    ],
  },
});
