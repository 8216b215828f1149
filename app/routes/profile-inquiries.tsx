/**
 * `/profile/inquiries` (issue 14 §1; ADR 028): the buyer's own inquiries (any signed-in person, with or without a company), latest activity first, with filters by status,
 * unread and product (a GET form) and unread counts. Conversation pages: `/profile/conversations/{id}`.
 */
import type { Route } from "./+types/profile-inquiries";
import { apiContext } from "../context.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { getInstance } from "../middleware/i18next.ts";
import { BoxPage } from "../components/conversations/box-page.tsx";
import { loadBox } from "../components/conversations/box-loader.server.ts";
import { privatePageHeaders } from "../lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const box = await loadBox(context.get(apiContext), request, "buyer");
  return { box, seo: { title: getInstance(context).t("inquiries.myInquiries") } };
}

export default function ProfileInquiries({ loaderData }: Route.ComponentProps) {
  return <BoxPage box="buyer" data={loaderData.box} />;
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
