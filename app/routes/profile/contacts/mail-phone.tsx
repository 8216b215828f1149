/**
 * `/profile/mail/phone` (spec §2): add or change the phone one signs in with, started from the
 * contacts page. The number gets a one-time code by SMS; the action moves to
 * `/profile/phone/{id}/code` (ADR 017).
 */
import type { Route } from "./+types/mail-phone";
import { NewContactPage } from "./components/contact-steps.tsx";
import { loadNewContact, startChangeAction } from "../lib/contact-steps.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";

export const loader = ({ context }: Route.LoaderArgs) => loadNewContact(context, "phone");

export const action = ({ request, context }: Route.ActionArgs) => startChangeAction(request, context, "phone");

export default function MailPhone({ loaderData, actionData }: Route.ComponentProps) {
  return <NewContactPage kind="phone" current={loaderData.current} result={actionData?.result} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
