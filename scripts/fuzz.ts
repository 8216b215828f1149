/**
 * `npm run fuzz` — the hostile-input fuzzer at full size (issue 16 §3): every operation of the
 * OpenAPI documents (tests/api/openapi-fuzz.test.ts, 10,000 requests by default) and every form
 * action of the web tier (tests/api/form-actions-fuzz.test.ts, 2,000 posts), on PGlite by default.
 * Prints one line per operation and per form action (requests, time, statuses; a failure with its
 * shrunk counterexample and seed), then the totals. The normal suite runs a fixed-seed slice of both.
 *
 * Options (environment): FUZZ_CASES, FUZZ_FORM_CASES (sizes), FUZZ_SEED (default: the clock, printed
 * so a failure can be replayed), FUZZ_ONLY (regular expression over `METHOD /path` of the API part),
 * FUZZ_ENGINE=postgres (TEST_DATABASE_URL's server instead of PGlite).
 *
 * Then the hostile files (issue 25 §5, tests/fuzz/hostile-run.ts): zip bombs, a million-column CSV,
 * deep and wide XML, entity tricks, wrong magic bytes, truncated archives and a PNG declaring
 * 100,000 × 100,000 px, posted to every upload endpoint of a real server process on PostgreSQL while
 * `/healthz` is asked every 100 ms: never a 5xx, the error envelope, RSS ≤ 1 GB, `/healthz` ≤ 1 s.
 * FUZZ_FILES=full (default: the review's sizes), `slice` (the suite's sizes) or `0` (skip).
 * Exit code: non-zero when any property failed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31);
const engine = process.env.FUZZ_ENGINE === "postgres" ? "postgres" : "pglite";
console.log(`Fuzzing on ${engine}, seed ${seed} (replay with FUZZ_SEED=${seed})`);
const result = spawnSync(
  "npx",
  ["vitest", "run", "--project", `api-${engine}`, "tests/api/openapi-fuzz.test.ts", "tests/api/form-actions-fuzz.test.ts"],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      FUZZ_CASES: process.env.FUZZ_CASES ?? "10000",
      FUZZ_FORM_CASES: process.env.FUZZ_FORM_CASES ?? "2000",
      FUZZ_SEED: seed,
      FUZZ_VERBOSE: "1",
    },
  },
);
let failed = result.status !== 0;
const files = process.env.FUZZ_FILES ?? "full";
if (files !== "0") {
  const { runHostileFiles } = await import("#tests/fuzz/hostile-run.ts");
  const held = await runHostileFiles({ scale: files === "slice" ? "slice" : "full", log: (line) => process.stderr.write(`${line}\n`) });
  if (!held) failed = true;
}
process.exit(failed ? 1 : 0);
