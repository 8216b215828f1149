/**
 * The code step's forms, shared by sign-in (`/auth/code`) and the change of a sign-in contact
 * (`/profile/{mail|phone}/{id}/code`, ADR 017): "a new code was sent" after a resend, the six-digit
 * code with its errors and the submit button (`intent=verify`), and "send a new code"
 * (`intent=resend`) under the countdown. With JavaScript the resend button waits for the countdown;
 * without it the server refuses a resend that comes too early.
 */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { CodeSchema } from "#contract/auth.ts";
import { useCountdown } from "../lib/use-countdown.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useT } from "../lib/use-t.ts";
import { FieldError, FormErrors } from "./form/errors.tsx";
import type { FormResult } from "./form/result.ts";
import { OneTimeCodeInput } from "./one-time-code-input.tsx";
import { useZodForm } from "../lib/use-zod-form.ts";

export function CodeForms({
  id,
  lastResult,
  defaultCode,
  resendAfter,
  resent,
  resendErrors,
  submitLabel,
  attemptsLeft,
}: {
  /** The form's id (Conform's), when a page may show more than one. */
  id?: string;
  lastResult?: FormResult;
  /** The code from the link in the message, filled in. */
  defaultCode: string;
  /** Seconds until a new code may be asked for. */
  resendAfter: number;
  /** A new code has just been sent. */
  resent?: boolean;
  resendErrors?: string[];
  submitLabel: string;
  /** Wrong codes still allowed, when the last one was refused: the error line says how many. */
  attemptsLeft?: number | null;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const left = useCountdown(resendAfter);
  const [form, fields] = useZodForm(CodeSchema, {
    id,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { code: defaultCode },
  });
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <>
      {resent ? (
        <p className="form-ok" role="status">
          {t("auth.codeResent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <OneTimeCodeInput field={fields.code} label={t("auth.code")} />
        <FieldError
          id={fields.code.errorId}
          errors={fields.code.errors}
          values={attemptsLeft == null ? undefined : { count: attemptsLeft }}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="verify" className="button button-primary" disabled={submitting === "verify"}>
          {submitLabel}
        </button>
      </Form>
      <Form method="post" className="resend">
        {left > 0 ? <p className="muted small">{t("auth.resendIn", { count: left })}</p> : null}
        <FormErrors errors={resendErrors} />
        <button
          type="submit"
          name="intent"
          value="resend"
          className="button button-link"
          disabled={(hydrated && left > 0) || submitting === "resend"}
        >
          {t("auth.resend")}
        </button>
      </Form>
    </>
  );
}
