/**
 * `profile/rfq-suppliers?q=…`: the invitation picker's live search with JavaScript
 * (app/routes/profile/rfq/components/supplier-picker.tsx) → `{ q, hits: RfqSupplier[], error? }` as JSON, names in
 * the page's language — the same answer the no-JS search step renders (app/routes/profile/rfq/lib/picker.server.ts).
 * The API's search needs a signed-in caller: for a visitor the answer is `error: "failed"`.
 */
import { data } from "react-router";
import type { Route } from "./+types/suppliers";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { findSuppliers } from "./lib/picker.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (documentUrl(request).searchParams.get("q") ?? "").trim().slice(0, 100);
  return data(await findSuppliers(context.get(apiContext), q, pageLang(request)), { headers: privatePageHeaders() });
}
