/**
 * The price tiers of a product (PriceTiersSchema): from a minimum quantity, a price per unit in a
 * currency. Rows are `tiers[0].minQuantity`, `tiers[0].unit`, `tiers[0].price`, `tiers[0].currency`
 * in a Conform form; rows are added and removed with Conform's list intents (they work without
 * JavaScript). A table on wide screens, stacked cards on phones.
 */
import { getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useT } from "#app/lib/use-t.ts";
import { FieldError } from "#app/components/form/errors.tsx";
import { SelectOptions } from "#app/components/form/options.tsx";
import { useProductChoices } from "#app/routes/profile/components/product-options.ts";

/** At most this many tiers (PriceTiersSchema). */
export const MAX_TIERS = 20;

type Meta = FieldMetadata<any, any, string[]>;

export function PriceTiers({ form, tiers, defaultUnit }: { form: FormMetadata<any, string[]>; tiers: Meta; defaultUnit: string }) {
  const t = useT();
  const choices = useProductChoices();
  const rows = (tiers as unknown as { getFieldList: () => Meta[] }).getFieldList();
  const cell = (field: Meta, label: string, kind: "decimal" | "unit" | "currency", n: number) => (
    <div className={`field pt-cell pt-${kind === "decimal" ? field.name.split(".").pop() : kind}`}>
      <label htmlFor={field.id} className="pt-label">
        {label}
      </label>
      {kind === "decimal" ? (
        <input
          id={field.id}
          name={field.name}
          key={field.key}
          defaultValue={(field.initialValue as string | undefined) ?? ""}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={field.errorId}
          aria-label={`${label} (${t("profileProducts.prices.tier", { n })})`}
        />
      ) : (
        <select
          {...getSelectProps(field)}
          key={field.key}
          aria-describedby={field.errorId}
          aria-label={`${label} (${t("profileProducts.prices.tier", { n })})`}
        >
          <SelectOptions options={kind === "unit" ? choices.units : choices.currencies} />
        </select>
      )}
      <FieldError
        id={field.errorId}
        errors={field.errors}
        overrides={
          kind === "decimal" ? { too_small: "profileProducts.errors.positive", too_big: "profileProducts.errors.tooBig" } : undefined
        }
      />
    </div>
  );
  return (
    <>
      {rows.length === 0 ? <p className="muted">{t("profileProducts.prices.empty")}</p> : null}
      <ol className="pt-list">
        {rows.map((row, index) => {
          const tier = (row as unknown as { getFieldset: () => Record<"minQuantity" | "unit" | "price" | "currency", Meta> }).getFieldset();
          return (
            <li key={row.key} className="pt-row">
              <span className="pt-number" aria-hidden="true">
                {index + 1}
              </span>
              {cell(tier.minQuantity, t("profileProducts.prices.minQuantity"), "decimal", index + 1)}
              {cell(tier.unit, t("profileProducts.prices.unit"), "unit", index + 1)}
              {cell(tier.price, t("profileProducts.prices.price"), "decimal", index + 1)}
              {cell(tier.currency, t("profileProducts.prices.currency"), "currency", index + 1)}
              <button className="button-link pp-remove pt-remove" {...form.remove.getButtonProps({ name: tiers.name, index })}>
                {t("profileProducts.prices.remove", { n: index + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <FieldError id={tiers.errorId} errors={tiers.errors} />
      {rows.length < MAX_TIERS ? (
        <button
          className="button button-secondary button-small"
          {...form.insert.getButtonProps({ name: tiers.name, defaultValue: { unit: defaultUnit, currency: "RUB" } as never })}
        >
          {t("profileProducts.prices.add")}
        </button>
      ) : null}
    </>
  );
}
