/**
 * Hostile form posts to every route action of the web tier (tests/fuzz/form-actions-fuzz.ts), on
 * PGlite and PostgreSQL: never a 5xx. The suite runs a fixed-seed slice (FUZZ_FORM_CASES, default
 * 300 posts in all); `npm run fuzz` runs more (scripts/fuzz.ts).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData } from "../support/profile.ts";
import { createFixtures, removeFixtures } from "../fuzz/openapi-fuzz.ts";
import { fuzzFormActions, loadFormRoutes, openWebApp, type WebApp } from "../fuzz/form-actions-fuzz.ts";

const CASES = Number(process.env.FUZZ_FORM_CASES ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20260416);

let api: TestApi;
let web: WebApp;
let fixtures: Awaited<ReturnType<typeof createFixtures>>;

beforeAll(async () => {
  api = await openTestApi();
  await cleanupProfileData(api);
  fixtures = await createFixtures(api);
  web = await openWebApp(api);
}, 120_000);

afterAll(async () => {
  await web?.close();
  if (api) {
    if (fixtures) await removeFixtures(api, fixtures);
    await cleanupProfileData(api);
    await api.close();
  }
});

test(`every form action survives hostile posts (${CASES} posts, seed ${SEED})`, async () => {
  const routes = await loadFormRoutes();
  expect(routes.length).toBeGreaterThan(40);
  const started = performance.now();
  const ids = [...new Set(Object.values(fixtures.ids).flat())];
  const results = await fuzzFormActions(web, routes, fixtures, ids, {
    cases: CASES,
    seed: SEED,
    log: process.env.FUZZ_VERBOSE ? (line) => process.stderr.write(`${line}\n`) : undefined,
  });
  const total = results.reduce((n, r) => n + r.cases, 0);
  const failures = results.filter((r) => r.failure);
  console.log(
    `[${api.engine}] ${results.length} form actions, ${total} posts in ${((performance.now() - started) / 1000).toFixed(1)} s, ${failures.length} failing`,
  );
  expect(failures.map((f) => `${f.route}: ${f.failure}`)).toEqual([]);
}, 600_000);
