/**
 * Parts of the admin area's GET filter forms (the audit log, the press centre, the record lists):
 * a choice among a fixed set of values named by locale keys, and the form's "Apply" / "Reset"
 * buttons. They render on the server and work without JavaScript.
 */
import { useT } from "#app/lib/use-t.ts";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";

/**
 * A select over `values`, each named by the locale key `${prefix}${value}` (the value itself when the
 * key is missing), after an "any" option that leaves the filter off; `value` is the one chosen.
 */
export function ChoiceFilter({
  name,
  label,
  value,
  values,
  prefix,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  values: readonly string[];
  /** The locale keys' common start, with its dot: "admin.status.". */
  prefix: string;
}) {
  const t = useT();
  const options = values.map((v) => ({ value: v, label: t(`${prefix}${v}`, { defaultValue: v }) }));
  return <FilterSelect name={name} label={label} value={value} any={t("admin.filters.any")} options={options} />;
}

/**
 * "Apply" and "Reset": reset goes to `resetTo` (a language-neutral path: the list without filters),
 * or, without it, to the page's own address without its query (`?`).
 */
export function FilterActions({ resetTo }: { resetTo?: string }) {
  const t = useT();
  const label = t("admin.filters.reset");
  return (
    <div className="admin-filter-actions">
      <button type="submit" className="button">
        {t("admin.filters.apply")}
      </button>
      {resetTo ? (
        <LocaleLink to={resetTo} className="button button-secondary">
          {label}
        </LocaleLink>
      ) : (
        <a href="?" className="button button-secondary">
          {label}
        </a>
      )}
    </div>
  );
}
