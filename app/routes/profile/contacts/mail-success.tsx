/**
 * `/profile/mail/{id}/success` (spec §2): the confirmed change of the sign-in email — the address
 * the person now signs in with. A change still waiting for its code goes back to the code step.
 */
import type { Route } from "./+types/mail-success";
import { SuccessStepPage } from "./components/contact-steps.tsx";
import { loadSuccessStep } from "../lib/contact-steps.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";

export const loader = ({ request, context, params }: Route.LoaderArgs) => loadSuccessStep(request, context, "email", params.id);

export default function MailSuccessStep({ loaderData }: Route.ComponentProps) {
  return <SuccessStepPage kind="email" display={loaderData.display} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
