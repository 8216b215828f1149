/**
 * `/profile/inquiries` (issue 14 §1; ADR 028): the buyer's own inquiries (any signed-in person, with or without a company), latest activity first, with filters by status,
 * unread and product (a GET form) and unread counts. Conversation pages: `/profile/conversations/{id}`.
 */
import type { Route } from "./+types/inquiries";
import { routeMeta } from "#app/lib/route-meta.ts";
import { BoxPage } from "./components/box-page.tsx";
import { boxPageLoader } from "./components/box-loader.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

export const loader = boxPageLoader("buyer", "inquiries.myInquiries");

export default function ProfileInquiries({ loaderData }: Route.ComponentProps) {
  return <BoxPage box="buyer" data={loaderData.box} />;
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
