/**
 * One production server process for the reliability part of `npm run bench` (bench/reliability.ts):
 * server/main.ts's `startServer` on DATABASE_URL (seeding the demo catalogue when empty) with the
 * production V8 flags (server/node-flags.ts), plus a
 * once-a-second sample of this process's resident memory and event-loop delay printed on stdout as
 * `stats {"t":…,"rssMb":…,"elP50Ms":…,"elP99Ms":…,"elMaxMs":…,"heapCommittedMb":…,"heapUsedMb":…,"newSpaceMb":…,"externalMb":…,"cpuMs":…,"gcMs":…}`
 * (V8's committed and used heap, its young generation's committed size, and memory outside the heap
 * such as Buffers — where the RSS goes; the process's CPU time and GC pauses so far, which compare
 * across runs on a shared machine better than latencies do) — measured inside the process,
 * since neither is visible from outside. Prints `ready <url>` once listening. BENCH_IMPORT=0 skips
 * the classifier and catalogue import (the hostile-file fuzzer needs neither).
 * BENCH_ALLOCATION_PROFILE=FILE: V8's sampling heap profiler, counting objects the collector has
 * already freed too (what a request allocates, the garbage behind the GC pauses), written to FILE
 * (a `.heapprofile` for Chrome's DevTools) every 15 s.
 */
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { relaunchWithServerFlags } from "#server/node-flags.ts";

// As server.ts: the production process's V8 flags, before the server's modules load.
relaunchWithServerFlags();
const { loadEnv } = await import("#server/env.ts");
const { createLogger } = await import("#server/logger.ts");
const { closeOnSignals, startServer } = await import("#server/main.ts");

const env = loadEnv();
const logger = createLogger({ level: env.LOG_LEVEL });
const running = await startServer({ env, logger, importIfEmpty: process.env.BENCH_IMPORT !== "0" });
closeOnSignals(running, logger);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
// Garbage collection's pauses, summed: what a young generation's size trades against memory.
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ["gc"] });
setInterval(() => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const memory = process.memoryUsage();
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
  const line = {
    t: Date.now(),
    rssMb: Math.round(process.memoryUsage.rss() / 1048576),
    elP50Ms: ms(delay.percentile(50)),
    elP99Ms: ms(delay.percentile(99)),
    elMaxMs: ms(delay.max),
    heapCommittedMb: mb(memory.heapTotal),
    heapUsedMb: mb(memory.heapUsed),
    newSpaceMb: mb(newSpace?.space_size ?? 0),
    externalMb: mb(memory.external),
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    gcMs: Math.round(gcMs),
  };
  delay.reset();
  process.stdout.write(`stats ${JSON.stringify(line)}\n`);
}, 1000).unref();
const allocationProfile = process.env.BENCH_ALLOCATION_PROFILE;
if (allocationProfile) {
  const { Session } = await import("node:inspector/promises");
  const { writeFile } = await import("node:fs/promises");
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  setInterval(() => {
    void session
      .post("HeapProfiler.getSamplingProfile")
      .then(({ profile }) => writeFile(allocationProfile, JSON.stringify(profile)))
      .catch(() => undefined);
  }, 15_000).unref();
}
process.stdout.write(`ready ${running.url}\n`);
