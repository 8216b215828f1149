/** The loader of a conversation box page (app/routes/profile/conversations/components/box-page.tsx): the filters from the query, one API call. */
import type { RouterContextProvider } from "react-router";
import * as conv from "#contract/conversations.ts";
import { apiContext } from "#app/context.ts";
import type { ApiClient } from "#app/lib/api-client.server.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import type { BoxData } from "./box-page.tsx";
import { idParam } from "#app/lib/id-param.ts";

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
      ...(idParam(product) !== null ? { product } : {}),
    },
  });
  return { items: data, meta, filters: { status, unread, product } };
}

/**
 * The loader of a box page route (`/profile/inbox`, `/profile/inquiries`): the box's page of
 * conversations as `box`, and the page title `titleKey` (a message key) as `seo.title`.
 */
export function boxPageLoader(box: "buyer" | "company", titleKey: string) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => ({
    box: await loadBox(context.get(apiContext), request, box),
    seo: { title: getInstance(context).t(titleKey) },
  });
}
