/**
 * Hostile form posts to every route action of the web tier (issue 16 §3): the routes of
 * app/routes.ts whose module exports `action`, posted through the process's own HTTP app
 * (server/http.ts `createServerApp`) over the API under test, with the web tier loaded by Vite in
 * development mode (`virtual:react-router/server-build`, as `npm run dev` does), so no production
 * build is needed. Field names are the ones the route's module mentions (`name="…"`, `.get("…")`,
 * `intent` values) plus random ones; values are schema-free hostile text; bodies are multipart or
 * URL-encoded, sometimes with a file or as raw garbage. Sent anonymously, as the fixture owner
 * (profile pages) or as the administrator (admin pages), each with the session cookie. Property:
 * the status is below 500 (a redirect, a 4xx or a 200 with errors are all fine).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createLogger } from "#server/logger.ts";
import { createServerApp } from "#server/http.ts";
import type { TestApi } from "../support/api.ts";
import type { TestUser } from "../support/profile.ts";
import { hostileValue } from "./schema-arbitrary.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface FormRoute {
  /** URL pattern as app/routes.ts spells it (`profile/product/:id`), under the optional language. */
  pattern: string;
  file: string;
  index: boolean;
  fields: string[];
  intents: string[];
}

interface RouteNode {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteNode[];
}

/** Every route whose module exports an action, with the field names and intents its source mentions. */
export async function loadFormRoutes(): Promise<FormRoute[]> {
  const config = (await import(path.join(root, "app/routes.ts"))).default as RouteNode[];
  const out: FormRoute[] = [];
  const walk = (nodes: RouteNode[], prefix: string) => {
    for (const node of nodes) {
      const here = [prefix, node.path ?? ""].filter(Boolean).join("/");
      const source = readFileSync(path.join(root, "app", node.file), "utf8");
      if (/export\s+(async\s+function|const|function)\s+action\b/.test(source)) {
        const fields = new Set<string>();
        for (const m of source.matchAll(/\bname[=:]\s*["'`]([\w.[\]-]{1,40})["'`]/g)) fields.add(m[1]!);
        for (const m of source.matchAll(/\.get(?:All)?\(\s*["'`]([\w.[\]-]{1,40})["'`]\s*\)/g)) fields.add(m[1]!);
        const intents = new Set<string>();
        for (const m of source.matchAll(/(?:intent|value)\s*[=:]\s*["'`]([\w-]{1,30})["'`]/g)) intents.add(m[1]!);
        for (const m of source.matchAll(/case\s+["'`]([\w-]{1,30})["'`]/g)) intents.add(m[1]!);
        out.push({ pattern: here, file: node.file, index: Boolean(node.index), fields: [...fields], intents: [...intents] });
      }
      if (node.children) walk(node.children, here);
    }
  };
  walk(config, "");
  return out;
}

export interface WebApp {
  fetch: (request: Request) => Response | Promise<Response>;
  close: () => Promise<void>;
}

/** The process's HTTP app over `api`, the web tier from Vite (development mode, no build needed). */
export async function openWebApp(api: TestApi): Promise<WebApp> {
  const { createServer } = await import("vite");
  const vite: ViteDevServer = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  const logger = createLogger({ level: "silent" });
  const app = createServerApp({
    api: api.app,
    database: api.database,
    logger,
    mode: "development",
    getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    publicUrl: "http://localhost",
  });
  // The first request compiles the server build; on a loaded machine that alone can outlast a route's
  // 30 s fuzzing budget, which fast-check then reports as a failure with no case. Pay it here, untimed.
  await (await app.fetch(new Request("http://localhost/"))).text();
  return { fetch: (request) => app.fetch(request), close: () => vite.close() };
}

interface FormCase {
  caller: "anonymous" | "owner" | "admin";
  lang: string;
  params: Record<string, string>;
  body:
    | { kind: "form"; fields: [string, string][]; file?: { bytes: Uint8Array; name: string } }
    | { kind: "urlencoded"; fields: [string, string][] }
    | { kind: "raw"; contentType: string; text: string };
}

const ODD = ["0", "-1", "9007199254740992", "abc", "%00", "..%2F", "%2e%2e", "1.5", "NaN"];

function formCase(route: FormRoute, ids: string[]): fc.Arbitrary<FormCase> {
  const params = [...route.pattern.matchAll(/:(\w+)(?!\?)\b/g)].map((m) => m[1]!).filter((p) => p !== "lang");
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...route.intents, ...ids, "ru", "en", "RUB", "1", "on", "true", "owner", "a@b.ru", "+79161234567"),
    },
  );
  const name = fc.oneof(
    ...(route.fields.length ? [{ weight: 5, arbitrary: fc.constantFrom(...route.fields) }] : []),
    { weight: 2, arbitrary: fc.constantFrom("intent", "id", "name.ru", "redirectTo", "returnTo", "lang") },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const fields = fc.array(fc.tuple(name, value), { maxLength: 10 });
  return fc.record({
    caller: route.pattern.startsWith("admin")
      ? fc.oneof(
          { weight: 6, arbitrary: fc.constant("admin" as const) },
          { weight: 1, arbitrary: fc.constantFrom("anonymous" as const, "owner" as const) },
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant("owner" as const) },
          { weight: 2, arbitrary: fc.constant("anonymous" as const) },
          { weight: 1, arbitrary: fc.constant("admin" as const) },
        ),
    lang: fc.constantFrom("", "en", "zh"),
    params: fc.record(
      Object.fromEntries(
        params.map((p) => [p, fc.oneof(fc.constantFrom(...ids, ...ODD), fc.string({ maxLength: 10 }).map(encodeURIComponent))]),
      ),
    ),
    body: fc.oneof(
      { weight: 4, arbitrary: fields.map((f) => ({ kind: "urlencoded" as const, fields: f })) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            fields,
            fc.option(fc.record({ bytes: fc.uint8Array({ maxLength: 1024 }), name: fc.constantFrom("a.png", "x.csv", "", "../a.pdf") })),
          )
          .map(([f, file]) => ({ kind: "form" as const, fields: f, file: file ?? undefined })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.string({ maxLength: 200 }),
            fc.constantFrom(
              "multipart/form-data",
              "multipart/form-data; boundary=zz",
              "application/json",
              "text/plain",
              "application/x-www-form-urlencoded",
            ),
          )
          .map(([text, contentType]) => ({ kind: "raw" as const, contentType, text })),
      },
    ),
  });
}

function formUrl(route: FormRoute, c: FormCase): string {
  const rest = route.pattern.replace(/^:lang\?\/?/, "").replace(/:(\w+)/g, (_, name: string) => c.params[name] ?? "");
  const p = `/${[c.lang, rest].filter(Boolean).join("/")}`;
  return route.index ? `${p}?index` : p;
}

function requestOf(route: FormRoute, c: FormCase, tokens: Record<"owner" | "admin", string>): Request {
  const headers = new Headers({ origin: "http://localhost", "sec-fetch-site": "same-origin" });
  if (c.caller !== "anonymous") headers.set("cookie", `access=${tokens[c.caller]}`);
  let body: BodyInit;
  if (c.body.kind === "urlencoded") {
    body = new URLSearchParams(c.body.fields);
  } else if (c.body.kind === "form") {
    const form = new FormData();
    for (const [k, v] of c.body.fields) form.append(k, v);
    if (c.body.file) form.set("file", new File([Buffer.from(c.body.file.bytes)], c.body.file.name));
    body = form;
  } else {
    headers.set("content-type", c.body.contentType);
    body = c.body.text;
  }
  let url = formUrl(route, c);
  try {
    new URL(url, "http://localhost");
  } catch {
    url = url.replace(/%(?![0-9a-f]{2})/gi, "%25");
  }
  return new Request(new URL(url, "http://localhost"), { method: "POST", headers, body });
}

export interface FormResult {
  route: string;
  cases: number;
  statuses: Record<string, number>;
  ms: number;
  failure?: string;
}

/** Posts hostile forms to every action route; one result per route. */
export async function fuzzFormActions(
  web: WebApp,
  routes: FormRoute[],
  users: { owner: TestUser; admin: TestUser },
  ids: number[],
  options: { cases: number; seed: number; log?: (line: string) => void },
): Promise<FormResult[]> {
  const perRoute = Math.max(1, Math.ceil(options.cases / routes.length));
  const tokens = { owner: users.owner.token, admin: users.admin.token };
  const results: FormResult[] = [];
  for (const [index, route] of routes.entries()) {
    const statuses: Record<string, number> = {};
    let cases = 0;
    const started = performance.now();
    const property = fc.asyncProperty(formCase(route, ids.map(String)), async (c) => {
      const response = await web.fetch(requestOf(route, c, tokens));
      const text = await response.text();
      cases += 1;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) throw new Error(`status ${response.status}: ${text.replace(/\s+/g, " ").slice(0, 300)}`);
    });
    const details = await fc.check(property, { numRuns: perRoute, seed: options.seed + index, interruptAfterTimeLimit: 30_000 });
    const result: FormResult = { route: `POST /${route.pattern}`, cases, statuses, ms: performance.now() - started };
    if (details.failed) {
      const example = details.counterexample?.[0] as FormCase | undefined;
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      result.failure = `${error}\n    shrunk case: ${example ? `POST ${formUrl(route, example)} as ${example.caller}, ${JSON.stringify(example.body).slice(0, 400)}` : "?"}\n    seed ${details.seed}, path ${details.counterexamplePath}`;
    }
    results.push(result);
    options.log?.(
      `${result.failure ? "FAIL" : "ok  "} ${String(cases).padStart(5)} ${String(Math.round(result.ms)).padStart(6)} ms  ${result.route}  ${Object.entries(
        statuses,
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}${result.failure ? `\n    ${result.failure}` : ""}`,
    );
  }
  return results;
}
