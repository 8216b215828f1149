/**
 * `/profile/phone/{id}/code` (spec §2): the code step of a change of the sign-in phone — the code
 * sent by SMS to the new number, a new code after the countdown, cancel. ADR 017.
 */
import type { Route } from "./+types/phone-code";
import { CodeStepPage } from "./components/contact-steps.tsx";
import { codeStepAction, loadCodeStep } from "../lib/contact-steps.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadCodeStep(request, context, "phone", params.id);

export const action = ({ request, context, params }: Route.ActionArgs) => codeStepAction(request, context, "phone", params.id);

export default function PhoneCodeStep({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeStepPage kind="phone" change={loaderData.change} actionData={actionData} entryPath={loaderData.entryPath} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
