/**
 * Error lines of the personal profile forms (settings, contacts, employees). Messages are locale
 * keys ("auth.errors.codeExpired", "apiErrors.last_owner") or bare validation codes of the shared
 * profile schemas ("invalid_email" → `validation.invalid_email`). The field line keeps its height
 * so nothing jumps when an error appears.
 */
import { useT } from "../../lib/use-t.ts";

export function messageKey(message: string): string {
  return message.includes(".") ? message : `validation.${message}`;
}

export function ProfileFieldError({ id, errors }: { id: string; errors?: string[] }) {
  const t = useT();
  return (
    <p id={id} className="field-error" aria-live="polite">
      {errors?.length ? t(messageKey(errors[0]!)) : " "}
    </p>
  );
}

export function ProfileFormError({ id, errors }: { id?: string; errors?: string[] }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.map((e) => t(messageKey(e))).join(" ")}
    </p>
  );
}
