/**
 * `profile/rfq-suppliers?q=…`: the invitation picker's live search with JavaScript
 * (app/components/rfq/supplier-picker.tsx) → `{ q, hits: RfqSupplier[], error? }` as JSON, names in
 * the page's language — the same answer the no-JS search step renders (app/lib/rfq-picker.server.ts).
 * The API's search needs a signed-in caller: for a visitor the answer is `error: "failed"`.
 */
import { data } from "react-router";
import type { Route } from "./+types/profile-rfq-suppliers";
import { apiContext } from "../context.ts";
import { documentUrl } from "../lib/document-url.ts";
import { pageLang } from "../lib/i18n.ts";
import { findSuppliers } from "../lib/rfq-picker.server.ts";
import { privatePageHeaders } from "../lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (documentUrl(request).searchParams.get("q") ?? "").trim().slice(0, 100);
  return data(await findSuppliers(context.get(apiContext), q, pageLang(request)), { headers: privatePageHeaders() });
}
