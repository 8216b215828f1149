/**
 * `/profile/change_mail` (spec §2): start changing the e-mail one signs in with. The new address
 * gets a one-time code; the action moves to `/profile/mail/{id}/code` (ADR 017).
 */
import type { Route } from "./+types/profile-change-mail";
import { ContactEntryForm } from "../components/profile/contact-entry-form.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { profileContext } from "../context.ts";
import { startChangeAction } from "../lib/profile-api/contact-steps.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  return { email: profile.email, seo: { title: getInstance(context).t("profileContacts.changeEmailTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  return startChangeAction(request, context, "email");
}

export default function ChangeMail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="profile-section">
      <p className="profile-back">
        <LocaleLink to="/profile/mail">← {t("profileContacts.title")}</LocaleLink>
      </p>
      <h1>{t(loaderData.email ? "profileContacts.changeEmailTitle" : "profileContacts.addEmailTitle")}</h1>
      <p className="page-lead">
        {loaderData.email ? t("profileContacts.currentEmail", { address: loaderData.email }) : t("profileContacts.noEmailLead")}
      </p>
      <div className="card contact-step">
        <ContactEntryForm kind="email" lastResult={actionData?.result} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
