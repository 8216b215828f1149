/**
 * nginx (Debian's package) in front of server processes, for the production-topology e2e run
 * (tests/e2e/proxy.spec.ts) and the replicas benchmark (bench/replicas.ts): a config under `tmp`
 * that keeps every file nginx writes (pid, logs, temp bodies) inside it, so it runs unprivileged or
 * as root without touching /var. The proxy headers are the ones docs/deploy.md's config sets.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";

export interface NginxOptions {
  /** The folder for the config, pid, logs and temp files. */
  tmp: string;
  /** Port nginx listens on, on 127.0.0.1. */
  port: number;
  /** Ports of the server processes (127.0.0.1), balanced round-robin. */
  upstream: readonly number[];
  /** Upstream keep-alive connections per worker (0: none, a new connection per request). */
  keepalive?: number;
  /**
   * Retry the next process when one refuses, times out or sheds the request with a 503
   * (`proxy_next_upstream error timeout http_503`; ADR 065), never marking it failed: a process that
   * sheds a burst is busy, not down. nginx never retries a POST (non-idempotent) this way.
   */
  failover?: boolean;
  /** `client_max_body_size` (default nginx's 1m). */
  maxBodySize?: string;
  workerConnections?: number;
}

/** Writes `<tmp>/nginx.conf` and answers its path (start it with `nginx -p <tmp> -c <path>`). */
export function writeNginxConf(options: NginxOptions): string {
  const { tmp, port, upstream, keepalive = 0, failover = false } = options;
  const conf = path.join(tmp, "nginx.conf");
  const servers = upstream.map((p) => `server 127.0.0.1:${p}${failover ? " max_fails=0" : ""};`).join(" ");
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections ${options.workerConnections ?? 256}; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
${options.maxBodySize ? `  client_max_body_size ${options.maxBodySize};\n` : ""}  upstream postavka { ${servers}${keepalive > 0 ? ` keepalive ${keepalive};` : ""} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://postavka;
      proxy_http_version 1.1;
${keepalive > 0 ? '      proxy_set_header Connection "";\n' : ""}      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
${failover ? "      proxy_next_upstream error timeout http_503;\n" : ""}    }
  }
}
`,
  );
  return conf;
}
