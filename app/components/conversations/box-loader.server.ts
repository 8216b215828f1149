/** The loader of a conversation box page (app/components/conversations/box-page.tsx): the filters from the query, one API call. */
import * as conv from "../../../contract/conversations.ts";
import type { ApiClient } from "../../lib/api-client.server.ts";
import type { BoxData } from "./box-page.tsx";

export async function loadBox(api: ApiClient, request: Request, box: "buyer" | "company"): Promise<BoxData> {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const unread = url.searchParams.get("unread") === "1";
  const product = url.searchParams.get("product") ?? "";
  const page = url.searchParams.get("page") ?? "1";
  const { data, meta } = await api.send(conv.listConversations, {
    query: {
      box,
      page: /^\d{1,4}$/.test(page) ? page : "1",
      ...(status ? { status: status as "new" } : {}),
      ...(unread ? { unread: "1" as const } : {}),
      ...(/^\d{1,10}$/.test(product) ? { product } : {}),
    },
  });
  return { items: data, meta, filters: { status, unread, product } };
}
