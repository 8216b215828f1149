/**
 * One choice of a GET filter form (the catalogue, suppliers, service offers, admin lists): a
 * labelled `<select>` whose first option, "any", leaves the filter off (an empty parameter, which
 * the pages drop from their URLs).
 */
import { SelectOptions, type SelectOption } from "./form/options.tsx";

export type FilterOption = SelectOption;

export function FilterSelect({
  name,
  label,
  value,
  any,
  options,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  any: string;
  options: FilterOption[];
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        <option value="">{any}</option>
        <SelectOptions options={options} />
      </select>
    </label>
  );
}
