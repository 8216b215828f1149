/**
 * Form pieces of the company pages (company card, start, legal entities): a labelled input, select
 * or textarea bound to a Conform field, its error line and the form-level messages.
 *
 * Error messages arrive as codes: the shared profile schemas (contract/profile/*) and the API
 * give bare validation codes (`required`, `inn_checksum`) translated as `validation.<code>`; the
 * pages give full locale keys (`apiErrors.under_moderation`, `legalEntities.lookupNone`), recognised
 * by their dot. The error line keeps its height so nothing jumps when a message appears.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useT } from "../../lib/use-t.ts";

/** The locale key of an error message (see the module comment). */
export function errorKey(message: string): string {
  return message.includes(".") ? message : `validation.${message}`;
}

export function FieldErrorLine({ id, errors }: { id: string; errors?: string[] }) {
  const t = useT();
  return (
    <p id={id} className="field-error" aria-live="polite">
      {errors?.length ? t(errorKey(errors[0]!)) : " "}
    </p>
  );
}

/** Form-level messages (a refusal of the API, a problem without a field). */
export function FormMessages({ id, errors }: { id?: string; errors?: string[] }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {[...new Set(errors)].map((e) => (
        <p key={e}>{t(errorKey(e))}</p>
      ))}
    </div>
  );
}

interface FieldProps {
  // Conform's metadata of any field of any form.
  field: FieldMetadata<any, any, any>;
  label: string;
  hint?: ReactNode;
  className?: string;
}

/** An `<input>` with its label, hint and error line. */
export function InputField({
  field,
  label,
  hint,
  className,
  type = "text",
  ...rest
}: FieldProps & { type?: "text" | "email" | "url" | "tel" | "number" | "search" } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "form">) {
  const describedBy = [hint ? `${field.id}-hint` : null, field.errorId].filter(Boolean).join(" ");
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} key={field.key} aria-describedby={describedBy} {...rest} />
      {hint ? (
        <p id={`${field.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorLine id={field.errorId} errors={field.errors as string[] | undefined} />
    </div>
  );
}

/** A `<textarea>` with its label and error line. */
export function TextareaField({ field, label, hint, className, rows = 5 }: FieldProps & { rows?: number }) {
  const describedBy = [hint ? `${field.id}-hint` : null, field.errorId].filter(Boolean).join(" ");
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field)} key={field.key} rows={rows} aria-describedby={describedBy} />
      {hint ? (
        <p id={`${field.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorLine id={field.errorId} errors={field.errors as string[] | undefined} />
    </div>
  );
}

/** A `<select>` with its label and error line; `options` may be grouped. */
export function SelectField({
  field,
  label,
  hint,
  className,
  options,
  groups,
  placeholder,
  onChange,
}: FieldProps & {
  options?: { value: string; label: string }[];
  groups?: { label: string; options: { value: string; label: string }[] }[];
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  const describedBy = [hint ? `${field.id}-hint` : null, field.errorId].filter(Boolean).join(" ");
  const option = (o: { value: string; label: string }) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)} key={field.key} aria-describedby={describedBy} onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map(option)}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(option)}
          </optgroup>
        ))}
      </select>
      {hint ? (
        <p id={`${field.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorLine id={field.errorId} errors={field.errors as string[] | undefined} />
    </div>
  );
}

/** A notice for people who may look but not change (plain members, blocked or moderated companies). */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice-warn company-readonly" role="note">
      {children}
    </p>
  );
}
