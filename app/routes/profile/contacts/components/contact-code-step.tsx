/**
 * The code step of a sign-in contact change (ADR 017): the code sent to the new address, "send a new
 * code" behind the resend countdown (live with JavaScript, stated in seconds without — the approach
 * of app/routes/auth/code.tsx), a link back to the entry step to correct the address, and cancel.
 * A wrong code keeps what was typed and says how many attempts are left.
 */
import { Form } from "react-router";
import { useT } from "#app/lib/use-t.ts";
import { CodeForms } from "#app/components/code-forms.tsx";
import type { FormResult } from "#app/components/form/result.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";

export interface CodeStepData {
  id: number;
  kind: "email" | "phone";
  display: string;
  resendAfter: number;
  expiresIn: number;
  /** A code from the e-mail's link, filled in. */
  code: string;
}

export interface CodeStepAction {
  intent: "verify" | "resend";
  resent: boolean;
  result: FormResult;
  /** After a wrong code: the wrong codes still allowed (null when the API did not say). */
  attemptsLeft?: number | null;
}

export function ContactCodeStep({
  change,
  actionData,
  entryPath,
}: {
  change: CodeStepData;
  actionData?: CodeStepAction;
  entryPath: string;
}) {
  const t = useT();
  const resendResult = actionData?.intent === "resend" ? (actionData.result as { error?: Record<string, string[]> } | null) : null;
  return (
    <div className="card contact-step">
      <p>{t(change.kind === "email" ? "profileContacts.codeSentEmail" : "profileContacts.codeSentPhone", { address: change.display })}</p>
      {change.expiresIn === 0 ? <p className="notice notice-warn">{t("profileContacts.codeExpiredHint")}</p> : null}
      <CodeForms
        id={`contact-code-${change.id}`}
        lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
        defaultCode={change.code}
        resendAfter={change.resendAfter}
        resent={actionData?.resent}
        resendErrors={resendResult?.error?.[""]}
        submitLabel={t("profileContacts.confirm")}
        attemptsLeft={actionData?.intent === "verify" ? actionData.attemptsLeft : undefined}
      />
      <div className="contact-step-links">
        <LocaleLink to={entryPath}>{t(change.kind === "email" ? "profileContacts.otherEmail" : "profileContacts.otherPhone")}</LocaleLink>
        <CancelChangeForm />
      </div>
    </div>
  );
}

/** "Cancel the change": posts `intent=cancel` (and the change's `id` where the page lists several). */
export function CancelChangeForm({ id }: { id?: number }) {
  const t = useT();
  return (
    <Form method="post" className="inline-form">
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <button type="submit" name="intent" value="cancel" className="button button-link button-link-muted">
        {t("profileContacts.cancelChange")}
      </button>
    </Form>
  );
}
