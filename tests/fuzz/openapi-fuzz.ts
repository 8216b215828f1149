/**
 * Hostile-input fuzzer over every operation of the generated OpenAPI documents (issue 16 §3):
 * the public one (`/api/openapi.json`) and the staff-only admin one (`/app/admin/openapi.json`),
 * read in-process from the API app under test, so a new operation is fuzzed without listing it.
 *
 * For each operation fast-check generates requests — path parameters (fixture ids and odd ones:
 * 0, -1, 2^53, `abc`, `%00`, `../`), query strings (schema values, hostile values, unknown and
 * repeated keys), bodies (schema-shaped, schema-shaped with a part broken, garbage, wrong content
 * types; multipart forms with random bytes) — sent as an anonymous visitor, as the owner of a
 * company with a product (so authorization passes and validation runs), or as a site
 * administrator. Properties of every answer:
 * 1. the status is below 500;
 * 2. a 4xx body is the one error envelope (contract/errors.ts `ErrorEnvelopeSchema`, no other
 *    keys), its code one of the contract's and the status that code's;
 * 3. a refused (4xx) request wrote nothing (`snapshot`/`writesSince` below).
 *
 * "Wrote nothing" is checked with PostgreSQL's transaction ids, on both engines: a write commits
 * under a new xid, so if the next xid (`pg_snapshot_xmax`) did not move, nothing was written at
 * all; if it moved (another database on a shared PostgreSQL server, or our bookkeeping), every
 * table of `public` and `pgboss` is searched for rows whose `xmin` is that new (inserted or
 * updated) and its row count compared (deleted). BOOKKEEPING lists what a refusal may write by
 * design and is left out.
 */
import fc from "fast-check";
import { ERRORS, ErrorEnvelopeSchema } from "#contract/errors.ts";
import { z } from "zod";
import type { TestApi } from "../support/api.ts";
import { call, createUser, pngPicture, type TestUser } from "../support/profile.ts";
import { hostileText, mutatedOf, textOf, valueOf, type Components, type JsonSchema } from "./schema-arbitrary.ts";

/**
 * Tables a refused request may write by design (the fuzzer's "nothing written" ignores them):
 * - `rate_limits`: every attempt counts, refused or not (sign-in codes, the page reader, uploads);
 * - `auth_codes`: a wrong code uses up one of the code's attempts (`invalid_code`, attemptsLeft);
 * - `signing_keys`: the key ring is created or rotated on first use, whatever the request;
 * - `admin_audit_log` rows of entity `user`: the security events of an account (a wrong sign-in
 *   or contact code, security review F24) — any other audit row of a refusal is a failure.
 * And in pg-boss's schema, `pgboss.version`: the queue's own supervisor stamps its maintenance and
 * cron times there on a timer, whatever the requests do (seen as a failure on a loaded machine).
 */
export const BOOKKEEPING = ["rate_limits", "auth_codes", "signing_keys"] as const;
const QUEUE_BOOKKEEPING = ["pgboss.version"] as const;

type Method = "get" | "post" | "put" | "patch" | "delete";
type Caller = "anonymous" | "owner" | "admin";

export interface Operation {
  doc: "public" | "admin";
  method: Method;
  path: string;
  operationId: string;
  secured: boolean;
  parameters: { name: string; in: "path" | "query"; schema: JsonSchema }[];
  body?: { json?: JsonSchema; multipart?: JsonSchema };
}

interface Fixtures {
  owner: TestUser;
  admin: TestUser;
  /** A second company whose user and records the admin acts on (so the owner is never blocked). */
  victim: TestUser;
  ids: Record<string, number[]>;
}

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | null; text: string }
  | { kind: "form"; fields: [string, string][]; file?: { bytes: Uint8Array; name: string; type: string } };

interface Case {
  caller: Caller;
  params: Record<string, string>;
  query: string;
  body: Body;
  ip: string;
}

export interface OperationResult {
  operation: string;
  cases: number;
  statuses: Record<string, number>;
  ms: number;
  failure?: string;
}

/** The operations of both documents (the admin one read as a site administrator). */
export async function loadOperations(api: TestApi, admin: TestUser): Promise<{ operations: Operation[]; components: Components }> {
  const pub = await call(api, "GET", "/api/openapi.json");
  const adm = await admin.get("/app/admin/openapi.json");
  if (pub.status !== 200 || adm.status !== 200) throw new Error(`OpenAPI documents: ${pub.status}, ${adm.status}`);
  const components: Components = { ...pub.body.components?.schemas, ...adm.body.components?.schemas };
  const operations: Operation[] = [];
  for (const [doc, document] of [
    ["public", pub.body],
    ["admin", adm.body],
  ] as const) {
    for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const content = op.requestBody?.content ?? {};
        operations.push({
          doc,
          method: method as Method,
          path,
          operationId: op.operationId,
          secured: Boolean(op.security?.length),
          parameters: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, schema: p.schema ?? {} })),
          body: op.requestBody
            ? { json: content["application/json"]?.schema, multipart: content["multipart/form-data"]?.schema }
            : undefined,
        });
      }
    }
  }
  return { operations, components };
}

/** Users, a company with a product, an upload, a buying request and a conversation to aim valid ids at. */
export async function createFixtures(api: TestApi): Promise<Fixtures> {
  const owner = await createUser(api, "fuzz-owner");
  const victim = await createUser(api, "fuzz-victim");
  const admin = await createUser(api, "fuzz-admin", { role: "ADMIN" });
  const ids: Record<string, number[]> = {};
  const add = (key: string, value: unknown) => {
    if (typeof value === "number") (ids[key] ??= []).push(value);
  };
  for (const [user, label] of [
    [owner, "Фазз"],
    [victim, "Жертва"],
  ] as const) {
    const company = await user.post("/api/profile/company", { name: { ru: `ООО «${label}»` }, country: "RU" });
    add(user === owner ? "company" : "victimCompany", company.body?.data?.id);
    const product = await user.post("/api/profile/company/products", { name: { ru: `${label}-товар` } });
    add(user === owner ? "product" : "victimProduct", product.body?.data?.id);
  }
  const members = await owner.get("/api/profile/company/employees");
  add("member", members.body?.data?.[0]?.id);
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await pngPicture(32, 32))], "fuzz.png", { type: "image/png" }));
  const upload = await owner.post("/api/files/common", form);
  add("file", upload.body?.data?.id);
  const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const rfq = await owner.post("/api/profile/rfq", {
    title: "Трубы стальные",
    description: "Нужны трубы по ГОСТ 8732-78",
    lang: "ru",
    tnvedCode: "7304",
    quantity: "12.5",
    unit: "t",
    incoterms: "DAP",
    destinationCountry: "RU",
    destinationCity: "Екатеринбург",
    deadline,
    visibility: "private",
  });
  add("rfq", rfq.body?.data?.id);
  // Staff-owned records the admin operations may change or delete (never other tests' rows).
  for (const [key, url, body] of [
    ["category", "/app/admin/categories", { name: { ru: "Фазз-категория" }, slug: `fuzz-${process.pid}-${Date.now()}` }],
    ["serviceType", "/app/admin/service-types", { name: { ru: "Фазз-услуга" } }],
    ["tag", "/app/admin/tags", { name: { ru: `фазз-${process.pid}-${Date.now()}` } }],
    ["story", "/app/admin/stories", { title: { ru: "Фазз-новость" }, body: { ru: "Текст" } }],
  ] as const) {
    const created = await admin.post(url, body);
    add(key, created.body?.data?.id);
  }
  return { owner, admin, victim, ids };
}

/**
 * Keeps the owner and the admin able to pass authorization: a fuzzed request may have deleted the product, left
 * or deleted the company, or ended the sessions; the next operation then gets fresh ones.
 */
export async function refreshOwner(api: TestApi, fx: Fixtures): Promise<void> {
  // The admin may have signed themself out everywhere (`/app/admin/users/{id}/sign-out`).
  if ((await fx.admin.get("/app/admin/me")).status !== 200) fx.admin = await createUser(api, "fuzz-admin", { role: "ADMIN" });
  const company = await fx.owner.get("/api/profile/company");
  if (company.status !== 200 || company.body?.data?.status === "blocked") {
    fx.owner = await createUser(api, "fuzz-owner");
    const created = await fx.owner.post("/api/profile/company", { name: { ru: "ООО «Фазз-2»" }, country: "RU" });
    if (typeof created.body?.data?.id === "number") fx.ids.company = [created.body.data.id];
    fx.ids.product = [];
    const members = await fx.owner.get("/api/profile/company/employees");
    fx.ids.member = typeof members.body?.data?.[0]?.id === "number" ? [members.body.data[0].id] : [];
  }
  const productId = fx.ids.product?.[0];
  const product = productId ? await fx.owner.get(`/api/profile/company/products/${productId}`) : null;
  if (product?.status !== 200) {
    const created = await fx.owner.post("/api/profile/company/products", { name: { ru: "Фазз-товар" } });
    fx.ids.product = typeof created.body?.data?.id === "number" ? [created.body.data.id] : [];
  }
}

/** Removes what the admin fixtures created (users and companies go with cleanupProfileData). */
export async function removeFixtures(api: TestApi, fixtures: Fixtures): Promise<void> {
  for (const [key, url] of [
    ["category", "/app/admin/categories"],
    ["serviceType", "/app/admin/service-types"],
    ["tag", "/app/admin/tags"],
    ["story", "/app/admin/stories"],
  ] as const) {
    for (const id of fixtures.ids[key] ?? []) await fixtures.admin.delete(`${url}/${id}`);
  }
}

const ODD_SEGMENTS = [
  "0",
  "-1",
  "9007199254740992",
  "2147483648",
  "1.5",
  "1e3",
  "abc",
  "%00",
  "..%2F..",
  "../",
  "%2e%2e",
  "NaN",
  "%",
  "%zz",
  " 1",
  "0x1F",
  "null",
];

/** Valid ids for a path parameter, by where it appears (admin operations only get fixture ids). */
function fixtureIds(op: Operation, name: string, fx: Fixtures): number[] {
  const { ids } = fx;
  const p = op.path;
  if (op.doc === "admin") {
    if (p.startsWith("/app/admin/users/")) return [fx.victim.id, fx.admin.id];
    if (p.startsWith("/app/admin/companies/") || p.startsWith("/app/admin/moderation/"))
      return [...(ids.victimCompany ?? []), ...(ids.victimProduct ?? [])];
    if (p.startsWith("/app/admin/categories/")) return ids.category ?? [];
    if (p.startsWith("/app/admin/service-types/")) return ids.serviceType ?? [];
    if (p.startsWith("/app/admin/tags/")) return ids.tag ?? [];
    if (p.startsWith("/app/admin/stories/")) return ids.story ?? [];
    return [];
  }
  if (name === "fileId") return ids.file ?? [];
  if (name === "productId") return [...(ids.product ?? []), ...(ids.victimProduct ?? [])];
  if (p.includes("/products/")) return [...(ids.product ?? []), ...(ids.victimProduct ?? [])];
  if (p.includes("/companies/")) return [...(ids.company ?? []), ...(ids.victimCompany ?? [])];
  if (p.includes("/employees/")) return ids.member ?? [];
  if (p.includes("/files/")) return ids.file ?? [];
  if (p.includes("/rfq/")) return ids.rfq ?? [];
  return Object.values(ids).flat();
}

function paramArbitrary(op: Operation, param: Operation["parameters"][number], fx: Fixtures, components: Components): fc.Arbitrary<string> {
  const valid = fixtureIds(op, param.name, fx);
  const isInteger = param.schema.type === "integer" || param.schema.type === "number";
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...ODD_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
  ];
  if (valid.length) choices.push({ weight: 6, arbitrary: fc.constantFrom(...valid).map(String) });
  // Random ids in range could hit another test's row: only the admin's are kept to fixtures.
  if (!(op.doc === "admin" && isInteger)) choices.push({ weight: 2, arbitrary: textOf(param.schema, components).map(encodeURIComponent) });
  return fc.oneof(...choices);
}

function queryArbitrary(op: Operation, components: Components): fc.Arbitrary<string> {
  const declared = op.parameters.filter((p) => p.in === "query");
  const pair = fc.oneof(
    ...(declared.length ? [{ weight: 6, arbitrary: fc.tuple(fc.constantFrom(...declared.map((d) => d.name)), fc.constant(null)) }] : []),
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constant(null)) },
  );
  // Mostly values of the parameter's schema: a refused query hides what the body's validation does.
  const valueFor = new Map(declared.map((d) => [d.name, textOf(d.schema, components, 1)]));
  return fc
    .array(
      pair.chain(([key]) => fc.tuple(fc.constant(key), valueFor.get(key) ?? hostileText)),
      { maxLength: 4 },
    )
    .chain((pairs) =>
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")) },
        { weight: 1, arbitrary: fc.constantFrom("%", "a=%zz", "&&&=", "page=1&page=2", "lang[]=ru", "q=%00", "=", "a".repeat(9000)) },
      ),
    );
}

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/json; charset=koi8-r",
  "application/xml",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  null,
];

function garbageText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.constantFrom("{", "[", '{"a":', "\u0000", '{"a":1}{"b":2}', "[".repeat(5000), '{"x":'.repeat(2000), "x".repeat(70_000), "\ufeff{}"),
  );
}

function formFieldsOf(schema: JsonSchema | undefined, components: Components): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(schema?.properties ?? {}).filter((n) => schema!.properties[n].format !== "binary");
  const known = names.length
    ? fc.array(
        fc.constantFrom(...names).chain((n) => fc.tuple(fc.constant(n), textOf(schema!.properties[n], components))),
        { maxLength: 5 },
      )
    : fc.constant([] as [string, string][]);
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })), { maxLength: 2 });
  return fc.tuple(known, extra).map(([a, b]) => [...a, ...b]);
}

function bodyArbitrary(op: Operation, components: Components, png: Uint8Array): fc.Arbitrary<Body> {
  const choices: fc.WeightedArbitrary<Body>[] = [
    { weight: 1, arbitrary: fc.constant({ kind: "none" }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(garbageText(), fc.constantFrom(...CONTENT_TYPES, "application/json"))
        .map(([text, contentType]) => ({ kind: "raw", contentType, text })),
    },
  ];
  const json = op.body?.json;
  if (json) {
    choices.push({ weight: 4, arbitrary: valueOf(json, components).map((value) => ({ kind: "json", value })) });
    choices.push({ weight: 5, arbitrary: mutatedOf(json, components).map((value) => ({ kind: "json", value })) });
  } else if (op.method !== "get") {
    choices.push({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: "json", value })) });
  }
  if (op.body?.multipart || op.method !== "get") {
    const file = fc.oneof(
      fc.constant(undefined),
      fc.record({
        bytes: fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.constant(png), fc.constant(new Uint8Array())),
        name: fc.oneof(fc.constantFrom("a.png", "../../x.pdf", "", "файл.xlsx", "a.exe", "a.svg"), fc.string({ maxLength: 20 })),
        type: fc.constantFrom("image/png", "application/pdf", "text/html", "", "application/octet-stream", "image/svg+xml"),
      }),
    );
    choices.push({
      weight: op.body?.multipart ? 6 : 1,
      arbitrary: fc.tuple(formFieldsOf(op.body?.multipart, components), file).map(([fields, f]) => ({ kind: "form", fields, file: f })),
    });
  }
  return fc.oneof(...choices);
}

function callerArbitrary(op: Operation): fc.Arbitrary<Caller> {
  if (op.doc === "admin")
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant("admin" as const) },
      { weight: 1, arbitrary: fc.constantFrom("anonymous" as const, "owner" as const) },
    );
  if (op.secured)
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant("owner" as const) },
      { weight: 1, arbitrary: fc.constantFrom("anonymous" as const, "admin" as const) },
    );
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant("anonymous" as const) },
    { weight: 4, arbitrary: fc.constant("owner" as const) },
    { weight: 1, arbitrary: fc.constant("admin" as const) },
  );
}

/** The arbitrary of one operation's requests. */
export function caseArbitrary(op: Operation, fx: Fixtures, components: Components, png: Uint8Array): fc.Arbitrary<Case> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const params = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, paramArbitrary(op, p, fx, components)])));
  // A GET cannot carry a body (fetch refuses to send one); a DELETE rarely does.
  const body =
    op.method === "get"
      ? fc.constant<Body>({ kind: "none" })
      : op.method === "delete"
        ? fc.oneof(
            { weight: 9, arbitrary: fc.constant<Body>({ kind: "none" }) },
            { weight: 1, arbitrary: bodyArbitrary(op, components, png) },
          )
        : bodyArbitrary(op, components, png);
  return fc.record({
    caller: callerArbitrary(op),
    params,
    query: queryArbitrary(op, components),
    body,
    ip: fc.oneof(fc.ipV4(), fc.ipV6()),
  });
}

/** The URL of `c` for `op` (path parameters are inserted as generated: already encoded, or odd on purpose). */
export function urlOf(op: Operation, c: Case): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => c.params[name] ?? "");
  return c.query ? `${path}?${c.query}` : path;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Sends `c` to the app, as its caller. */
export async function send(api: TestApi, fx: Fixtures, op: Operation, c: Case): Promise<Answer> {
  const headers: Record<string, string> = { "x-client-ip": c.ip };
  const token = c.caller === "owner" ? fx.owner.token : c.caller === "admin" ? fx.admin.token : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  switch (c.body.kind) {
    case "json":
      headers["content-type"] = "application/json";
      body = JSON.stringify(c.body.value) ?? "null";
      break;
    case "raw":
      if (c.body.contentType) headers["content-type"] = c.body.contentType;
      body = c.body.text;
      break;
    case "form": {
      const form = new FormData();
      for (const [k, v] of c.body.fields) form.append(k, v);
      if (c.body.file) form.set("file", new File([Buffer.from(c.body.file.bytes)], c.body.file.name, { type: c.body.file.type }));
      body = form;
      break;
    }
  }
  let url = urlOf(op, c);
  // A URL the WHATWG parser rejects never reaches a server; `request` would throw before sending.
  try {
    new URL(url, "http://localhost");
  } catch {
    url = url.replace(/%(?![0-9a-f]{2})/gi, "%25");
  }
  const response = await api.app.request(url, { method: op.method.toUpperCase(), headers, body });
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
}

/**
 * The error envelope with no key besides its own — except `errors`, the per-field codes in Conform's
 * shape that the employee invitation form adds beside it (server/api/app-employees.ts `formRefusal`).
 */
const StrictEnvelope = z
  .object({ error: ErrorEnvelopeSchema.shape.error.strict(), errors: z.record(z.string(), z.array(z.string())).optional() })
  .strict();

/** Why `answer` breaks properties 1–2, or null. */
export function envelopeProblem(answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `${answer.status} with a body that is not JSON (${answer.contentType}): ${answer.text.slice(0, 200)}`;
  }
  const envelope = StrictEnvelope.safeParse(parsed);
  if (!envelope.success) return `${answer.status} outside the error envelope: ${answer.text.slice(0, 300)}`;
  const code = envelope.data.error.code as keyof typeof ERRORS;
  if (!(code in ERRORS)) return `${answer.status} with code ${code}, not in contract/errors.ts`;
  if (ERRORS[code][0] !== answer.status) return `code ${code} answered with ${answer.status}, the contract says ${ERRORS[code][0]}`;
  return null;
}

/* ───────────── "nothing written" ───────────── */

export interface Snapshot {
  xmax: bigint;
  counts: Map<string, number>;
}

export interface Writer {
  tables: string[];
  snapshot(): Promise<Snapshot>;
  /** Tables (besides BOOKKEEPING) with rows written or removed since `before`. */
  writesSince(before: Snapshot): Promise<string[]>;
}

/** Tables of `public` and `pgboss` whose rows count, with the queries to watch them. */
export async function createWriter(api: TestApi): Promise<Writer> {
  const pool = api.database.pool;
  const { rows } = await pool.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname in ('public', 'pgboss') and tablename not like '\\_\\_%' order by 1`,
  );
  const tables = rows
    .map((r) => r.name)
    .filter((t) => !BOOKKEEPING.some((b) => t === `public.${b}`) && !(QUEUE_BOOKKEEPING as readonly string[]).includes(t));
  // Reference data (classifiers, tariff) is large and never written by a request: xmin only.
  const counted = tables.filter((t) => !/okved_codes|tnved_codes|classifier_|catalog_terms|tariff_rates|regions/.test(t));
  const countSql = counted.map((t) => `select '${t}' as t, count(*)::int as n from ${t}`).join(" union all ");
  const xmaxSql = "select pg_snapshot_xmax(pg_current_snapshot())::text as x";
  return {
    tables,
    async snapshot() {
      const [x, counts] = await Promise.all([pool.query<{ x: string }>(xmaxSql), pool.query<{ t: string; n: number }>(countSql)]);
      return { xmax: BigInt(x.rows[0]!.x), counts: new Map(counts.rows.map((r) => [r.t, r.n])) };
    },
    async writesSince(before) {
      const now = BigInt((await pool.query<{ x: string }>(xmaxSql)).rows[0]!.x);
      if (now === before.xmax) return [];
      const changed: string[] = [];
      const counts = (await pool.query<{ t: string; n: number }>(countSql)).rows;
      for (const { t, n } of counts) if (before.counts.get(t) !== n) changed.push(`${t} (${before.counts.get(t)} → ${n} rows)`);
      // xid → its 32-bit number; a fresh test database has no wraparound epoch to mind.
      const since = Number(before.xmax % 2n ** 32n);
      const fresh = tables
        .map((t) => {
          const extra = t === "public.admin_audit_log" ? " and entity_type <> 'user'" : "";
          return `select '${t}' as t from (select 1 from ${t} where xmin::text::bigint >= ${since}${extra} limit 1) x`;
        })
        .join(" union all ");
      for (const { t } of (await pool.query<{ t: string }>(fresh)).rows) changed.push(`${t} (rows inserted or updated)`);
      return changed;
    },
  };
}

/* ───────────── the run ───────────── */

export interface RunOptions {
  /** Requests in all, shared evenly by the operations (at least 1 each). */
  cases: number;
  seed: number;
  /** Only operations whose `METHOD /path` matches. */
  filter?: RegExp;
  /** Called after each operation (progress). */
  log?: (line: string) => void;
  /** Time a failing operation may spend on its runs and shrinking (default 30 s). */
  shrinkMs?: number;
}

/** Describes a case for a failure report (the shrunk counterexample). */
function describeCase(op: Operation, c: Case): string {
  const body =
    c.body.kind === "json"
      ? `json ${JSON.stringify(c.body.value)?.slice(0, 400)}`
      : c.body.kind === "raw"
        ? `raw (${c.body.contentType}) ${JSON.stringify(c.body.text.slice(0, 200))}`
        : c.body.kind === "form"
          ? `form ${JSON.stringify(c.body.fields).slice(0, 300)}${c.body.file ? ` + file ${JSON.stringify(c.body.file.name)} ${c.body.file.type} ${c.body.file.bytes.length} B` : ""}`
          : "no body";
  return `${op.method.toUpperCase()} ${urlOf(op, c).slice(0, 300)} as ${c.caller}, ${body}`;
}

/** Fuzzes every operation; returns one result per operation (a failure carries the shrunk case). */
export async function fuzzOperations(
  api: TestApi,
  fx: Fixtures,
  operations: Operation[],
  components: Components,
  options: RunOptions,
): Promise<OperationResult[]> {
  const writer = await createWriter(api);
  const png = new Uint8Array(await pngPicture(16, 16));
  const selected = operations.filter((op) => !options.filter || options.filter.test(`${op.method.toUpperCase()} ${op.path}`));
  const perOperation = Math.max(1, Math.ceil(options.cases / selected.length));
  const results: OperationResult[] = [];
  for (const [index, op] of selected.entries()) {
    const label = `${op.method.toUpperCase()} ${op.path}`;
    await refreshOwner(api, fx);
    const statuses: Record<string, number> = {};
    let cases = 0;
    let firstFailure: string | undefined;
    const property = fc.asyncProperty(caseArbitrary(op, fx, components, png), async (c) => {
      const before = await writer.snapshot();
      const answer = await send(api, fx, op, c);
      cases += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      let problem = envelopeProblem(answer);
      if (!problem && answer.status >= 400) {
        const written = await writer.writesSince(before);
        if (written.length) problem = `refused with ${answer.status} ${answer.text.slice(0, 160)} yet wrote: ${written.join(", ")}`;
      }
      if (problem) {
        // Kept before shrinking: a failure that breaks the database (a reset connection) shrinks to noise.
        firstFailure ??= `${problem}\n    first case: ${describeCase(op, c)}`;
        throw new Error(problem);
      }
    });
    const started = performance.now();
    // Shrinking a failure is bounded in time: a 70 KB string shrinks slowly, and the report needs a case, not the smallest.
    const details = await fc.check(property, {
      numRuns: perOperation,
      seed: options.seed + index,
      interruptAfterTimeLimit: options.shrinkMs ?? 30_000,
    });
    const result: OperationResult = { operation: label, cases, statuses, ms: performance.now() - started };
    if (details.failed) {
      const example = details.counterexample?.[0] as Case | undefined;
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      result.failure = `${firstFailure ?? ""}\n    shrunk: ${error}\n    shrunk case: ${example ? describeCase(op, example) : "?"}\n    seed ${details.seed}, path ${details.counterexamplePath}`;
    }
    results.push(result);
    options.log?.(
      `${result.failure ? "FAIL" : "ok  "} ${String(cases).padStart(5)} ${String(Math.round(result.ms)).padStart(6)} ms  ${label}  ${Object.entries(
        statuses,
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}${result.failure ? `\n    ${result.failure}` : ""}`,
    );
  }
  return results;
}
