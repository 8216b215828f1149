/**
 * `/profile/phone` (spec §2): the phone one signs in with — the current number, a change waiting
 * for its code, and the form to add or change it (a code goes by SMS to the new number; the action
 * moves to `/profile/phone/{id}/code`, ADR 017).
 */
import type { Route } from "./+types/phone";
import { ContactEntryForm } from "./components/contact-entry-form.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as contacts from "#contract/profile-contacts.ts";
import { apiContext, profileContext } from "#app/context.ts";
import { startChangeAction, stepPath } from "../lib/contact-steps.server.ts";
import { formatPhone } from "../lib/personal.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { BackLink } from "../components/back-link.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  const pending = (await context.get(apiContext).send(contacts.listContactChanges)).data.find((c) => c.kind === "phone");
  return {
    phone: formatPhone(profile.phone),
    pending: pending ? { display: formatPhone(pending.value) ?? pending.value, codePath: stepPath("phone", pending.id, "code") } : null,
    seo: { title: getInstance(context).t("profileContacts.phoneTitle") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return startChangeAction(request, context, "phone");
}

export default function Phone({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { phone, pending } = loaderData;
  return (
    <section className="profile-section">
      <BackLink to="/profile/mail" className="profile-back" label={t("profileContacts.title")} />
      <h1>{t("profileContacts.phoneTitle")}</h1>
      <p className="page-lead">{phone ? t("profileContacts.currentPhone", { address: phone }) : t("profileContacts.noPhoneLead")}</p>
      {pending ? (
        <p className="notice">
          {t("profileContacts.pendingPhone", { address: pending.display })}{" "}
          <LocaleLink to={pending.codePath}>{t("profileContacts.enterCode")}</LocaleLink>
        </p>
      ) : null}
      <div className="card contact-step">
        <h2>{t(phone ? "profileContacts.changePhoneTitle" : "profileContacts.addPhoneTitle")}</h2>
        <ContactEntryForm kind="phone" lastResult={actionData?.result} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
