/**
 * The company's own products through the API client (server/api/profile-products.ts; ADR 001: the
 * web tier never touches the database). Every function returns the envelope's `data` and throws
 * ApiClientError (status, code, issues with validation codes) on refusal; the routes turn those into
 * form errors with `replyWithApiError` (app/lib/forms/api-errors.server.ts).
 *
 * Shapes are the API's own (type-only imports of server modules): ProductView (the working copy:
 * pending edits of a published product included, `pending` says which parts wait for a moderator),
 * ProductFileView, Tier (decimals as strings), Variant, LocalizedFact.
 */
import type { PageMeta } from "../../../server/api/http.ts";
import type { LocalizedFact, ProductStatus } from "../../../server/db/schema.ts";
import type { ProductFileView, ProductView, Tier, Variant } from "../../../server/profile/products.ts";
import type { ProductInput } from "../../../server/profile/schemas.ts";
import type { CategoryOption } from "../../components/profile/product-card-fields.tsx";
import { type ApiClient, type CategoryNode, type Lang } from "../api-client.server.ts";
import { pageNotFound } from "../errors.ts";
import { LIST_STATUSES, type ListStatus } from "../product-forms.ts";
import { orNotFound } from "../not-found.server.ts";

export type { LocalizedFact, ProductFileView, ProductStatus, ProductView, Tier, Variant };

/** GET /{id}: the working copy with every part. */
export interface ProductDetailView extends ProductView {
  facts: LocalizedFact[];
  prices: Tier[];
  variants: Variant[];
  files: ProductFileView[];
}

export { LIST_STATUSES, type ListStatus };

const base = "/api/profile/company/products";
const one = (id: number) => `${base}/${id}`;

/** The company's products, newest change first; `q` matches a name in any language or the id. */
export async function listProducts(api: ApiClient, query: { status?: ListStatus; q?: string; page?: number; perPage?: number }) {
  const result = await api.get<ProductView[], PageMeta>(base, query);
  return { items: result.data, meta: result.meta ?? { page: 1, perPage: query.perPage ?? 20, total: result.data.length, pages: 1 } };
}

/** Creates a draft (POST). */
export function createProduct(api: ApiClient, input: ProductInput): Promise<ProductView> {
  return api.call<ProductView>("POST", base, input);
}

export async function getProduct(api: ApiClient, id: number): Promise<ProductDetailView> {
  return (await api.get<ProductDetailView>(one(id))).data;
}

/** Changes the card (PATCH; a published product's change waits for the moderator). */
export function updateProduct(api: ApiClient, id: number, input: Partial<ProductInput>): Promise<ProductView> {
  return api.call<ProductView>("PATCH", one(id), input);
}

/** Deletes the product with its files (owner or admin; 403 `forbidden_role` for a member). */
export function deleteProduct(api: ApiClient, id: number): Promise<{ id: number; deleted: true }> {
  return api.call("DELETE", one(id));
}

/** Submits for moderation or withdraws (409 `invalid_transition` when not possible now). */
export function changeProductStatus(api: ApiClient, id: number, action: "submit" | "withdraw"): Promise<ProductView> {
  return api.call<ProductView>("PATCH", `${one(id)}/status`, { action });
}

export function putPrices(api: ApiClient, id: number, tiers: Tier[]): Promise<Tier[]> {
  return api.call<Tier[]>("PUT", `${one(id)}/prices`, { tiers });
}

export function putFacts(api: ApiClient, id: number, facts: LocalizedFact[]): Promise<LocalizedFact[]> {
  return api.call<LocalizedFact[]>("PUT", `${one(id)}/facts`, { facts });
}

export function putVariants(api: ApiClient, id: number, variants: Variant[]): Promise<Variant[]> {
  return api.call<Variant[]>("PUT", `${one(id)}/variants`, { variants });
}

/** Attaches a file the browser uploaded earlier (`/api/files/common`) by its id. */
export function attachFile(api: ApiClient, id: number, fileId: number): Promise<ProductFileView> {
  return api.call<ProductFileView>("POST", `${one(id)}/files`, { fileId });
}

/** Uploads and attaches in one step (the no-JS form's multipart file). */
export function uploadFile(api: ApiClient, id: number, file: File): Promise<ProductFileView> {
  const form = new FormData();
  form.set("file", file, file.name);
  return api.upload<ProductFileView>("POST", `${one(id)}/files`, form);
}

/** Moves a file among those of its kind (0 = first; the first image is the main image). */
export function moveFile(api: ApiClient, id: number, fileId: number, position: number): Promise<ProductFileView[]> {
  return api.call<ProductFileView[]>("PATCH", `${one(id)}/files/${fileId}`, { position });
}

export function removeFile(api: ApiClient, id: number, fileId: number): Promise<{ id: number; deleted: true }> {
  return api.call("DELETE", `${one(id)}/files/${fileId}`);
}

/* ─── route helpers ─── */

/** The categories of the catalogue as select options (depth-first, names in `lang`). */
export async function categoryOptions(api: ApiClient, lang: Lang): Promise<CategoryOption[]> {
  const tree = await api.categories(lang);
  const out: CategoryOption[] = [];
  const walk = (nodes: CategoryNode[], depth: number) => {
    for (const node of nodes) {
      out.push({ id: node.id, name: node.name.text, depth });
      walk(node.children ?? [], depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

/** The `:id` of a product route, or the 404 page (ids are positive int32). */
export function productIdOf(request: Request, raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) pageNotFound(request);
  return Number(raw);
}

/** The product, or the 404 page (another company's product is a 404 too). */
export async function requireProduct(api: ApiClient, request: Request, id: number): Promise<ProductDetailView> {
  return orNotFound(request, getProduct(api, id));
}

/** JSON with sorted keys: two values that mean the same compare equal (which parts changed). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}
