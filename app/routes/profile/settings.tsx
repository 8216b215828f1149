/**
 * `/profile/settings` (spec §2): the person's own settings, open without a company —
 * - first and last name (PATCH /api/profile);
 * - interface language: saved to the profile and the locale cookie, then the same page opens in the
 *   new language (a full page load, as the language switcher does);
 * - the e-mail and phone they sign in with, with links to change or add them (ADR 017);
 * - their company: role and status, and leaving it (their own employee row is deleted; the last
 *   owner is told to hand the role over first);
 * - "sign out on all devices" (POST /api/auth/logout-all), this one included.
 * Every form posts here with an `intent`; without JavaScript a refusal comes back as a 400 with the
 * errors in the page's language, a success as a redirect with a flash message.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as auth from "#contract/auth.ts";
import * as profileApi from "#contract/profile.ts";
import * as contacts from "#contract/profile-contacts.ts";
import { apiContext, profileContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { LANG_NAMES, LANGS, localePath, pageLang } from "#app/lib/i18n.ts";
import { stepPath } from "./lib/contact-steps.server.ts";
import { LanguageSchema, NameSchema } from "./lib/personal-forms.ts";
import * as employeesApi from "#contract/profile/employees.ts";
import { formatPhone, quotedName } from "./lib/personal.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { clearSessionCookies } from "#app/lib/session.server.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { localeCookie } from "#app/lib/locale-cookie.server.ts";
import { flashCookie, localizedRedirect } from "#app/lib/redirect.server.ts";
import type { FormResult } from "#app/components/form/result.ts";
import { FieldError, FormErrors, FormSubmit } from "#app/components/form/errors.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { InputField } from "#app/components/form/field.tsx";
import { NotificationSettingsCard } from "./components/notification-settings.tsx";
import { loadEmailMode, saveEmailMode } from "./components/notification-settings.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const profile = context.get(profileContext);
  const { data: pending } = await context.get(apiContext).send(contacts.listContactChanges);
  const waiting = (kind: "email" | "phone") => {
    const change = pending.find((c) => c.kind === kind);
    return change
      ? {
          display: kind === "phone" ? (formatPhone(change.value) ?? change.value) : change.value,
          codePath: stepPath(kind, change.id, "code"),
        }
      : null;
  };
  const org = profile.organization;
  const emailMode = await loadEmailMode(context.get(apiContext));
  return {
    emailMode,
    firstName: profile.firstName,
    lastName: profile.lastName,
    locale: profile.locale,
    email: profile.email,
    phone: formatPhone(profile.phone),
    pendingEmail: waiting("email"),
    pendingPhone: waiting("phone"),
    organization: org ? { name: quotedName(org.name, lang), role: org.role, employeeStatus: org.employeeStatus } : null,
    seo: { title: getInstance(context).t("profileSettings.title") },
  };
}

type Intent = "name" | "language" | "leave" | "logoutAll";

/** Why one may not leave the company, as this page says it. */
const LEAVE_ERRORS = {
  last_owner: { message: "profileSettings.errors.lastOwner" },
  member_blocked: { message: "profileSettings.errors.leaveBlocked" },
};

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const api = context.get(apiContext);
  // Notification e-mails (issue 14; ADR 028).
  if (formData.get("intent") === "notifications") return saveEmailMode(api, request, formData);

  if (intent === "name") {
    const submission = parseWithZod(formData, { schema: NameSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await api.send(profileApi.updateProfile, { body: submission.value });
    } catch (error) {
      return replyWithApiError(submission, error, { data: { intent } });
    }
    return localizedRedirect(request, "/profile/settings", "profileSettings.flash.nameSaved");
  }

  if (intent === "language") {
    const submission = parseWithZod(formData, { schema: LanguageSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const lang = submission.value.locale;
    try {
      await api.send(profileApi.updateProfile, { body: { locale: lang } });
    } catch (error) {
      return replyWithApiError(submission, error, { data: { intent } });
    }
    // A whole new document: the page's language comes from its URL and every string must follow.
    const headers = new Headers({ "set-cookie": localeCookie.serialize(lang) });
    headers.append("set-cookie", flashCookie("profileSettings.flash.languageSaved"));
    return redirectDocument(localePath(lang, "/profile/settings"), { headers });
  }

  if (intent === "leave") {
    const org = context.get(profileContext).organization;
    if (!org) return localizedRedirect(request, "/profile/settings");
    try {
      await api.send(employeesApi.removeEmployee, { params: { id: org.memberId } });
    } catch (error) {
      return replyWithApiError(null, error, { codes: LEAVE_ERRORS, data: { intent } });
    }
    return localizedRedirect(request, "/profile/settings", { message: "profileSettings.flash.leftCompany", tone: "info" });
  }

  if (intent === "logoutAll") {
    try {
      await api.send(auth.logoutAll);
    } catch (error) {
      // Signed out already (401) or the API is down: this browser's cookies go in any case.
      if (!(error instanceof ApiClientError)) throw error;
    }
    const session = context.get(sessionContext);
    session.accessToken = null;
    session.setCookies.push(...clearSessionCookies());
    return localizedRedirect(request, "/", { message: "profileSettings.flash.signedOutEverywhere", tone: "info" });
  }
  return data({ intent: null, result: null }, { status: 400 });
}

function NameForm({ firstName, lastName, lastResult }: { firstName: string; lastName: string; lastResult?: FormResult }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(NameSchema, {
    id: "settings-name",
    lastResult: lastResult,
    defaultValue: { firstName, lastName },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "name";
  return (
    <Form method="post" {...getFormProps(form)} className="settings-form">
      <div className="settings-fields">
        <InputField field={fields.firstName} label={t("auth.firstName")} autoComplete="given-name" />
        <InputField field={fields.lastName} label={t("auth.lastName")} autoComplete="family-name" />
      </div>
      <FormSubmit form={form} label={t("profileSettings.saveName")} intent="name" busy={busy} />
    </Form>
  );
}

function LanguageForm({ locale, lastResult }: { locale: string; lastResult?: FormResult }) {
  const t = useT();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(LanguageSchema, {
    id: "settings-language",
    lastResult: lastResult,
    defaultValue: { locale },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "language";
  return (
    <Form method="post" {...getFormProps(form)} className="settings-form">
      <fieldset className="field language-choice" aria-describedby={fields.locale.errorId}>
        <legend>{t("profileSettings.languageLabel")}</legend>
        {LANGS.map((lang) => (
          <label key={lang} className="field-check language-option" lang={lang}>
            <input type="radio" name={fields.locale.name} value={lang} defaultChecked={lang === locale} />
            <span>{LANG_NAMES[lang]}</span>
          </label>
        ))}
      </fieldset>
      <FieldError id={fields.locale.errorId} errors={fields.locale.errors} />
      <FormSubmit form={form} label={t("profileSettings.saveLanguage")} intent="language" busy={busy} />
    </Form>
  );
}

/** The texts and the change page of each sign-in contact. */
const SIGN_IN_CONTACTS = {
  email: {
    label: "profileContacts.email",
    none: "profileContacts.noEmail",
    to: "/profile/change_mail",
    change: "profileContacts.changeEmail",
    add: "profileContacts.addEmail",
    pending: "profileContacts.pendingEmail",
  },
  phone: {
    label: "profileContacts.phone",
    none: "profileContacts.noPhone",
    to: "/profile/phone",
    change: "profileContacts.changePhone",
    add: "profileContacts.addPhone",
    pending: "profileContacts.pendingPhone",
  },
} as const;

/**
 * One sign-in contact of the settings card: the address (`value`, or a muted "none"), the link to
 * change or add it and, while a change waits for its code, the new address with the link to enter it.
 */
function SignInContact({
  kind,
  value,
  pending,
}: {
  kind: keyof typeof SIGN_IN_CONTACTS;
  value: string | null;
  pending: { display: string; codePath: string } | null;
}) {
  const t = useT();
  const texts = SIGN_IN_CONTACTS[kind];
  return (
    <div>
      <dt>{t(texts.label)}</dt>
      <dd>
        <span className={value ? "contact-value" : "contact-value muted"}>{value ?? t(texts.none)}</span>
        <LocaleLink to={texts.to}>{t(value ? texts.change : texts.add)}</LocaleLink>
        {pending ? (
          <span className="contact-waiting small">
            {t(texts.pending, { address: pending.display })} <LocaleLink to={pending.codePath}>{t("profileContacts.enterCode")}</LocaleLink>
          </span>
        ) : null}
      </dd>
    </div>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const d = loaderData;
  const resultOf = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const leaveError = (resultOf("leave") as { error?: Record<string, string[]> } | undefined)?.error?.[""];
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <section className="profile-section">
      <h1>{t("profileSettings.title")}</h1>

      <div className="card settings-card">
        <h2>{t("profileSettings.nameTitle")}</h2>
        <NameForm firstName={d.firstName} lastName={d.lastName} lastResult={resultOf("name")} />
      </div>

      <div className="card settings-card">
        <h2>{t("profileSettings.languageTitle")}</h2>
        <p className="muted small">{t("profileSettings.languageLead")}</p>
        <LanguageForm locale={d.locale} lastResult={resultOf("language")} />
      </div>

      <div className="card settings-card">
        <h2>{t("profileSettings.signInTitle")}</h2>
        <p className="muted small">{t("profileSettings.signInLead")}</p>
        <dl className="settings-contacts">
          <SignInContact kind="email" value={d.email} pending={d.pendingEmail} />
          <SignInContact kind="phone" value={d.phone} pending={d.pendingPhone} />
        </dl>
        <p className="small">
          <LocaleLink to="/profile/mail">{t("profileContacts.manage")}</LocaleLink>
        </p>
      </div>

      <div className="card settings-card">
        <h2>{t("profileSettings.companyTitle")}</h2>
        {d.organization ? (
          <>
            <p>
              {d.organization.employeeStatus === "blocked"
                ? t("profileSettings.memberBlocked", { company: d.organization.name })
                : t("profileSettings.memberOf", { company: d.organization.name, role: t(`profileEmployees.roles.${d.organization.role}`) })}
            </p>
            {d.organization.employeeStatus === "active" ? (
              <details className="danger-zone" open={Boolean(leaveError)}>
                <summary>{t("profileSettings.leave")}</summary>
                <p className="small">{t("profileSettings.leaveWarning", { company: d.organization.name })}</p>
                <FormErrors errors={leaveError} />
                <Form method="post">
                  <button type="submit" name="intent" value="leave" className="button button-danger" disabled={pendingIntent === "leave"}>
                    {t("profileSettings.leaveConfirm")}
                  </button>
                </Form>
              </details>
            ) : null}
          </>
        ) : (
          <>
            <p className="muted">{t("profileSettings.noCompany")}</p>
            <LocaleLink to="/profile/start" className="button button-secondary">
              {t("profileSettings.toStart")}
            </LocaleLink>
          </>
        )}
      </div>

      <NotificationSettingsCard emailMode={d.emailMode} />

      <div className="card settings-card">
        <h2>{t("apiKeys.personalTitle")}</h2>
        <p className="muted small">{t("apiKeys.settingsLead")}</p>
        <LocaleLink to="/profile/settings/api-keys" className="button button-secondary">
          {t("apiKeys.manage")}
        </LocaleLink>
      </div>

      <div className="card settings-card">
        <h2>{t("profileSettings.sessionsTitle")}</h2>
        <p className="muted small">{t("profileSettings.sessionsLead")}</p>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="logoutAll"
            className="button button-secondary"
            disabled={pendingIntent === "logoutAll"}
          >
            {t("profileSettings.logoutAll")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
