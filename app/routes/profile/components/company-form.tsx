/** Pieces of the company pages' forms beyond the shared fields (app/components/form/). */
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useT } from "#app/lib/use-t.ts";
import { COUNTRY_CODES } from "#contract/common.ts";
import { FieldError } from "#app/components/form/errors.tsx";
import { SelectField, type AnyField } from "#app/components/form/field.tsx";
import { Icon } from "#app/components/icon.tsx";

/** A notice for people who may look but not change (plain members, blocked or moderated companies). */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice-warn company-readonly" role="note">
      {children}
    </p>
  );
}

/**
 * A form of one "remove" button (a logo, a file, a legal entity): posts `intent` and, when given, the
 * record's id as `hidden`; with JavaScript asks `confirm` first (without it the form posts at once).
 */
export function RemoveForm({
  intent,
  hidden,
  label,
  ariaLabel,
  confirm,
  disabled,
  className,
}: {
  intent: string;
  hidden?: { name: string; value: string | number };
  label: string;
  ariaLabel?: string;
  confirm?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Form method="post" className={className}>
      {hidden ? <input type="hidden" name={hidden.name} value={hidden.value} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button button-secondary button-small button-danger"
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={
          confirm
            ? (event) => {
                if (!window.confirm(confirm)) event.preventDefault();
              }
            : undefined
        }
      >
        <Icon name="trash-2" size={16} /> {label}
      </button>
    </Form>
  );
}

/**
 * The company's country (radio buttons) and region. With JavaScript the region list offers the
 * chosen country's regions only (`country`, kept by the form, which may change it itself); without
 * it both countries' regions are offered and the API refuses a region of the other country
 * (`unknown_region`).
 */
export function CountryRegionFields({
  countryField,
  regionField,
  regions,
  country,
  onCountry,
}: {
  countryField: AnyField;
  regionField: AnyField;
  regions: { code: string; name: string; country: string }[];
  country: string;
  onCountry: (country: string) => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const groups = COUNTRY_CODES.filter((c) => !hydrated || c === country).map((c) => ({
    label: t(`profileCompany.country.${c}`),
    options: regions.filter((r) => r.country === c).map((r) => ({ value: r.code, label: r.name })),
  }));
  return (
    <>
      <fieldset className="field">
        <legend>{t("profileCompany.fields.country")}</legend>
        <div className="radio-row">
          {COUNTRY_CODES.map((c) => (
            <label key={c} className="field-check">
              <input
                {...getInputProps(countryField, { type: "radio", value: c })}
                key={`${countryField.key}-${c}`}
                onChange={() => onCountry(c)}
              />
              <span>{t(`profileCompany.country.${c}`)}</span>
            </label>
          ))}
        </div>
        <FieldError id={countryField.errorId} errors={countryField.errors} />
      </fieldset>
      <SelectField
        field={regionField}
        label={t("profileCompany.fields.region")}
        groups={groups}
        placeholder={t("profileCompany.chooseRegion")}
      />
    </>
  );
}
