/**
 * `/profile/inbox` (issue 14 §1; ADR 028): the company inbox: buyers' inquiries to the caller's company, for every active employee, latest activity first, with filters by status,
 * unread and product (a GET form) and unread counts. Conversation pages: `/profile/conversations/{id}`.
 */
import type { Route } from "./+types/inbox";
import { routeMeta } from "#app/lib/route-meta.ts";
import { BoxPage } from "./components/box-page.tsx";
import { boxPageLoader } from "./components/box-loader.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

export const loader = boxPageLoader("company", "inquiries.inbox");

export default function ProfileInbox({ loaderData }: Route.ComponentProps) {
  return <BoxPage box="company" data={loaderData.box} />;
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
