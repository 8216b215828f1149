/**
 * `/profile/mail/phone` (spec §2): add or change the phone one signs in with, started from the
 * contacts page. The number gets a one-time code by SMS; the action moves to
 * `/profile/phone/{id}/code` (ADR 017).
 */
import type { Route } from "./+types/profile-mail-phone";
import { ContactEntryForm } from "../components/profile/contact-entry-form.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { profileContext } from "../context.ts";
import { startChangeAction } from "../lib/profile-api/contact-steps.server.ts";
import { formatPhone } from "../lib/profile-api/personal.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  const t = getInstance(context).t;
  return { phone: formatPhone(profile.phone), seo: { title: t(profile.phone ? "profileContacts.changePhoneTitle" : "profileContacts.addPhoneTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  return startChangeAction(request, context, "phone");
}

export default function MailPhone({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="profile-section">
      <p className="profile-back">
        <LocaleLink to="/profile/mail">← {t("profileContacts.title")}</LocaleLink>
      </p>
      <h1>{t(loaderData.phone ? "profileContacts.changePhoneTitle" : "profileContacts.addPhoneTitle")}</h1>
      <p className="page-lead">{loaderData.phone ? t("profileContacts.currentPhone", { address: loaderData.phone }) : t("profileContacts.noPhoneLead")}</p>
      <div className="card contact-step">
        <ContactEntryForm kind="phone" lastResult={actionData?.result} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
