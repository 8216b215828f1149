/**
 * The MCP server's public facts shared by both tiers (issue 29 §3; ADR 055): its path on the site's
 * origin, its tools in the order `tools/list` answers them with the API-key scope each needs, and
 * whether a tool acts as a person (needs a key) or reads the public catalogue (a key optional). The
 * server (server/mcp/tools.ts) checks its tools against this list at start; the docs page
 * (app/routes/site/api-docs-mcp.tsx) lists them.
 */
import type { ApiScope } from "./api-scopes.ts";

/** The Streamable HTTP endpoint, on the site's own origin. */
export const MCP_PATH = "/mcp";

/** Messages a minute per network without an API key (server/api/rate-limits.ts `LIMITS.mcpIp`). */
export const MCP_IP_PER_MINUTE = 120;

export interface McpToolFacts {
  name: string;
  /** The scope a key needs (the mirrored operations' own). */
  scope: ApiScope;
  /** The tool acts as a person: it needs an API key. */
  needsKey: boolean;
}

export const MCP_TOOLS: readonly McpToolFacts[] = [
  { name: "search_products", scope: "catalog:read", needsKey: false },
  { name: "search_suppliers", scope: "catalog:read", needsKey: false },
  { name: "get_product", scope: "catalog:read", needsKey: false },
  { name: "get_supplier", scope: "catalog:read", needsKey: false },
  { name: "lookup_tnved", scope: "catalog:read", needsKey: false },
  { name: "lookup_okved", scope: "catalog:read", needsKey: false },
  { name: "estimate_landed_cost", scope: "catalog:read", needsKey: false },
  { name: "list_buying_requests", scope: "rfq", needsKey: false },
  { name: "draft_buying_request", scope: "rfq", needsKey: true },
  { name: "list_conversations", scope: "conversations:read", needsKey: true },
  { name: "list_orders", scope: "orders", needsKey: true },
];

/** JSON-RPC error codes of the server beside the protocol's own (-32602 invalid params, -32603 internal). */
export const MCP_ERROR_CODES = {
  /** No API key, a key without the tool's scope, or a role or company the operation needs. */
  forbidden: -32003,
  /** A rate limit; `data.retryAfter` is the seconds to wait. */
  rateLimited: -32029,
} as const;
