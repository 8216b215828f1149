/**
 * `/profile/change_mail` (spec §2): start changing the e-mail one signs in with. The new address
 * gets a one-time code; the action moves to `/profile/mail/{id}/code` (ADR 017).
 */
import type { Route } from "./+types/change-mail";
import { NewContactPage } from "./components/contact-steps.tsx";
import { loadNewContact, startChangeAction } from "../lib/contact-steps.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";

export const loader = ({ context }: Route.LoaderArgs) => loadNewContact(context, "email");

export const action = ({ request, context }: Route.ActionArgs) => startChangeAction(request, context, "email");

export default function ChangeMail({ loaderData, actionData }: Route.ComponentProps) {
  return <NewContactPage kind="email" current={loaderData.current} result={actionData?.result} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
