/**
 * The API tier's direct reads (ADR 069): the web tier's in-process API client calls the public GET
 * operations registered with `implementRead` (server/api/resource.ts) without a Request, a Response,
 * Hono's routing or JSON text. Everything a client can observe stays as over HTTP: the path
 * parameters and query go through the descriptor's schemas (404 `not_found`, 400 `invalid_query`
 * with the same issues), the handler is the same function, the reply is checked against the
 * contract where replies are checked (tests, development) — and there also that it survives JSON
 * unchanged — and a failure becomes the same status and error envelope (error-answer.ts).
 *
 * Only what the caller-independent anonymous read needs is here: the web tier uses it for visitors
 * without an access token (app/lib/api-client.server.ts); a signed-in visitor's calls, and any
 * operation without a direct read, go through `fetch` as before.
 */
import { isDeepStrictEqual } from "node:util";
import type { ApiDirect, DirectAnswer } from "#contract/web-services.ts";
import type { RouteDescriptor } from "#contract/route.ts";
import type { Logger } from "../logger.ts";
import { errorAnswer } from "./error-answer.ts";
import {
  checkReply,
  cleanQuery,
  ContractViolation,
  parseParams,
  parseQuery,
  type DirectRead,
  type ReadVars,
  type Resource,
} from "./resource.ts";

/**
 * The direct reads of `resources` over `vars` (the app's database). `checkResponses` as the app's
 * (on in tests and development): each reply is then checked against its descriptor and against its
 * own JSON round trip (a Date or an `undefined` property would reach the page other than over HTTP).
 */
export function directReads(resources: Resource[], vars: ReadVars, logger: Logger, checkResponses: boolean): ApiDirect {
  const reads = new Map(resources.flatMap((r) => [...r.reads]));
  return {
    read(operationId, params, query) {
      const entry = reads.get(operationId);
      // A path HTTP would route elsewhere (an empty, "." or ".." segment) goes through fetch, which routes it.
      if (!entry || Object.values(params).some((v) => v === "" || v === "." || v === "..")) return undefined;
      return answer(entry.route, entry.read, vars, params, query, logger, checkResponses);
    },
  };
}

async function answer(
  route: RouteDescriptor,
  read: DirectRead<RouteDescriptor>,
  vars: ReadVars,
  params: Record<string, string>,
  query: Record<string, string | string[]>,
  logger: Logger,
  checkResponses: boolean,
): Promise<DirectAnswer> {
  try {
    const input = { params: parseParams(route, params), query: parseQuery(route, cleanQuery(query)) };
    const reply = await read(vars, input as Parameters<typeof read>[1]);
    if (checkResponses) {
      checkReply(route, reply);
      const json: unknown = JSON.parse(JSON.stringify(reply.data));
      if (!isDeepStrictEqual(json, reply.data))
        throw new ContractViolation(route, "data", "a direct read answered values JSON would change");
    }
    const body = reply.meta === undefined ? { data: reply.data } : { data: reply.data, meta: reply.meta };
    return { status: reply.status ?? route.status ?? 200, body };
  } catch (error) {
    return errorAnswer(
      error,
      logger,
      route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? ""),
    );
  }
}
