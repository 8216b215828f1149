/**
 * A repeated part of the product form — the specifications (`facts`) or the variants — as a section
 * of numbered row cards, each with its remove button, and an add button while there is room. Rows are
 * added and removed with Conform's list intents: with JavaScript at once in the browser, without it
 * as submit buttons the action answers with the form's state (nothing typed is lost).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useT } from "#app/lib/use-t.ts";
import { FieldError } from "#app/components/form/errors.tsx";

type Meta = FieldMetadata<any, any, string[]>;

/** The rows of a Conform list field (`fields.facts`, `v.attributes`), typed loosely as the form is. */
export const listOf = (field: Meta) => (field as unknown as { getFieldList: () => Meta[] }).getFieldList();
/** The fields `K` of one row of a list field (a fact's `key` and `value`). */
export const setOf = <K extends string>(field: Meta) => (field as unknown as { getFieldset: () => Record<K, Meta> }).getFieldset();

/**
 * The section of the list field `list`, at most `max` rows; `children` renders the fields of one row
 * (0-based `index`). Texts and ids follow `kind`: `profileProducts.<kind>.title|lead|empty|remove|add`,
 * heading id `pp-<kind>-title`.
 */
export function ProductRowList({
  kind,
  form,
  list,
  max,
  children,
}: {
  kind: "facts" | "variants";
  form: FormMetadata<any, string[]>;
  list: Meta;
  max: number;
  children: (row: Meta, index: number) => ReactNode;
}) {
  const t = useT();
  const rows = listOf(list);
  return (
    <section className="pp-section" aria-labelledby={`pp-${kind}-title`}>
      <h2 id={`pp-${kind}-title`}>{t(`profileProducts.${kind}.title`)}</h2>
      <p className="muted small">{t(`profileProducts.${kind}.lead`)}</p>
      {rows.length === 0 ? <p className="muted">{t(`profileProducts.${kind}.empty`)}</p> : null}
      {rows.length > 0 ? (
        <ol className="pp-rows">
          {rows.map((row, index) => (
            <li key={row.key} className="pp-row-card">
              {children(row, index)}
              <button className="button-link pp-remove" {...form.remove.getButtonProps({ name: list.name, index })}>
                {t(`profileProducts.${kind}.remove`, { n: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <FieldError id={list.errorId} errors={list.errors} />
      {rows.length < max ? (
        <button className="button button-secondary button-small" {...form.insert.getButtonProps({ name: list.name })}>
          {t(`profileProducts.${kind}.add`)}
        </button>
      ) : null}
    </section>
  );
}
