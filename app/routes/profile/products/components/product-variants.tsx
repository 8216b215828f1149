/**
 * Variants of a product (VariantSchema): a localized name, attributes as name/value pairs (e.g.
 * «Цвет» → «белый»), and an optional own price with its currency; inside the product page's Conform
 * form under `variants` (`variants[0].name.ru`, `variants[0].attributes[1].key`…). Variants and
 * their attributes are added and removed with Conform's list intents (they work without JavaScript).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useT } from "#app/lib/use-t.ts";
import { FieldError } from "#app/components/form/errors.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { listOf, ProductRowList, setOf } from "./product-rows.tsx";
import { useProductChoices } from "#app/routes/profile/components/product-options.ts";
import { SelectField } from "#app/components/form/field.tsx";

/** At most this many variants, and attributes per variant (VariantsSchema). */
export const MAX_VARIANTS = 50;
export const MAX_ATTRIBUTES = 20;

type Meta = FieldMetadata<any, any, string[]>;

function TextInput({ field, label, inputMode }: { field: Meta; label: string; inputMode?: "decimal" }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={(field.initialValue as string | undefined) ?? ""}
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errorId}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function ProductVariants({ form, variants, sourceLang }: { form: FormMetadata<any, string[]>; variants: Meta; sourceLang: string }) {
  const t = useT();
  const { currencies } = useProductChoices();
  return (
    <ProductRowList kind="variants" form={form} list={variants} max={MAX_VARIANTS}>
      {(row, index) => {
        const v = setOf<"name" | "attributes" | "price" | "currency">(row);
        const attributes = listOf(v.attributes);
        return (
          <fieldset className="pp-variant">
            <legend>{t("profileProducts.variants.variant", { n: index + 1 })}</legend>
            <LocalizedField
              field={v.name}
              label={t("profileProducts.variants.name")}
              maxLength={200}
              sourceLang={sourceLang}
              required
              compact
            />
            <div className="pp-attributes">
              <p className="pp-subtitle">{t("profileProducts.variants.attributes")}</p>
              {attributes.map((attribute, a) => {
                const pair = setOf<"key" | "value">(attribute);
                return (
                  <div key={attribute.key} className="pp-attribute">
                    <TextInput field={pair.key} label={t("profileProducts.variants.attributeKey")} />
                    <TextInput field={pair.value} label={t("profileProducts.variants.attributeValue")} />
                    <button
                      className="button-link pp-remove"
                      {...form.remove.getButtonProps({ name: v.attributes.name, index: a })}
                      aria-label={t("profileProducts.variants.removeAttribute", { n: a + 1 })}
                    >
                      {t("profileProducts.remove")}
                    </button>
                  </div>
                );
              })}
              <FieldError id={v.attributes.errorId} errors={v.attributes.errors} />
              {attributes.length < MAX_ATTRIBUTES ? (
                <button className="button-link" {...form.insert.getButtonProps({ name: v.attributes.name })}>
                  {t("profileProducts.variants.addAttribute")}
                </button>
              ) : null}
            </div>
            <div className="pp-row">
              <TextInput field={v.price} label={t("profileProducts.variants.price")} inputMode="decimal" />
              <SelectField field={v.currency} label={t("profileProducts.prices.currency")} placeholder="—" options={currencies} />
            </div>
          </fieldset>
        );
      }}
    </ProductRowList>
  );
}
