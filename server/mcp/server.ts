/**
 * The MCP protocol side (issue 29 §3; ADR 055): a low-level SDK `Server` with the tools of
 * server/mcp/tools.ts, made per HTTP request (stateless Streamable HTTP, server/mcp/http.ts).
 *
 * `tools/list` answers each tool's name, title, English description, JSON Schema of its arguments
 * (from its zod schema, as the client sends them) and hints (`readOnlyHint`, `openWorldHint`).
 * `tools/call` validates the arguments and runs the tool; errors are answered as:
 * - unknown tool, arguments the schema refuses, or input the API refuses as invalid (400) →
 *   JSON-RPC `-32602` invalid params, the message naming each field (`data.issues`);
 * - no key, a key without the tool's scope, a person's key on a company operation (401/403) →
 *   JSON-RPC `-32003` with the API's message and `data.code` (`unauthorized`, `insufficient_scope`
 *   with `data.scope`, …);
 * - the key's allowance used up (429) → JSON-RPC `-32029` with `data.retryAfter` (seconds);
 * - a thing that does not exist (404) or another refusal of the operation (409, 422) → a tool result
 *   with `isError: true` and the reason, which the model reads and can act on;
 * - anything else → `-32603` "Internal error" (logged with the request id; no detail leaves).
 * The MCP specification (2025-11-25) suggests answering argument errors as tool results; the issue
 * asks for the protocol's invalid-params error, which clients surface to the model as well.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { MCP_ERROR_CODES, MCP_TOOLS } from "#contract/mcp.ts";
import type { Logger } from "../logger.ts";
import { OperationError } from "./api-call.ts";
import { InvalidArguments, TOOLS, ToolFailure, type Tool, type ToolContext } from "./tools.ts";

/** The server's name and the version of its tool set (changes when tools or their arguments do). */
export const MCP_SERVER_INFO = { name: "postavka", title: "Postavka B2B catalogue (Russia–China)", version: "1.0.0" } as const;

/** JSON-RPC error codes of this server (the implementation-defined range -32000…-32099; contract/mcp.ts). */
export const MCP_ERRORS = MCP_ERROR_CODES;

const INSTRUCTIONS =
  "Postavka is a B2B directory of Russian and Chinese suppliers. Search products and suppliers in Russian, English or Chinese; find TN VED EAEU (customs) and OKVED2 (activity) codes from words; estimate the landed cost of importing a product into Russia (Bank of Russia rate, EAEU duty, import VAT); list open buying requests. With an API key (Authorization: Bearer pk_live_…) also draft a buying request and read the key owner's conversations and orders. Every answer links to the site's pages: give the links to the user.";

/** A zod schema as the JSON Schema of the arguments a client sends (`io: "input"`: defaults optional). */
function inputJsonSchema(schema: z.ZodType): McpTool["inputSchema"] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  return json as McpTool["inputSchema"];
}

// The docs page lists the tools from contract/mcp.ts: a tool added or renamed here must be there too.
const listed = MCP_TOOLS.map((t) => `${t.name}:${t.scope}`).join(",");
const served = TOOLS.map((t) => `${t.name}:${t.scopes.join("+")}`).join(",");
if (listed !== served) throw new Error(`contract/mcp.ts MCP_TOOLS (${listed}) differs from server/mcp/tools.ts (${served})`);

/** `tools/list`'s answer, made once: the tools do not change while the process runs. */
const TOOL_LIST: McpTool[] = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: inputJsonSchema(tool.input),
  annotations: {
    title: tool.title,
    readOnlyHint: tool.readOnly,
    // A draft is new data, never a change or deletion of the person's existing data.
    destructiveHint: false,
    idempotentHint: tool.readOnly,
    openWorldHint: false,
  },
}));
const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** API field names (camelCase, `q`, `perPage`) as the tools' argument names (snake_case). */
function argumentName(path: string): string {
  const renamed: Record<string, string> = {
    q: "query",
    perPage: "limit",
    qty: "quantity",
    freight: "freight_rub",
    insurance: "insurance_rub",
  };
  return path
    .split(".")
    .map((part) => renamed[part] ?? part.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`))
    .join(".");
}

function invalidParams(tool: string, issues: { path: string; message: string }[]): McpError {
  const list = issues.map((i) => `${i.path || "(arguments)"}: ${i.message}`).join("; ");
  return new McpError(ErrorCode.InvalidParams, `Invalid arguments for ${tool}: ${list}`, { issues });
}

/** A refused operation as this server's answer (see the module comment). */
function operationRefusal(tool: Tool, error: OperationError, origin: string): McpError | { text: string } {
  if (error.status === 400 || error.status === 413) {
    const issues = error.issues.length
      ? error.issues.map((i) => ({ path: argumentName(i.path), message: i.message }))
      : [{ path: "", message: error.message }];
    return invalidParams(tool.name, issues);
  }
  if (error.status === 401 || error.status === 403) {
    const needsKey = error.code === "unauthorized" && !error.message.match(/key/i);
    const message = needsKey
      ? `${tool.name} acts as a person: send an API key with the scope ${tool.scopes.join(", ")} (Authorization: Bearer pk_live_…; create one at ${origin}/profile/settings/api-keys)`
      : error.code === "insufficient_scope"
        ? `The API key lacks the scope ${typeof error.details?.scope === "string" ? error.details.scope : tool.scopes.join(", ")} that ${tool.name} needs; create a key with it`
        : error.message;
    return new McpError(MCP_ERRORS.forbidden, message, { code: error.code, ...error.details });
  }
  if (error.status === 429) return new McpError(MCP_ERRORS.rateLimited, error.message, { code: error.code, ...error.details });
  if (error.status >= 500) return new McpError(ErrorCode.InternalError, "The service is briefly unavailable; try again in a few seconds");
  return { text: error.message };
}

export interface McpServerDeps {
  /** Makes the context of one tool call (the caller's operations, the public origin). */
  context: ToolContext;
  logger: Logger;
  requestId?: string;
}

/** A fresh protocol server for one HTTP request (stateless: nothing is kept between requests). */
export function createMcpServer(deps: McpServerDeps): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}; tools/list names them`);
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success)
      throw invalidParams(
        tool.name,
        parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      );
    const started = performance.now();
    try {
      const answer = await tool.run(deps.context, parsed.data);
      deps.logger.info({ requestId: deps.requestId, tool: tool.name, ms: Math.round(performance.now() - started) }, "mcp tool");
      return { content: [{ type: "text" as const, text: answer.text }], structuredContent: answer.structured };
    } catch (error) {
      if (error instanceof McpError) throw error;
      if (error instanceof InvalidArguments) throw invalidParams(tool.name, error.issues);
      if (error instanceof ToolFailure) return { content: [{ type: "text" as const, text: error.message }], isError: true };
      if (error instanceof OperationError) {
        const refusal = operationRefusal(tool, error, deps.context.origin);
        deps.logger.info({ requestId: deps.requestId, tool: tool.name, status: error.status, code: error.code }, "mcp tool refused");
        if (refusal instanceof McpError) throw refusal;
        return { content: [{ type: "text" as const, text: refusal.text }], isError: true };
      }
      deps.logger.error({ err: error, requestId: deps.requestId, tool: tool.name }, "mcp tool failed");
      throw new McpError(ErrorCode.InternalError, "Internal error");
    }
  });
  return server;
}
