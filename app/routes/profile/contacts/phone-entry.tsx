/**
 * `/profile/phone/{id}` (spec §2): the entry step of a pending change of the sign-in phone — its
 * address, which can be corrected (a code then goes to the corrected one). ADR 017.
 */
import type { Route } from "./+types/phone-entry";
import { EntryStepPage } from "./components/contact-steps.tsx";
import { entryStepAction, loadEntryStep } from "../lib/contact-steps.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadEntryStep(request, context, "phone", params.id);

export const action = ({ request, context, params }: Route.ActionArgs) => entryStepAction(request, context, "phone", params.id);

export default function PhoneEntryStep({ loaderData, actionData }: Route.ComponentProps) {
  return <EntryStepPage kind="phone" change={loaderData.change} result={actionData?.result} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
