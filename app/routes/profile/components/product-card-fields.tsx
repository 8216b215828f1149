/**
 * The product card's fields (contract/profile/products.ts `ProductSchema`) inside a Conform form, under
 * the form field `card` (`card.name.ru`, `card.tnvedCode`…): the new-product page and the product
 * page's main form both render it. Name and description in ru/en/zh with the source language, the
 * catalogue category (a select of the category tree), the TN VED code (ClassifierPicker, 10-digit
 * codes), the minimum order quantity with its unit, and the country of origin.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useMemo } from "react";
import type { Lang } from "#app/lib/i18n.ts";
import { LANG_REGIONS } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { ClassifierPicker, type PickerSearch } from "./classifier-picker.tsx";
import { FieldError } from "#app/components/form/errors.tsx";
import { LocalizedField, SourceLangField } from "#app/components/form/localized-field.tsx";
import { SelectField } from "#app/components/form/field.tsx";
import { useProductChoices } from "./product-options.ts";
import { displayNames } from "#contract/format.ts";

/** One option of the category select: a category of the tree at `depth` (0 = top level). */
export interface CategoryOption {
  id: number;
  name: string;
  depth: number;
}

/** Countries offered as the country of origin (ISO 3166-1 alpha-2): the two markets first, then major producers. */
export const ORIGIN_COUNTRIES = [
  "RU",
  "CN",
  "BY",
  "KZ",
  "UZ",
  "KG",
  "AM",
  "TR",
  "IN",
  "VN",
  "KR",
  "JP",
  "TW",
  "TH",
  "MY",
  "ID",
  "DE",
  "IT",
  "PL",
  "US",
] as const;

export function countryName(code: string, lang: Lang): string {
  try {
    return displayNames([LANG_REGIONS[lang]], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

type CardFields = {
  name: FieldMetadata<any, any, string[]>;
  description: FieldMetadata<any, any, string[]>;
  sourceLang: FieldMetadata<any, any, string[]>;
  categoryId: FieldMetadata<any, any, string[]>;
  tnvedCode: FieldMetadata<any, any, string[]>;
  moq: FieldMetadata<any, any, string[]>;
  moqUnit: FieldMetadata<any, any, string[]>;
  originCountry: FieldMetadata<any, any, string[]>;
};

export interface ProductCardFieldsProps {
  form: FormMetadata<any, string[]>;
  /** `fields.card.getFieldset()`. */
  card: CardFields;
  categories: CategoryOption[];
  /** Names of TN VED codes to show on the chosen chip. */
  tnvedNames?: Record<string, string>;
  /** The picker's no-JS search step (from the action). */
  picker?: PickerSearch | null;
}

export function ProductCardFields({ form, card, categories, tnvedNames, picker }: ProductCardFieldsProps) {
  const t = useT();
  const lang = useLang();
  const { units } = useProductChoices();
  const sourceLang = typeof card.sourceLang.value === "string" ? card.sourceLang.value : "ru";
  const storedCountry = typeof card.originCountry.initialValue === "string" ? card.originCountry.initialValue.toUpperCase() : "";
  const countries = useMemo(() => {
    const codes: string[] = [...ORIGIN_COUNTRIES];
    // A country chosen elsewhere (the API accepts any ISO code) stays selectable.
    if (/^[A-Z]{2}$/.test(storedCountry) && !codes.includes(storedCountry)) codes.push(storedCountry);
    return codes.map((code) => ({ value: code, label: countryName(code, lang) }));
  }, [lang, storedCountry]);
  return (
    <>
      <SourceLangField field={card.sourceLang} />
      <LocalizedField
        field={card.name}
        label={t("profileProducts.fields.name")}
        required
        maxLength={300}
        sourceLang={sourceLang}
        hint={t("profileProducts.fields.nameHint")}
      />
      <LocalizedField
        field={card.description}
        label={t("profileProducts.fields.description")}
        multiline
        rows={6}
        maxLength={10_000}
        sourceLang={sourceLang}
        hint={t("profileProducts.fields.descriptionHint")}
      />
      <SelectField
        field={card.categoryId}
        label={t("profileProducts.fields.category")}
        placeholder={t("profileProducts.fields.noCategory")}
        options={categories.map((c) => ({ value: String(c.id), label: `${"\u00a0\u00a0\u00a0".repeat(c.depth)}${c.name}` }))}
      />
      <ClassifierPicker
        classifier="tnved"
        form={form}
        field={card.tnvedCode}
        label={t("profileProducts.fields.tnved")}
        hint={t("profileProducts.fields.tnvedHint")}
        names={tnvedNames}
        search={picker}
      />
      <div className="pp-row">
        <div className="field">
          <label htmlFor={card.moq.id}>{t("profileProducts.fields.moq")}</label>
          <input
            id={card.moq.id}
            name={card.moq.name}
            key={card.moq.key}
            defaultValue={(card.moq.initialValue as string | undefined) ?? ""}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={card.moq.errors ? true : undefined}
            aria-describedby={`${card.moq.errorId} ${card.moq.id}-hint`}
          />
          <span id={`${card.moq.id}-hint`} className="muted small">
            {t("profileProducts.fields.moqHint")}
          </span>
          <FieldError id={card.moq.errorId} errors={card.moq.errors} />
        </div>
        <SelectField field={card.moqUnit} label={t("profileProducts.fields.moqUnit")} placeholder="—" options={units} />
      </div>
      <SelectField
        field={card.originCountry}
        label={t("profileProducts.fields.origin")}
        placeholder={t("profileProducts.fields.originUnknown")}
        options={countries}
      />
    </>
  );
}
