/**
 * Form fields bound to Conform's field metadata: a labelled control with its hint and error line
 * (./errors.tsx). `Field` is the frame for any control; `InputField`, `TextareaField` and
 * `SelectField` fill it with Conform's props (name, default value, `aria-invalid`), pointing
 * `aria-describedby` at the hint and the error line. Everything renders on the server and works
 * without JavaScript.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldError } from "./errors.tsx";
import { SelectOptions, type SelectOption } from "./options.tsx";

/** Conform's metadata of any field of any form (a typed `fields.x` is assignable to it). */
export type AnyField = FieldMetadata<any, any, string[]>;

interface FrameProps {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** The ids the control is described by: its hint (when there is one) and its error line. */
export function describedBy(field: AnyField, hint?: ReactNode): string {
  return [hint ? `${field.id}-hint` : null, field.errorId].filter(Boolean).join(" ");
}

/**
 * The head of a field framed by a `<fieldset>` (a localized text, a classifier picker, a radio group):
 * its `<legend>`, then the hint, when there is one, as a paragraph `hintId` that the fieldset's
 * `aria-describedby` names.
 */
export function FieldsetHead({ legend, hint, hintId }: { legend: ReactNode; hint?: ReactNode; hintId: string }) {
  return (
    <>
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="lf-hint muted small">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** Label, control, hint and error line of one field (`children` is the control, with `id = field.id`). */
export function Field({ field, label, hint, className, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={field.id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${field.id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputType = "text" | "email" | "url" | "tel" | "number" | "search" | "date" | "datetime-local";

/** An `<input>` in its frame. */
export function InputField({
  field,
  label,
  hint,
  className,
  type = "text",
  ...rest
}: FrameProps & { type?: InputType } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "form">) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <input {...getInputProps(field, { type })} key={field.key} aria-describedby={describedBy(field, hint)} {...rest} />
    </Field>
  );
}

/** A `<textarea>` in its frame. */
export function TextareaField({
  field,
  label,
  hint,
  className,
  rows = 5,
  ...rest
}: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "form">) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <textarea {...getTextareaProps(field)} key={field.key} rows={rows} aria-describedby={describedBy(field, hint)} {...rest} />
    </Field>
  );
}

/** A `<select>` in its frame: `options` (may be grouped), or `<option>` children. */
export function SelectField({
  field,
  label,
  hint,
  className,
  options,
  groups,
  placeholder,
  onChange,
  children,
  ...rest
}: FrameProps & {
  options?: SelectOption[];
  groups?: { label: string; options: SelectOption[] }[];
  placeholder?: string;
  onChange?: (value: string) => void;
  children?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "form" | "onChange" | "children">) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <select
        {...getSelectProps(field)}
        key={field.key}
        aria-describedby={describedBy(field, hint)}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options ? <SelectOptions options={options} /> : null}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            <SelectOptions options={g.options} />
          </optgroup>
        ))}
        {children}
      </select>
    </Field>
  );
}
