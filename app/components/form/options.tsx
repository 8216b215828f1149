/**
 * The options of a `<select>` given as value/label pairs — the form fields (./field.tsx), the GET
 * filters (../filter-select.tsx) and the price list pages' plain selects render them the same way.
 */

/** One `<option>`: what the form sends (`value`) and what the reader sees (`label`). */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * One option per code, the code being its own label — for codes people read as they are (ISO 4217
 * currency codes, Incoterms rules).
 */
export function codeOptions(codes: readonly string[]): SelectOption[] {
  return codes.map((code) => ({ value: code, label: code }));
}

/** The `<option>` elements of `options`, in order, keyed by value (so values must be unique). */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
