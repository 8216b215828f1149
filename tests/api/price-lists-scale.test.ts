/**
 * Measurement, not a regular test (run with PRICE_LIST_SCALE=1): a 50,000-row CSV price list is
 * previewed and imported on the test database while the event loop's delay is sampled and another
 * query is timed mid-import, to show the import does not hold up the server (ADR 027). Prints
 * `[measure]` lines; fails if the import does not finish or a query waits longer than 5 s.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createLogger } from "#server/logger.ts";
import { runImport } from "#server/price-lists/import.ts";
import type { TestApi } from "../support/api.ts";
import { closeProfileApi, createCompany, createUser, multipart, openProfileApi, type TestUser } from "../support/profile.ts";
import { tableRows } from "../fixtures/price-lists/make-fixtures.ts";

let api: TestApi;
let owner: TestUser;

beforeAll(async () => {
  api = await openProfileApi();
  owner = await createUser(api, "pricelist-scale");
  await createCompany(owner, { name: { ru: "ООО «Объём»" }, country: "RU" });
}, 60_000);

afterAll(() => closeProfileApi(api));

test.skipIf(!process.env.PRICE_LIST_SCALE)(
  "50,000 rows: preview and import without holding up other queries",
  async () => {
    const csv = tableRows(50_000, "S")
      .map((r) => r.join(";"))
      .join("\n");
    let at = Date.now();
    const uploaded = await owner.post("/api/profile/company/price-lists", multipart(new TextEncoder().encode(csv), "big.csv"));
    expect(uploaded.status).toBe(201);
    const run = uploaded.body.data;
    console.info(`[measure] ${api.engine}: preview of 50,000 rows (${(csv.length / 1e6).toFixed(1)} MB) in ${Date.now() - at} ms`);
    expect((await owner.post(`/api/profile/company/price-lists/${run.id}/import`)).status).toBe(200);

    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    at = Date.now();
    const importing = runImport(api.db, api.storage, createLogger({ level: "silent" }), run.id);
    // Other requests meanwhile: a query every 200 ms until the import ends.
    const waits: number[] = [];
    let finished = false;
    void importing.finally(() => (finished = true));
    while (!finished) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const start = Date.now();
      await api.db.execute(sql`select 1`);
      waits.push(Date.now() - start);
    }
    await importing;
    lag.disable();
    const [row] = (
      await api.db.execute<{ status: string; created: number }>(sql`select status, created from price_list_runs where id = ${run.id}`)
    ).rows;
    console.info(
      `[measure] ${api.engine}: import of ${row?.created} products in ${Date.now() - at} ms; event loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms; ` +
        `${waits.length} queries meanwhile, slowest ${Math.max(...waits)} ms, median ${waits.sort((a, b) => a - b)[Math.floor(waits.length / 2)]} ms`,
    );
    expect(row?.status).toBe("done");
    expect(Math.max(...waits)).toBeLessThan(5000);
  },
  600_000,
);
