/**
 * Specifications of a product as rows of a label and a value, each in ru/en/zh (FactSchema), inside
 * the product page's Conform form under `facts` (`facts[0].key.ru`, `facts[0].value.ru`…). Rows are
 * added and removed with Conform's list intents: with JavaScript at once in the browser, without it
 * as submit buttons the action answers with the form's state (nothing typed is lost).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { FactFields } from "#app/routes/profile/components/fact-fields.tsx";
import { ProductRowList, setOf } from "./product-rows.tsx";

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
  return (
    <ProductRowList kind="facts" form={form} list={facts} max={MAX_FACTS}>
      {(row, index) => (
        <div className="pp-fact">
          <FactFields parts={setOf<"key" | "value">(row)} index={index} messages="profileProducts.facts" sourceLang={sourceLang} required />
        </div>
      )}
    </ProductRowList>
  );
}
