/**
 * `/metrics` in the Prometheus text format (prom-client), opened by `METRICS_TOKEN` as a bearer
 * token (unset: 404, so nothing about the process leaks on a public port). Carries the process's
 * default metrics (RSS, heap, event-loop delay, GC) and, with read replicas (ADR 058), which server
 * answered how many statements, each replica's state and its replay lag in bytes.
 */
import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import type { RoutingPool } from "./db/replicas.ts";

/** A registry with the default metrics and the replica gauges read from `routing` at each scrape. */
export function createMetricsRegistry(routing: RoutingPool | undefined): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "postavka_" });
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
export function mountMetrics(app: Hono<any>, token: string | undefined, routing: RoutingPool | undefined): void {
  if (!token) return;
  const registry = createMetricsRegistry(routing);
  app.get("/metrics", async (c) => {
    const given = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
    if (!sameToken(given, token)) return c.text("Not Found", 404);
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });
}
