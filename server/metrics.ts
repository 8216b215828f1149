/**
 * `/metrics` in the Prometheus text format (prom-client), opened by `METRICS_TOKEN` as a bearer
 * token (unset: 404, so nothing about the process leaks on a public port). Carries the process's
 * default metrics (RSS, heap, event-loop delay, GC) and, with read replicas (ADR 058), which server
 * answered how many statements, each replica's state and its replay lag in bytes, the load
 * shedder's requests in flight and requests shed (ADR 065), and the anonymous page cache's entries,
 * bytes held and answers by kind — what PAGE_CACHE_MAX_MB is sized from (ADR 070).
 */
import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import type { RoutingPool } from "./db/replicas.ts";
import type { LoadShedder } from "./load-shedding.ts";
import type { PageCache } from "./page-cache.ts";

/**
 * A registry with the default metrics, the load shedder's, the page cache's, and the replica gauges
 * read from `routing` at each scrape.
 */
export function createMetricsRegistry(
  routing: RoutingPool | undefined,
  shedder?: Pick<LoadShedder, "stats">,
  pageCache?: Pick<PageCache, "stats">,
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "postavka_" });
  if (pageCache) {
    new Gauge({
      name: "postavka_page_cache_bytes",
      help: "Bytes the anonymous page cache holds (pages and their deflated pieces), against PAGE_CACHE_MAX_MB",
      registers: [registry],
      collect() {
        this.set(pageCache.stats().bytes);
      },
    });
    new Gauge({
      name: "postavka_page_cache_entries",
      help: "Pages the anonymous page cache holds",
      registers: [registry],
      collect() {
        this.set(pageCache.stats().entries);
      },
    });
    new Counter({
      name: "postavka_page_cache_requests_total",
      help: "Requests the page cache looked at, by answer (hit, stale: served while refreshed, miss: rendered and stored, bypassed: personal or uncacheable)",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        const { hits, stale, misses, bypassed } = pageCache.stats();
        this.reset();
        this.inc({ result: "hit" }, hits);
        this.inc({ result: "stale" }, stale);
        this.inc({ result: "miss" }, misses);
        this.inc({ result: "bypassed" }, bypassed);
      },
    });
  }
  if (shedder) {
    new Gauge({
      name: "postavka_http_requests_in_flight",
      help: "Requests this process is working on (those under the MAX_IN_FLIGHT bound: health checks, metrics and static files excluded)",
      registers: [registry],
      collect() {
        this.set(shedder.stats().inFlight);
      },
    });
    new Counter({
      name: "postavka_http_requests_shed_total",
      help: "Requests answered 503 at once by the load shedder, by rule (in_flight: MAX_IN_FLIGHT; event_loop: MAX_EVENT_LOOP_DELAY_MS)",
      labelNames: ["reason"],
      registers: [registry],
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(shedder.stats().shed)) this.inc({ reason }, n);
      },
    });
  }
  if (!routing) return registry;
  new Counter({
    name: "postavka_db_statements_total",
    help: "Statements answered, by server (primary or a replica's host:port/database)",
    labelNames: ["server"],
    registers: [registry],
    collect() {
      const stats = routing.stats();
      this.reset();
      this.inc({ server: "primary" }, stats.primaryQueries);
      for (const r of stats.replicas) this.inc({ server: r.name }, r.queries);
    },
  });
  new Counter({
    name: "postavka_db_primary_statements_total",
    help: "Statements answered by the primary, by why (write, outside_request, unsafe_method, after_write, no_fresh_replica, marker_ahead, replica_failed)",
    labelNames: ["reason"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, n] of Object.entries(routing.stats().reasons)) this.inc({ reason }, n);
    },
  });
  new Counter({
    name: "postavka_db_replica_fallbacks_total",
    help: "Reads a failing replica handed to the primary",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(routing.stats().fallbacks);
    },
  });
  new Gauge({
    name: "postavka_db_replica_serving",
    help: "1 when the replica is up, in recovery and within the lag bound",
    labelNames: ["server"],
    registers: [registry],
    collect() {
      for (const r of routing.stats().replicas) this.set({ server: r.name }, r.fresh ? 1 : 0);
    },
  });
  new Gauge({
    name: "postavka_db_replica_lag_bytes",
    help: "WAL bytes the replica's replay is behind the primary at the last check",
    labelNames: ["server"],
    registers: [registry],
    collect() {
      for (const r of routing.stats().replicas) if (r.lagBytes !== null) this.set({ server: r.name }, r.lagBytes);
    },
  });
  return registry;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Mounts GET /metrics on `app` when a token is configured. */
export function mountMetrics(
  app: Hono<any>,
  token: string | undefined,
  routing: RoutingPool | undefined,
  shedder?: Pick<LoadShedder, "stats">,
  pageCache?: Pick<PageCache, "stats">,
): void {
  if (!token) return;
  const registry = createMetricsRegistry(routing, shedder, pageCache);
  app.get("/metrics", async (c) => {
    const given = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
    if (!sameToken(given, token)) return c.text("Not Found", 404);
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });
}
