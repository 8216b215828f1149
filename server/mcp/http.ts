/**
 * `/mcp`: the MCP server's Streamable HTTP endpoint on the site's own origin (issue 29 §3; ADR 055),
 * mounted in the API app (server/api/app.ts) and passed to it by server/http.ts like `/api/*`.
 *
 * Stateless, as the transport allows: each `POST /mcp` carries JSON-RPC messages (one, or a batch
 * of at most MAX_BATCH) and is answered with JSON by a protocol server made for that request
 * (server/mcp/server.ts); there are no sessions, so `GET` (a server-to-client stream) and `DELETE`
 * (ending a session) answer 405 with `Allow: POST`, which the transport's clients expect.
 *
 * Before the protocol server sees a message:
 * - a browser page of another site is refused (403; the specification's DNS-rebinding rule: an
 *   `Origin` header must be the site's own public origin when present);
 * - the body is at most MAX_BODY bytes (413), JSON (else JSON-RPC -32700);
 * - without an API key, every message counts against the network's allowance (`mcpIpLimit`,
 *   server/api/rate-limits.ts): past it a 429 with `Retry-After` and JSON-RPC -32029. With a key,
 *   the tools' operations count against the key's own allowance in the API itself.
 * The caller (an API key as `Authorization: Bearer pk_live_…`) was authenticated by the API's
 * caller middleware: a dead key is a 401 there, before this handler.
 */
import { Hono, type Context } from "hono";
import { MCP_ERROR_CODES, MCP_PATH } from "#contract/mcp.ts";
import type { ApiEnv } from "../api/env.ts";
import { mcpIpLimit } from "../api/rate-limits.ts";
import { DomainError } from "../errors.ts";
import { callOperation, passedOnHeaders, type OperationCaller } from "./api-call.ts";

/** JSON-RPC 2.0's own error codes for a message refused before the protocol server (JSON-RPC 2.0 §5.1). */
const ErrorCode = { ParseError: -32700, InvalidRequest: -32600 } as const;

/**
 * The protocol server and its transport, loaded on the first message: the MCP SDK with its schemas is
 * ≈ 10 MB of a process's resident memory that a server no assistant calls never needs (issue 31 §5,
 * ADR 070).
 */
let protocol: Promise<{
  createMcpServer: typeof import("./server.ts").createMcpServer;
  Transport: typeof import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js").WebStandardStreamableHTTPServerTransport;
}> | null = null;
function loadProtocol() {
  protocol ??= Promise.all([import("./server.ts"), import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js")]).then(
    ([server, transport]) => ({ createMcpServer: server.createMcpServer, Transport: transport.WebStandardStreamableHTTPServerTransport }),
  );
  return protocol;
}

/** Largest request body, bytes: the longest tool input (a buying request's 5,000-character description) fits many times. */
export const MAX_BODY = 64 * 1024;
/** Most JSON-RPC messages in one batch (current clients send one; older protocol versions allowed batches). */
export const MAX_BATCH = 10;

/** A JSON-RPC error answer with an HTTP status (headers optional). */
function rpcError(c: Context, status: 400 | 403 | 405 | 413 | 429, code: number, message: string, id: unknown = null, data?: unknown) {
  return c.json({ jsonrpc: "2.0", id: id ?? null, error: { code, message, ...(data === undefined ? {} : { data }) } }, status);
}

/** The id of a single request message, for an error answered before the protocol server. */
function idOf(body: unknown): unknown {
  return body && typeof body === "object" && !Array.isArray(body) && "id" in body ? (body as { id: unknown }).id : null;
}

/**
 * The `/mcp` routes. `apiFetch` is the API app's own fetch: the tools call the contract's
 * operations through it (server/mcp/api-call.ts).
 */
export function mcpRoutes(apiFetch: OperationCaller["fetch"]): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post(MCP_PATH, async (c) => {
    const origin = c.var.publicUrl().replace(/\/+$/, "");
    const sentOrigin = c.req.header("origin");
    if (sentOrigin && sentOrigin !== new URL(origin).origin)
      return rpcError(c, 403, ErrorCode.InvalidRequest, "Requests from another site's pages are not accepted");
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY)
      return rpcError(c, 413, ErrorCode.InvalidRequest, `The request body is larger than ${MAX_BODY} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(c, 400, ErrorCode.ParseError, "The request body is not JSON");
    }
    const messages = Array.isArray(body) ? body.length : 1;
    if (messages === 0 || messages > MAX_BATCH)
      return rpcError(c, 400, ErrorCode.InvalidRequest, `A batch carries 1 to ${MAX_BATCH} messages`);
    if (!c.var.caller?.apiKey) {
      try {
        for (let i = 0; i < messages; i++) await mcpIpLimit(c.var.db).consume(c.req.header("x-client-ip") ?? "unknown");
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== "rate_limited") throw error;
        const retryAfter = Math.max(1, Math.ceil(error.retryAfter ?? 1));
        c.header("Retry-After", String(retryAfter));
        return rpcError(c, 429, MCP_ERROR_CODES.rateLimited, error.message, idOf(body), { code: "rate_limited", retryAfter });
      }
    }
    const caller: OperationCaller = { fetch: apiFetch, headers: passedOnHeaders(c.req.raw.headers) };
    const { createMcpServer, Transport } = await loadProtocol();
    const server = createMcpServer({
      context: { call: (route, input) => callOperation(caller, route, input), origin },
      logger: c.var.logger,
      requestId: c.var.requestId ?? c.req.header("x-request-id"),
    });
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: body });
    } finally {
      await server.close();
    }
  });
  // No sessions and no server-initiated stream (see the module comment).
  app.on(["GET", "DELETE"], MCP_PATH, (c) => {
    c.header("Allow", "POST");
    return rpcError(c, 405, ErrorCode.InvalidRequest, "This MCP server is stateless: send JSON-RPC messages with POST");
  });
  return app;
}
