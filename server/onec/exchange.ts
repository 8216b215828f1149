/**
 * The "1C ↔ site" exchange endpoint (issue 29 §2, ADR 054), as 1C sends it (PROTOCOL.md):
 * `GET|POST /api/1c/exchange?type=catalog|sale&mode=checkauth|init|file|import|query|success|deactivate|complete`
 * (also at `/bitrix/admin/1c_exchange.php`, the path 1C's Bitrix module fills in by default).
 *
 * Answers are short plain-text bodies, lines separated by `\n`, in windows-1251 (`text/plain;
 * charset=windows-1251`, as Bitrix answers; the status words are ASCII), always HTTP 200 — 1C
 * reads the first line, not the status, and shows a `failure`'s next line to its user, so a refusal
 * is `failure\n<reason in the key person's language>` (messages.ts), never a 500:
 * - `checkauth`: Basic auth with an API key as the password (sessions.ts) → `success`, the cookie
 *   name, its value, `sessid=…` and (catalog) `timestamp=…`; later calls send `Cookie:` and may
 *   append `sessid=…`.
 * - `init`: clears the session's files → `zip=yes`, `file_limit=<bytes>` (for `sale` with a
 *   `version`, also `sessid=…` and `version=2.08`: the "new" protocol, where `file` only stores).
 * - `file&filename=…`: the raw body appended to that file (limits.ts) → `success`. In `sale` under the
 *   old protocol (no version) the file is imported at once as well.
 * - `import&filename=…`: the first call starts the `onec-import` job (job.ts) → `progress`; later
 *   calls answer `progress` while it works, then `success` with the report's summary, or `failure`.
 * - `query` (sale): the orders document (orders.ts), `application/xml; charset=windows-1251`.
 * - `success` (sale): 1C took the orders → the watermark moves.
 * - `info` (sale): the order statuses (and empty payment and delivery lists) as 1C-Bitrix's
 *   «Справочник», `application/xml; charset=windows-1251`, for 1C to map them (orders.ts).
 * - `deactivate`, `complete` (catalog, Bitrix modules): `success` (a full export's missing
 *   products are hidden by the import itself).
 * File uploads, import starts and order confirmations are written to the company's audit trail.
 */
import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import iconv from "iconv-lite";
import type { Lang } from "#contract/lang-schemas.ts";
import { onecImports, onecSessions, type OnecExchangeType } from "../db/schema.ts";
import type { ApiEnv } from "../api/env.ts";
import { ONEC_IMPORT_JOB } from "./job.ts";
import { EXCHANGE_LIMITS, safeName } from "./limits.ts";
import { answerText, catalogAnswer, ExchangeFailure, failureOf, failureText } from "./messages.ts";
import { confirmOrders, directoriesDocument, ordersDocument } from "./orders.ts";
import { appendChunk, auditStep, clearFiles, COOKIE_NAME, hasFile, openSession, sessionOf, type ExchangeSession } from "./sessions.ts";

/** The exchange's own path and the alias 1C's Bitrix module suggests. */
export const EXCHANGE_PATHS = ["/api/1c/exchange", "/bitrix/admin/1c_exchange.php"] as const;

function text(lines: string[], status = 200): Response {
  return new Response(new Uint8Array(iconv.encode(lines.join("\n"), "win1251")), {
    status,
    headers: { "content-type": "text/plain; charset=windows-1251" },
  });
}

/** The request body, refused past `max` bytes as it streams in. */
async function bodyOf(c: Context, max: number): Promise<Uint8Array> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > max) throw new ExchangeFailure("post_too_large", { max });
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of body as unknown as AsyncIterable<Uint8Array>) {
    size += part.byteLength;
    if (size > max) throw new ExchangeFailure("post_too_large", { max });
    parts.push(part);
  }
  return new Uint8Array(Buffer.concat(parts));
}

function fileParam(url: URL): string {
  const raw = url.searchParams.get("filename");
  if (!raw) throw new ExchangeFailure("filename_missing");
  const name = safeName(raw);
  if (!name) throw new ExchangeFailure("filename_unsafe", { value: raw.slice(0, 100) });
  return name;
}

/** Starts (once per session and file) the import of `name`; answers the import row. */
async function startImport(c: Context<ApiEnv>, session: ExchangeSession, name: string) {
  const db = c.var.db;
  const [existing] = await db
    .select()
    .from(onecImports)
    .where(and(eq(onecImports.sessionId, session.row.id), eq(onecImports.fileName, name)))
    .limit(1);
  if (existing) return existing;
  if (!(await hasFile(db, session.row.id, name))) throw new ExchangeFailure("file_not_uploaded", { name });
  const [created] = await db
    .insert(onecImports)
    .values({ sessionId: session.row.id, companyId: session.row.companyId, type: session.row.type, fileName: name })
    .onConflictDoNothing()
    .returning();
  if (!created) return startImport(c, session, name);
  await c.var.jobs.send(ONEC_IMPORT_JOB, { importId: created.id });
  await audit(c, session, "import");
  return created;
}

function audit(c: Context<ApiEnv>, session: ExchangeSession, mode: string) {
  return auditStep(c.var.db, session, {
    method: c.req.method,
    path: c.req.path + (c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")).slice(0, 300) : ""),
    mode,
    ip: c.req.header("x-client-ip") ?? null,
    requestId: c.var.requestId ?? c.req.header("x-request-id") ?? null,
  });
}

/** The answer to an `import` call once the row says how far it got. */
function importAnswer(row: typeof onecImports.$inferSelect, lang: Lang): Response {
  if (row.state === "failed")
    return text([
      "failure",
      failureText({ code: row.failure ?? "internal", params: (row.failureDetails ?? {}) as Record<string, string | number> }, lang),
    ]);
  if (row.state === "done") {
    const report = row.report as Record<string, number>;
    return text(["success", row.type === "catalog" ? catalogAnswer(report, lang) : answerText("ordersDone", report, lang)]);
  }
  return text(["progress", answerText(row.state === "queued" ? "started" : "running", { name: row.fileName }, lang)]);
}

async function handle(c: Context<ApiEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const db = c.var.db;
  const ip = c.req.header("x-client-ip") ?? "unknown";
  let lang: Lang = "ru";
  try {
    const rawType = url.searchParams.get("type") ?? "";
    if (rawType !== "catalog" && rawType !== "sale") throw new ExchangeFailure("type_unknown", { value: rawType.slice(0, 40) });
    const type: OnecExchangeType = rawType;
    const mode = url.searchParams.get("mode") ?? "";
    if (mode === "checkauth") {
      const opened = await openSession(db, {
        authorization: c.req.header("authorization"),
        ip,
        type,
        version: url.searchParams.get("version"),
      });
      lang = opened.session.lang;
      const lines = ["success", COOKIE_NAME, opened.cookie, `sessid=${opened.sessid}`];
      if (type === "catalog") lines.push(`timestamp=${Math.floor(Date.now() / 1000)}`);
      const response = text(lines);
      response.headers.set(
        "set-cookie",
        `${COOKIE_NAME}=${opened.cookie}; Path=/; HttpOnly; SameSite=Strict${c.var.secureCookies ? "; Secure" : ""}`,
      );
      return response;
    }
    const session = await sessionOf(db, { cookie: c.req.header("cookie"), sessid: url.searchParams.get("sessid") ?? undefined, type });
    lang = session.lang;
    switch (mode) {
      case "init": {
        await clearFiles(db, session.row.id);
        const lines = ["zip=yes", `file_limit=${EXCHANGE_LIMITS.postBytes}`];
        const version = url.searchParams.get("version");
        if (type === "sale" && version) {
          // The "new" protocol from here on: `file` only stores, `import` processes.
          await db
            .update(onecSessions)
            .set({ version: version.slice(0, 10) })
            .where(eq(onecSessions.id, session.row.id));
          lines.push(`sessid=${session.row.sessid}`, "version=2.08");
        }
        return text(lines);
      }
      case "file": {
        const name = fileParam(url);
        const bytes = await bodyOf(c, EXCHANGE_LIMITS.postBytes);
        await appendChunk(db, session.row.id, name, bytes);
        await audit(c, session, "file");
        // The old sale protocol (no version negotiated) imports within `file`; here it starts the import.
        if (type === "sale" && !session.row.version) await startImport(c, session, name);
        return text(["success"]);
      }
      case "import": {
        const row = await startImport(c, session, fileParam(url));
        return importAnswer(row, lang);
      }
      case "query": {
        if (type !== "sale") throw new ExchangeFailure("mode_unknown", { value: mode });
        const { bytes } = await ordersDocument(db, session.row.companyId, session.row.id, c.var.publicUrl());
        return new Response(new Uint8Array(bytes), { headers: { "content-type": "application/xml; charset=windows-1251" } });
      }
      case "info": {
        // 1C's «Загрузить с сайта» in the order exchange's settings (Bitrix answers it for type=sale only).
        if (type !== "sale") throw new ExchangeFailure("mode_unknown", { value: mode });
        return new Response(new Uint8Array(directoriesDocument()), {
          headers: { "content-type": "application/xml; charset=windows-1251" },
        });
      }
      case "success": {
        if (type !== "sale") throw new ExchangeFailure("mode_unknown", { value: mode });
        await confirmOrders(db, session.row.companyId, session.row.id);
        await audit(c, session, "success");
        return text(["success"]);
      }
      case "deactivate":
      case "complete":
        return text(["success"]);
      default:
        throw new ExchangeFailure("mode_unknown", { value: mode.slice(0, 40) });
    }
  } catch (error) {
    const failure = failureOf(error);
    if (failure.code === "internal") c.var.logger.error({ err: error, path: c.req.path }, "1C exchange step failed");
    return text(["failure", failureText(failure, lang)]);
  }
}

/** The exchange as a Hono app, mounted by server/api/app.ts at each of EXCHANGE_PATHS (before the API's caller check, which would answer a bad key in JSON). */
export function exchangeApp(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.on(["GET", "POST"], "/", handle);
  return app;
}
