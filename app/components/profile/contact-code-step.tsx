/**
 * The code step of a sign-in contact change (ADR 017): the code sent to the new address, "send a new
 * code" behind the resend countdown (live with JavaScript, stated in seconds without — the approach
 * of app/routes/auth-code.tsx), a link back to the entry step to correct the address, and cancel.
 * A wrong code keeps what was typed and says how many attempts are left.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CodeSchema } from "../../lib/profile-api/personal-forms.ts";
import { useCountdown } from "../../lib/use-countdown.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useT } from "../../lib/use-t.ts";
import { LocaleLink } from "../locale-link.tsx";
import { OneTimeCodeInput } from "../one-time-code-input.tsx";
import type { FormResult } from "../form/result.ts";
import { FieldError, FormErrors } from "../form/errors.tsx";


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
}

export function ContactCodeStep({ change, actionData, entryPath }: { change: CodeStepData; actionData?: CodeStepAction; entryPath: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const left = useCountdown(change.resendAfter);
  const verifyResult = actionData?.intent === "verify" ? actionData.result : undefined;
  const resendResult = actionData?.intent === "resend" ? (actionData.result as { error?: Record<string, string[]> } | null) : null;
  const [form, fields] = useForm({
    id: `contact-code-${change.id}`,
    lastResult: verifyResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { code: change.code },
  });
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="card contact-step">
      <p>{t(change.kind === "email" ? "profileContacts.codeSentEmail" : "profileContacts.codeSentPhone", { address: change.display })}</p>
      {change.expiresIn === 0 ? <p className="notice notice-warn">{t("profileContacts.codeExpiredHint")}</p> : null}
      {actionData?.resent ? (
        <p className="form-ok" role="status">
          {t("auth.codeResent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <OneTimeCodeInput field={fields.code} label={t("auth.code")} />
        <FieldError id={fields.code.errorId} errors={fields.code.errors} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="verify" className="button button-primary" disabled={submitting === "verify"}>
          {t("profileContacts.confirm")}
        </button>
      </Form>
      <Form method="post" className="resend">
        {left > 0 ? <p className="muted small">{t("auth.resendIn", { count: left })}</p> : null}
        <FormErrors errors={resendResult?.error?.[""]} />
        <button type="submit" name="intent" value="resend" className="button button-link" disabled={(hydrated && left > 0) || submitting === "resend"}>
          {t("auth.resend")}
        </button>
      </Form>
      <div className="contact-step-links">
        <LocaleLink to={entryPath}>{t(change.kind === "email" ? "profileContacts.otherEmail" : "profileContacts.otherPhone")}</LocaleLink>
        <Form method="post" className="inline-form">
          <button type="submit" name="intent" value="cancel" className="button button-link button-link-muted">
            {t("profileContacts.cancelChange")}
          </button>
        </Form>
      </div>
    </div>
  );
}
