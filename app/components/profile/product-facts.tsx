/**
 * Specifications of a product as rows of a label and a value, each in ru/en/zh (FactSchema), inside
 * the product page's Conform form under `facts` (`facts[0].key.ru`, `facts[0].value.ru`…). Rows are
 * added and removed with Conform's list intents: with JavaScript at once in the browser, without it
 * as submit buttons the action answers with the form's state (nothing typed is lost).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useT } from "../../lib/use-t.ts";
import { FieldError } from "../form/errors.tsx";
import { LocalizedField } from "../form/localized-field.tsx";

/** At most this many facts (FactsSchema). */
export const MAX_FACTS = 30;

export function ProductFacts({
  form,
  facts,
  sourceLang,
}: {
  form: FormMetadata<any, string[]>;
  facts: FieldMetadata<any, any, string[]>;
  sourceLang: string;
}) {
  const t = useT();
  const rows = (facts as unknown as { getFieldList: () => FieldMetadata<any, any, string[]>[] }).getFieldList();
  return (
    <section className="pp-section" aria-labelledby="pp-facts-title">
      <h2 id="pp-facts-title">{t("profileProducts.facts.title")}</h2>
      <p className="muted small">{t("profileProducts.facts.lead")}</p>
      {rows.length === 0 ? <p className="muted">{t("profileProducts.facts.empty")}</p> : null}
      {rows.length > 0 ? (
        <ol className="pp-rows">
          {rows.map((row, index) => {
            const parts = (
              row as unknown as { getFieldset: () => { key: FieldMetadata<any, any, string[]>; value: FieldMetadata<any, any, string[]> } }
            ).getFieldset();
            return (
              <li key={row.key} className="pp-row-card">
                <div className="pp-fact">
                  <LocalizedField
                    field={parts.key}
                    label={t("profileProducts.facts.key", { n: index + 1 })}
                    maxLength={100}
                    sourceLang={sourceLang}
                    required
                    compact
                  />
                  <LocalizedField
                    field={parts.value}
                    label={t("profileProducts.facts.value", { n: index + 1 })}
                    maxLength={500}
                    sourceLang={sourceLang}
                    required
                    compact
                  />
                </div>
                <button className="button-link pp-remove" {...form.remove.getButtonProps({ name: facts.name, index })}>
                  {t("profileProducts.facts.remove", { n: index + 1 })}
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <FieldError id={facts.errorId} errors={facts.errors} />
      {rows.length < MAX_FACTS ? (
        <button className="button button-secondary button-small" {...form.insert.getButtonProps({ name: facts.name })}>
          {t("profileProducts.facts.add")}
        </button>
      ) : null}
    </section>
  );
}
