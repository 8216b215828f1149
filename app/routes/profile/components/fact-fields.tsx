/**
 * The two fields of one fact row (contract/profile/fields.ts `FactSchema`: a label of at most 100
 * characters and a value of at most 500, each in ru/en/zh), as the company's facts form and the
 * product's specifications render them.
 */
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import type { AnyField } from "#app/components/form/field.tsx";
import { useT } from "#app/lib/use-t.ts";

/** A fact's two parts, in the order they are shown, and their length limits in characters (FactSchema). */
const FACT_PARTS = ["key", "value"] as const;
const FACT_MAX_LENGTH = { key: 100, value: 500 } as const;

/**
 * The label and value fields of the fact row at `index` (0-based; the labels number it from 1).
 * `messages` is the key prefix of the labels: `<messages>.key` and `<messages>.value`, each taking `n`.
 * `required` marks the source language's inputs as required.
 */
export function FactFields({
  parts,
  index,
  messages,
  sourceLang,
  required = false,
}: {
  parts: { key: AnyField; value: AnyField };
  index: number;
  messages: "profileCompany.factsForm" | "profileProducts.facts";
  sourceLang: string;
  required?: boolean;
}) {
  const t = useT();
  return (
    <>
      {FACT_PARTS.map((part) => (
        <LocalizedField
          key={part}
          field={parts[part]}
          label={t(`${messages}.${part}`, { n: index + 1 })}
          maxLength={FACT_MAX_LENGTH[part]}
          sourceLang={sourceLang}
          required={required}
          compact
        />
      ))}
    </>
  );
}
