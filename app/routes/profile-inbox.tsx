/**
 * `/profile/inbox` (issue 14 §1; ADR 028): the company inbox: buyers' inquiries to the caller's company, for every active employee, latest activity first, with filters by status,
 * unread and product (a GET form) and unread counts. Conversation pages: `/profile/conversations/{id}`.
 */
import type { Route } from "./+types/profile-inbox";
import { apiContext } from "../context.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { getInstance } from "../middleware/i18next.ts";
import { BoxPage } from "../components/conversations/box-page.tsx";
import { loadBox } from "../components/conversations/box-loader.server.ts";
import { privatePageHeaders } from "../lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const box = await loadBox(context.get(apiContext), request, "company");
  return { box, seo: { title: getInstance(context).t("inquiries.inbox") } };
}

export default function ProfileInbox({ loaderData }: Route.ComponentProps) {
  return <BoxPage box="company" data={loaderData.box} />;
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
