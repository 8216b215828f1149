/**
 * `/profile/mail/{id}/code` (spec §2): the code step of a change of the sign-in email — the code
 * sent to the new address (a link in the e-mail fills it in), a new code after the countdown,
 * cancel. ADR 017.
 */
import type { Route } from "./+types/mail-code";
import { CodeStepPage } from "./components/contact-steps.tsx";
import { codeStepAction, loadCodeStep } from "../lib/contact-steps.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadCodeStep(request, context, "email", params.id);

export const action = ({ request, context, params }: Route.ActionArgs) => codeStepAction(request, context, "email", params.id);

export default function MailCodeStep({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeStepPage kind="email" change={loaderData.change} actionData={actionData} entryPath={loaderData.entryPath} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
