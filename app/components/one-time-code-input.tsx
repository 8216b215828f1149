/**
 * The one-time code field of sign-in and of a sign-in contact change: numeric keyboard, the
 * browser's `one-time-code` autofill (SMS and mail apps offer the code), focused on arrival.
 * `field` is the Conform metadata of the `code` field; its error is shown by the caller.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";

export function OneTimeCodeInput({ field, label }: { field: FieldMetadata<string, any, string[]>; label: string }) {
  return (
    <label className="field" htmlFor={field.id}>
      <span>{label}</span>
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        className="code-input"
        aria-describedby={field.errorId}
        // oxlint-disable-next-line jsx-a11y/no-autofocus -- the step's only field, right after the code was sent
        autoFocus
      />
    </label>
  );
}
