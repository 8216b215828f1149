/**
 * Error lines of the sign-in forms (the line's height is reserved so nothing jumps). A message is a
 * locale key ("auth.errors.codeExpired") or a bare validation code of the contract's schemas
 * ("invalid_login" → `validation.invalid_login`).
 */
import { useTranslation } from "react-i18next";

/** The locale key of a form message: keys as they are, validation codes under `validation.`. */
function messageKey(message: string): string {
  return message.includes(".") ? message : `validation.${message}`;
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="field-error" aria-live="polite">
      {errors?.length ? t(messageKey(errors[0]!)) : " "}
    </p>
  );
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.map((e) => t(messageKey(e))).join(" ")}
    </p>
  );
}
