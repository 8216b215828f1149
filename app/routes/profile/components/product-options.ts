/**
 * The choices of the product forms' unit and currency selects (the minimum order's unit, a variant's
 * currency, a price tier's unit and currency), labelled in the page's language.
 */
import { UNIT_IDS } from "#contract/units.ts";
import { CURRENCY_CODES } from "#contract/profile/fields.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import type { SelectOption } from "#app/components/form/options.tsx";

/**
 * `units`: every unit of contract/units.ts, labelled by the product strings (falling back to the
 * unit's own name); `currencies`: the currencies a supplier may price in, with their names.
 */
export function useProductChoices(): { units: SelectOption[]; currencies: SelectOption[] } {
  const t = useT();
  const lang = useLang();
  return {
    units: UNIT_IDS.map((unit) => ({ value: unit, label: t(`profileProducts.units.${unit}`, { defaultValue: unitLabel(unit, lang) }) })),
    currencies: CURRENCY_CODES.map((code) => ({ value: code, label: t(`profileProducts.currencies.${code}`) })),
  };
}
