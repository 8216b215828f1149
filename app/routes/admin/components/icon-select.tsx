/** The icon of a category or service type: one of the site's icon names, or none. */
import { useT } from "#app/lib/use-t.ts";
import { ICON_NAMES } from "#app/lib/icon-names.ts";
import { SelectField, type AnyField } from "#app/components/form/field.tsx";

export function IconSelect({ field }: { field: AnyField }) {
  const t = useT();
  return (
    <SelectField field={field} label={t("admin.fields.icon")}>
      <option value="">{t("admin.form.none")}</option>
      {ICON_NAMES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
