/**
 * The three step pages of a sign-in contact change (spec §2 `profile/mail/{id}` → `/code` →
 * `/success`, and the same under `profile/phone`; ADR 017), shared by the e-mail and phone routes:
 * - entry: the address of the pending change, which can be corrected (a code goes to the new one);
 * - code: ContactCodeStep;
 * - success: the address the person now signs in with.
 */
import type { ReactNode } from "react";
import { useT } from "#app/lib/use-t.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { ContactCodeStep, type CodeStepAction, type CodeStepData } from "./contact-code-step.tsx";
import { ContactEntryForm } from "./contact-entry-form.tsx";
import type { FormResult } from "#app/components/form/result.ts";
import { BackLink } from "#app/routes/profile/components/back-link.tsx";

type Kind = "email" | "phone";

/** The steps, in order, as a small progress line. */
function StepLine({ step }: { step: 1 | 2 | 3 }) {
  const t = useT();
  const steps = [t("profileContacts.stepAddress"), t("profileContacts.stepCode"), t("profileContacts.stepDone")];
  return (
    <ol className="contact-steps" aria-label={t("profileContacts.stepsLabel")}>
      {steps.map((label, i) => (
        <li
          key={label}
          className={i + 1 === step ? "is-current" : i + 1 < step ? "is-done" : undefined}
          aria-current={i + 1 === step ? "step" : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}

function Back() {
  const t = useT();
  return <BackLink to="/profile/mail" className="profile-back" label={t("profileContacts.title")} />;
}

const TITLE: Record<Kind, string> = { email: "profileContacts.changeEmailTitle", phone: "profileContacts.changePhoneTitle" };

/** A step page of the change: the way back, the heading, the progress line at `step`, then the step's own content. */
function StepPage({ title, step, children }: { title: string; step: 1 | 2 | 3; children: ReactNode }) {
  return (
    <section className="profile-section">
      <Back />
      <h1>{title}</h1>
      <StepLine step={step} />
      {children}
    </section>
  );
}

export function EntryStepPage({
  kind,
  change,
  result,
}: {
  kind: Kind;
  change: { display: string; codePath: string };
  result?: FormResult;
}) {
  const t = useT();
  return (
    <StepPage title={t(TITLE[kind])} step={1}>
      <div className="card contact-step">
        <p>{t(kind === "email" ? "profileContacts.pendingEmail" : "profileContacts.pendingPhone", { address: change.display })}</p>
        <ContactEntryForm kind={kind} defaultValue={change.display} lastResult={result} />
        <p className="small">
          <LocaleLink to={change.codePath}>{t("profileContacts.haveCode")}</LocaleLink>
        </p>
      </div>
    </StepPage>
  );
}

/**
 * The page that starts a change (`/profile/change_mail`, `/profile/mail/phone`): the current address
 * (or none yet) and the entry form.
 */
export function NewContactPage({ kind, current, result }: { kind: Kind; current: string | null; result?: FormResult }) {
  const t = useT();
  const texts =
    kind === "email"
      ? {
          change: "profileContacts.changeEmailTitle",
          add: "profileContacts.addEmailTitle",
          current: "profileContacts.currentEmail",
          none: "profileContacts.noEmailLead",
        }
      : {
          change: "profileContacts.changePhoneTitle",
          add: "profileContacts.addPhoneTitle",
          current: "profileContacts.currentPhone",
          none: "profileContacts.noPhoneLead",
        };
  return (
    <section className="profile-section">
      <Back />
      <h1>{t(current ? texts.change : texts.add)}</h1>
      <p className="page-lead">{current ? t(texts.current, { address: current }) : t(texts.none)}</p>
      <div className="card contact-step">
        <ContactEntryForm kind={kind} lastResult={result} />
      </div>
    </section>
  );
}

export function CodeStepPage({
  kind,
  change,
  actionData,
  entryPath,
}: {
  kind: Kind;
  change: CodeStepData;
  actionData?: CodeStepAction;
  entryPath: string;
}) {
  const t = useT();
  return (
    <StepPage title={t(TITLE[kind])} step={2}>
      <ContactCodeStep change={change} actionData={actionData} entryPath={entryPath} />
    </StepPage>
  );
}

export function SuccessStepPage({ kind, display }: { kind: Kind; display: string }) {
  const t = useT();
  return (
    <StepPage title={t(kind === "email" ? "profileContacts.emailChangedTitle" : "profileContacts.phoneChangedTitle")} step={3}>
      <div className="card contact-step contact-success" role="status">
        <p className="contact-success-address">{display}</p>
        <p>{t(kind === "email" ? "profileContacts.emailChangedText" : "profileContacts.phoneChangedText")}</p>
        <div className="page-actions">
          <LocaleLink to="/profile/settings" className="button">
            {t("profileContacts.toSettings")}
          </LocaleLink>
          <LocaleLink to="/profile/mail" className="button button-secondary">
            {t("profileContacts.title")}
          </LocaleLink>
        </div>
      </div>
    </StepPage>
  );
}
