/**
 * `/profile/mail/{id}` (spec §2): the entry step of a pending change of the sign-in email — its
 * address, which can be corrected (a code then goes to the corrected one). ADR 017.
 */
import type { Route } from "./+types/profile-mail-entry";
import { EntryStepPage } from "../components/profile/contact-steps.tsx";
import { loadChange, startChangeAction, stepPath } from "../lib/profile-api/contact-steps.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { getInstance } from "../middleware/i18next.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const change = await loadChange(request, context, "email", params.id, "entry");
  return {
    change: { display: change.display, codePath: stepPath("email", change.id, "code") },
    seo: { title: getInstance(context).t("profileContacts.emailStepTitle") },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await loadChange(request, context, "email", params.id, "entry");
  return startChangeAction(request, context, "email");
}

export default function MailEntryStep({ loaderData, actionData }: Route.ComponentProps) {
  return <EntryStepPage kind="email" change={loaderData.change} result={actionData?.result} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
