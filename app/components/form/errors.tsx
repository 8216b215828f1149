/**
 * A field's error line and a form's error list, with the messages' text from one rule
 * (./messages.ts). The field line is always rendered and keeps its height, so nothing jumps when a
 * message appears; Conform points the input's `aria-describedby` at it (`field.errorId`).
 */
import { useT } from "#app/lib/use-t.ts";
import { messageText } from "./messages.ts";
import { SubmitButton } from "./submit-button.tsx";

/**
 * A field's first error. `overrides` gives a code a message of this field's own (a price's
 * `too_small` says the price must be positive); `values` fills its placeholders (a wrong code's
 * attempts left).
 */
export function FieldError({
  id,
  errors,
  overrides,
  values,
}: {
  id: string;
  errors?: readonly string[] | null;
  overrides?: Record<string, string>;
  values?: { count?: number };
}) {
  const t = useT();
  const message = errors?.[0];
  return (
    <p id={id} className="field-error" aria-live="polite">
      {message ? messageText(t, overrides?.[message] ?? message, "field", values) : " "}
    </p>
  );
}

/** A form's own errors (an API refusal, a problem without a field), each once; nothing when there are none. */
export function FormErrors({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {[...new Set(errors)].map((message) => (
        <p key={message}>{messageText(t, message, "form")}</p>
      ))}
    </div>
  );
}

/**
 * The end of a Conform form: its own errors (`form.errorId`, `form.errors`), then its SubmitButton
 * labelled `label` (disabled while `busy`, or, left out, while the page submits). `intent` names the
 * button's `intent` value, for a page whose action tells its forms apart by it.
 */
export function FormSubmit({
  form,
  label,
  className = "button",
  intent,
  busy,
}: {
  form: { errorId: string; errors?: readonly string[] };
  label: string;
  className?: string;
  intent?: string;
  busy?: boolean;
}) {
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className={className} intent={intent} busy={busy}>
        {label}
      </SubmitButton>
    </>
  );
}
