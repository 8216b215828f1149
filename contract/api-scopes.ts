/**
 * API-key scopes (issue 29 §1; ADR 052), in a leaf module: route descriptors name them
 * (contract/route.ts `scopes`) and the keys' contract (contract/api-keys.ts) grants them.
 * `orders` exists before the order operations do (issue 29 §2 pulls orders with it), so a 1C key
 * can be created once with everything it will need.
 */
export const API_SCOPES = ["catalog:read", "products:write", "orders", "rfq"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** English descriptions of the scopes (the OpenAPI document's security schemes list them). */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "catalog:read": "Read the public catalogue: products, suppliers, categories, classifiers, search, landed cost",
  "products:write": "Read and change the company's own products and their prices",
  orders: "Orders (reserved: the order operations arrive with the 1C exchange)",
  rfq: "Buying requests and quotes: the caller's requests, the company's matched requests and quotes",
};
