// @ts-check
/**
 * Preloaded into the production server of the reliability and hostile-file benchmarks
 * (`node --import ./bench/server-stats.mjs server.ts`, bench/reliability.ts ServerProcess): prints,
 * once a second, this process's resident memory and event-loop delay on stdout as
 * `stats {"t":…,"rssMb":…,"elP50Ms":…,"elP99Ms":…,"elMaxMs":…,"heapCommittedMb":…,"heapUsedMb":…,"newSpaceMb":…,"externalMb":…,"cpuMs":…,"gcMs":…,"runQueueMs":…}`
 * (V8's committed and used heap, its young generation's committed size, and memory outside the heap
 * such as Buffers — where the RSS goes; the process's CPU time and GC pauses so far, which compare
 * across runs on a shared machine better than latencies do; and `runQueueMs`, how long the main thread
 * has waited, runnable, for a core — Linux's /proc/self/task/PID/schedstat, 0 elsewhere — which tells
 * an event loop delayed by its own work or pauses from one the machine's other processes held off)
 * — measured inside the process, since neither is visible from outside — and `ready <url>` once the
 * server answers its readiness check.
 *
 * JavaScript, not TypeScript: a `.ts` preload would make the measured process load Node's type
 * stripper, which the compiled production server does not (ADR 078). It runs twice — before and after
 * server.ts re-executes itself into the compiled server — and only the second one lives on.
 *
 * Only where BENCH_SERVER_STATS=1 (set by the bench for the server): the server's price-list launcher
 * and parse processes inherit its Node flags, this preload included, but not that variable.
 *
 * BENCH_ALLOCATION_PROFILE=FILE: V8's sampling heap profiler, counting objects the collector has
 * already freed too (what a request allocates, the garbage behind the GC pauses), written to FILE
 * (a `.heapprofile` for Chrome's DevTools) every 15 s.
 */
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

/** The sampling this module describes; run only in the server process (BENCH_SERVER_STATS=1). */
async function sample() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // Garbage collection's pauses, summed: what a young generation's size trades against memory.
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ["gc"] });

  /** @param {number} ns */
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  // The main thread's id is the process id; the second field is the time spent runnable but not running (ns).
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const runQueueNs = () => {
    try {
      return Number(readFileSync(schedstat, "utf8").split(" ")[1]);
    } catch {
      return 0;
    }
  };
  /** @param {number} bytes */
  const mb = (bytes) => Math.round(bytes / 1048576);
  setInterval(() => {
    const memory = process.memoryUsage();
    const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
    const cpu = process.cpuUsage();
    const line = {
      t: Date.now(),
      rssMb: mb(memory.rss),
      elP50Ms: ms(delay.percentile(50)),
      elP99Ms: ms(delay.percentile(99)),
      elMaxMs: ms(delay.max),
      heapCommittedMb: mb(memory.heapTotal),
      heapUsedMb: mb(memory.heapUsed),
      newSpaceMb: mb(newSpace?.space_size ?? 0),
      externalMb: mb(memory.external),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      gcMs: Math.round(gcMs),
      runQueueMs: Math.round(runQueueNs() / 1e6),
    };
    delay.reset();
    process.stdout.write(`stats ${JSON.stringify(line)}\n`);
  }, 1000).unref();

  // `ready` once the server answers (seeding the demo catalogue first, the first time, takes minutes).
  const url = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "3000"}`;
  let announced = false;
  const waitReady = setInterval(() => {
    fetch(`${url}/readyz`).then(
      (response) => {
        if (response.status !== 200 || announced) return;
        announced = true;
        clearInterval(waitReady);
        process.stdout.write(`ready ${url}\n`);
      },
      () => undefined,
    );
  }, 200);
  waitReady.unref();

  const allocationProfile = process.env.BENCH_ALLOCATION_PROFILE;
  if (allocationProfile) {
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
}

if (process.env.BENCH_SERVER_STATS === "1") await sample();
