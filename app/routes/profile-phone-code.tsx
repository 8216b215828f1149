/**
 * `/profile/phone/{id}/code` (spec §2): the code step of a change of the sign-in phone — the code
 * sent by SMS to the new number, a new code after the countdown, cancel. ADR 017.
 */
import type { Route } from "./+types/profile-phone-code";
import { CodeStepPage } from "../components/profile/contact-steps.tsx";
import { codeStepAction, loadChange, stepPath } from "../lib/profile-api/contact-steps.server.ts";
import { documentUrl } from "../lib/document-url.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { getInstance } from "../middleware/i18next.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const change = await loadChange(request, context, "phone", params.id, "code");
  const code = documentUrl(request).searchParams.get("code") ?? "";
  return {
    change: { id: change.id, kind: change.kind, display: change.display, resendAfter: change.resendAfter, expiresIn: change.expiresIn, code: /^\d{6}$/.test(code) ? code : "" },
    entryPath: stepPath("phone", change.id, "entry"),
    seo: { title: getInstance(context).t("profileContacts.phoneStepTitle") },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return codeStepAction(request, context, "phone", params.id);
}

export default function PhoneCodeStep({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeStepPage kind="phone" change={loaderData.change} actionData={actionData} entryPath={loaderData.entryPath} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
