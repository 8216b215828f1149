/**
 * `/profile/mail` (spec §2, ADR 017): the e-mail and phone the person signs in with, each with its
 * action (change the e-mail → `/profile/change_mail`; add or change the phone →
 * `/profile/mail/phone`) and any change still waiting for its code, which can be continued or
 * cancelled here.
 */
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/mail";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as contacts from "#contract/profile-contacts.ts";
import { apiContext, profileContext } from "#app/context.ts";
import { stepPath } from "../lib/contact-steps.server.ts";
import { ApiClientError, formatPhone } from "../lib/personal.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { apiErrorMessages } from "#app/lib/forms/api-errors.server.ts";
import { CancelChangeForm } from "./components/contact-code-step.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  const { data: pending } = await context.get(apiContext).send(contacts.listContactChanges);
  return {
    email: profile.email,
    phone: formatPhone(profile.phone),
    pending: pending.map((c) => ({
      id: c.id,
      kind: c.kind,
      display: c.kind === "phone" ? (formatPhone(c.value) ?? c.value) : c.value,
      codePath: stepPath(c.kind, c.id, "code"),
    })),
    seo: { title: getInstance(context).t("profileContacts.title") },
  };
}

/** `intent=cancel`, `id`: cancels a pending change. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "cancel" || !Number.isInteger(id) || id <= 0) return data({ errors: ["invalid_body"] }, { status: 400 });
  try {
    await context.get(apiContext).send(contacts.cancelContactChange, { params: { id } });
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status !== 404) {
      const { messages, status } = apiErrorMessages(error);
      return data({ errors: messages }, { status });
    }
  }
  return localizedRedirect(request, "/profile/mail", { message: "profileContacts.flash.cancelled", tone: "info" });
}

export default function Mail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { email, phone, pending } = loaderData;
  const cancelling = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <section className="profile-section">
      <h1>{t("profileContacts.title")}</h1>
      <p className="page-lead">{t("profileContacts.lead")}</p>
      <FormErrors errors={actionData?.errors} />
      <ul className="contact-list">
        {(["email", "phone"] as const).map((kind) => {
          const value = kind === "email" ? email : phone;
          const waiting = pending.filter((c) => c.kind === kind && String(c.id) !== cancelling);
          return (
            <li key={kind} className="card contact-card">
              <div className="contact-card-main">
                <h2>{t(kind === "email" ? "profileContacts.email" : "profileContacts.phone")}</h2>
                <p className={value ? "contact-value" : "contact-value muted"}>
                  {value ?? t(kind === "email" ? "profileContacts.noEmail" : "profileContacts.noPhone")}
                </p>
              </div>
              <LocaleLink to={kind === "email" ? "/profile/change_mail" : "/profile/mail/phone"} className="button button-secondary">
                {t(
                  kind === "email"
                    ? value
                      ? "profileContacts.changeEmail"
                      : "profileContacts.addEmail"
                    : value
                      ? "profileContacts.changePhone"
                      : "profileContacts.addPhone",
                )}
              </LocaleLink>
              {waiting.map((change) => (
                <div key={change.id} className="contact-pending">
                  <p>
                    {t(kind === "email" ? "profileContacts.pendingEmail" : "profileContacts.pendingPhone", { address: change.display })}
                  </p>
                  <div className="contact-pending-actions">
                    <LocaleLink to={change.codePath} className="button button-small">
                      {t("profileContacts.enterCode")}
                    </LocaleLink>
                    <CancelChangeForm id={change.id} />
                  </div>
                </div>
              ))}
            </li>
          );
        })}
      </ul>
      <p className="muted small">{t("profileContacts.securityNote")}</p>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
