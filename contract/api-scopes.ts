/**
 * API-key scopes (issue 29 §1; ADR 052), in a leaf module: route descriptors name them
 * (contract/route.ts `scopes`) and the keys' contract (contract/api-keys.ts) grants them.
 * `orders` exists before the order operations do (issue 29 §2 pulls orders with it), so a 1C key
 * can be created once with everything it will need. `conversations:read` (issue 29 §3, ADR 055)
 * lets an AI assistant read the person's inquiries and the company's inbox: private
 * correspondence, so no other scope implies it, and nothing a key does can write a message.
 */
export const API_SCOPES = ["catalog:read", "products:write", "orders", "rfq", "conversations:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** English descriptions of the scopes (the OpenAPI document's security schemes list them). */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "catalog:read": "Read the public catalogue: products, suppliers, categories, classifiers, search, landed cost",
  "products:write": "Read and change the company's own products and their prices",
  orders: "Orders: the company's orders as buyer and as supplier (read; the 1C exchange adds more)",
  rfq: "Buying requests and quotes: the caller's requests, the company's matched requests and quotes",
  "conversations:read": "Read conversations: the caller's inquiries and the company's inbox (no replies)",
};
