/** A labelled form field with its error line (the line's height is reserved so nothing jumps). */
import { useTranslation } from "react-i18next";

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="field-error" aria-live="polite">
      {errors?.length ? t(errors[0]!) : " "}
    </p>
  );
}

export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.map((e) => t(e)).join(" ")}
    </p>
  );
}
