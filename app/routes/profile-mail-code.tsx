/**
 * `/profile/mail/{id}/code` (spec §2): the code step of a change of the sign-in email — the code
 * sent to the new address (a link in the e-mail fills it in), a new code after the countdown,
 * cancel. ADR 017.
 */
import type { Route } from "./+types/profile-mail-code";
import { CodeStepPage } from "../components/profile/contact-steps.tsx";
import { codeStepAction, loadChange, stepPath } from "../lib/profile-api/contact-steps.server.ts";
import { documentUrl } from "../lib/document-url.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { getInstance } from "../middleware/i18next.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const change = await loadChange(request, context, "email", params.id, "code");
  const code = documentUrl(request).searchParams.get("code") ?? "";
  return {
    change: { id: change.id, kind: change.kind, display: change.display, resendAfter: change.resendAfter, expiresIn: change.expiresIn, code: /^\d{6}$/.test(code) ? code : "" },
    entryPath: stepPath("email", change.id, "entry"),
    seo: { title: getInstance(context).t("profileContacts.emailStepTitle") },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return codeStepAction(request, context, "email", params.id);
}

export default function MailCodeStep({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeStepPage kind="email" change={loaderData.change} actionData={actionData} entryPath={loaderData.entryPath} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
