/**
 * The background job queue (server/jobs, pg-boss on the product's database): a queued job is a row,
 * so it outlives the process that queued it and runs once however many processes poll; a failing
 * job is retried; the hourly upload clean-up deletes an expired, unattached upload and keeps a
 * fresh one. Runs on PGlite and on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { storeUpload } from "#server/files/repository.ts";
import { files } from "#server/db/schema.ts";
import { createJobQueue, defineJob } from "#server/jobs/queue.ts";
import { createLogger } from "#server/logger.ts";
import { openTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api?.close());

const upload = (sha: string) => ({
  kind: "document" as const,
  bytes: new TextEncoder().encode(`%PDF-1.4 ${sha}`),
  mime: "application/pdf",
  ext: "pdf",
  width: null,
  height: null,
  thumb: null,
  sha256: sha,
});

test("the hourly clean-up deletes an expired unattached upload and keeps a fresh one", async () => {
  const old = await storeUpload(api.db, api.storage, upload("a".repeat(64)), {
    userId: null,
    ttlS: 1,
    now: new Date(Date.now() - 3_600_000),
  });
  const fresh = await storeUpload(api.db, api.storage, upload("b".repeat(64)), { userId: null, ttlS: 3_600 });
  await api.jobs.send("purge-uploads", {});
  expect(await api.jobs.runDue("purge-uploads")).toBe(1);
  expect(await api.db.select().from(files).where(eq(files.id, old.id))).toEqual([]);
  expect(await api.db.select({ id: files.id }).from(files).where(eq(files.id, fresh.id))).toEqual([{ id: fresh.id }]);
});

test("a job queued by one queue runs once, on another queue over the same database, and a failure is retried", async () => {
  const seen: string[] = [];
  let failures = 1;
  const echo = defineJob<{ word: string }>({
    name: "test-echo",
    retryLimit: 2,
    async run({ word }) {
      if (word === "flaky" && failures-- > 0) throw new Error("first attempt fails");
      seen.push(word);
    },
  });
  const logger = createLogger({ level: "silent" });
  const definitions = [echo];
  const producer = await createJobQueue({ pool: api.database.pool, logger, definitions });
  await producer.send("test-echo", { word: "hello" });
  await producer.send("test-echo", { word: "flaky" });
  // One job per singleton key and window: the second send is refused (de-duplication).
  expect(await producer.send("test-echo", { word: "once" }, { singletonKey: "k", singletonSeconds: 60 })).not.toBeNull();
  expect(await producer.send("test-echo", { word: "twice" }, { singletonKey: "k", singletonSeconds: 60 })).toBeNull();
  await producer.stop();

  const consumerA = await createJobQueue({ pool: api.database.pool, logger, definitions });
  const consumerB = await createJobQueue({ pool: api.database.pool, logger, definitions });
  const ran = (await consumerA.runDue("test-echo")) + (await consumerB.runDue("test-echo"));
  expect(ran).toBe(3);
  expect(seen.sort()).toEqual(["hello", "once"]);
  // The failed attempt is retried after its back-off; make it due now instead of sleeping.
  await api.database.pool.query("update pgboss.job set start_after = now() where name = 'test-echo' and state = 'retry'");
  expect(await consumerB.runDue("test-echo")).toBe(1);
  expect(seen.sort()).toEqual(["flaky", "hello", "once"]);
  expect(await consumerA.pending("test-echo")).toBe(0);
  await consumerA.stop();
  await consumerB.stop();
});

test("a working queue drains a backlog in batches, and one failing job neither fails nor holds back the others", async () => {
  const seen: number[] = [];
  const batch = defineJob<{ n: number }>({
    name: "test-backlog",
    retryLimit: 1,
    async run({ n }) {
      if (n === 7) throw new Error("job 7 fails");
      seen.push(n);
    },
  });
  const logger = createLogger({ level: "silent" });
  const producer = await createJobQueue({ pool: api.database.pool, logger, definitions: [batch] });
  for (let n = 0; n < 25; n++) await producer.send("test-backlog", { n });
  // Polled every 30 s: with one job per fetch, 24 jobs would take 12 minutes; batches fetched back to
  // back while they come back full take one poll.
  const worker = await createJobQueue({ pool: api.database.pool, logger, definitions: [batch], work: true, pollingIntervalSeconds: 30 });
  await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(24);
  expect(seen.includes(7)).toBe(false);
  const states = await api.database.pool.query<{ state: string; n: string }>(
    "select state, count(*)::text as n from pgboss.job where name = 'test-backlog' group by state order by state::text",
  );
  expect(states.rows).toEqual([
    { state: "completed", n: "24" },
    { state: "retry", n: "1" },
  ]);
  await worker.stop();
  await producer.stop();
});
