/**
 * Helpers of the supplier's product pages (issue 5). The pages call the API with
 * `context.get(apiContext).send(route, input)` — the routes of contract/profile/products.ts (ADR
 * 023; ADR 001: the web tier never touches the database) — and turn refusals into form errors with
 * `replyWithApiError` (app/lib/forms/api-errors.server.ts).
 *
 * Shapes are the contract's: ProductView (the working copy: pending edits of a published product
 * included, `pending` says which parts wait for a moderator), ProductDetailView, ProductFileView,
 * Tier (decimals as strings), Variant, LocalizedFact.
 */
import * as productsApi from "#contract/profile/products.ts";
import type { CategoryOption } from "../components/product-card-fields.tsx";
import type { CategoryNode } from "#contract/categories.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import type { ApiClient } from "#app/lib/api-client.server.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { listCategories } from "#contract/categories.ts";
import { LIST_STATUSES, type ListStatus } from "./product-forms.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { pageLang } from "#app/lib/i18n.ts";
import { classifierNames, readPickerSearch, searchPicker } from "../components/classifier-picker.server.ts";

export type { LocalizedFact } from "#contract/common.ts";
export type { ProductStatus } from "#contract/profile/fields.ts";
export type { ProductDetailView, ProductFileView, ProductView, Tier, Variant } from "#contract/profile/products.ts";
import type { ProductDetailView } from "#contract/profile/products.ts";
import { idParam } from "#app/lib/id-param.ts";

export { LIST_STATUSES, type ListStatus };

/* ─── route helpers ─── */

/** The categories of the catalogue as select options (depth-first, names in `lang`). */
export async function categoryOptions(api: ApiClient, lang: Lang): Promise<CategoryOption[]> {
  const { data: tree } = await api.send(listCategories, { query: { lang } });
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
  return idParam(raw) ?? pageNotFound(request);
}

/** The product, or the 404 page (another company's product is a 404 too). */
export async function requireProduct(api: ApiClient, request: Request, id: number): Promise<ProductDetailView> {
  return (await orNotFound(request, api.send(productsApi.getProduct, { params: { id } }))).data;
}

/** JSON with sorted keys: two values that mean the same compare equal (which parts changed). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/**
 * The first step of a product card form's action (the new product, the product's main tab): parses
 * the form with `schema`. A TN VED search of the code picker (the no-JavaScript step) or an invalid
 * form is answered at once — `reply`, the form's state with the picker's hits and the chosen code's
 * names, 400 for an invalid form; otherwise `submission` is the valid one and `tnvedNames()` gives
 * the code's names for a later reply (an API refusal).
 */
export async function readProductCardForm<Schema extends z.ZodType>(request: Request, api: ApiClient, schema: Schema) {
  const lang = pageLang(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  const code = (submission.payload.card as { tnvedCode?: unknown } | undefined)?.tnvedCode;
  const tnvedNames = () => classifierNames(api, "tnved", [typeof code === "string" ? code : null], lang);
  const pick = readPickerSearch(formData);
  if (pick)
    return {
      reply: data({
        result: submission.reply(),
        picker: await searchPicker(api, "tnved", pick.field, pick.q, lang),
        tnvedNames: await tnvedNames(),
      }),
    };
  if (submission.status !== "success")
    return {
      reply: data(
        { result: submission.reply(), picker: null, tnvedNames: await tnvedNames() },
        { status: submission.status === "error" ? 400 : 200 },
      ),
    };
  return { submission, tnvedNames };
}
