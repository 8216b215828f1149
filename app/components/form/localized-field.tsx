/**
 * Localized form fields (DESIGN §4 "localized content"): one text written in ru, en and zh.
 *
 * Field names follow the API's localized shape (contract/profile/fields.ts `localized()`), so Conform
 * and `parseWithZod` read them straight into `{ name: { ru, en, zh }, sourceLang }`:
 * `name.ru`, `name.en`, `name.zh` and `sourceLang`.
 *
 * - `<LocalizedField field label multiline? rows? maxLength? hint? compact? layout? sourceLang? required? requiredLangs? />`
 *   `field` is the Conform metadata of a localized object (`fields.name`). Errors: the object's own
 *   (`required`, `source_lang_missing`) under the inputs, each language's (`too_long`) under its input.
 *   Two layouts:
 *   - `tabs` (default; the supplier's profile): `sourceLang`, the form's current source language
 *     (`fields.sourceLang.value`), is shown first and marked, and `required` marks its input
 *     required (the schema decides). Without JavaScript the three inputs are stacked, each labelled
 *     with its language; with JavaScript they are tabs (ARIA tabs pattern), a tab with an error
 *     marked and opened.
 *   - `columns` (the admin area, where staff compare translations): every language always visible,
 *     side by side on wide screens (stacked for a multi-line text), in the order ru, en, zh;
 *     `requiredLangs` adds "(required)" to those languages' labels.
 * - `<SourceLangField field label? />`: the source-language radio group (`sourceLang`).
 */
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { LANG_NAMES, LANGS, type Lang } from "#app/lib/i18n.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useT } from "#app/lib/use-t.ts";
import { FieldError } from "./errors.tsx";
import { FieldsetHead, type AnyField } from "./field.tsx";

/** The value shape of a localized field in a form: `{ ru?, en?, zh? }`. */
export type LocalizedValue = { ru?: string; en?: string; zh?: string } | null | undefined;

/** Orders the languages with the source language first. */
function ordered(sourceLang: Lang | undefined): Lang[] {
  return sourceLang ? [sourceLang, ...LANGS.filter((l) => l !== sourceLang)] : [...LANGS];
}

function asLang(value: unknown): Lang | undefined {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value) ? (value as Lang) : undefined;
}

export interface LocalizedFieldProps {
  /** Conform metadata of the localized object, e.g. `fields.name` (inputs `name.ru|en|zh`). */
  field: AnyField;
  /** Visible label of the whole field. */
  label: string;
  /** A textarea instead of a one-line input. */
  multiline?: boolean;
  /** Rows of the textarea (default 5). */
  rows?: number;
  /** Characters per language (the schema's maximum, so the browser stops there too). */
  maxLength?: number;
  /** `tabs` (default) or `columns` (see the module comment). */
  layout?: "tabs" | "columns";
  /** Tabs: the text must be given in the source language (the schema checks; this marks the input). */
  required?: boolean;
  /** Tabs: the form's source language, shown first and marked. */
  sourceLang?: string | null;
  /** Columns: the languages that must be filled in (their labels say so). */
  requiredLangs?: readonly Lang[];
  /** A line of help under the label. */
  hint?: ReactNode;
  /** Smaller type and no hint line: for rows of a list (facts, variants). */
  compact?: boolean;
}

export function LocalizedField({
  field,
  label,
  multiline = false,
  rows = 5,
  maxLength,
  layout = "tabs",
  required = false,
  sourceLang,
  requiredLangs,
  hint,
  compact = false,
}: LocalizedFieldProps) {
  const t = useT();
  const hydrated = useHydrated();
  const baseId = useId();
  const columns = layout === "columns";
  // Columns have no source language: every language is shown alike, in the usual order.
  const source = columns ? undefined : (asLang(sourceLang) ?? "ru");
  const langs = ordered(source);
  const parts = (field as FieldMetadata<LocalizedValue, any, string[]>).getFieldset();
  const errorsOf = (lang: Lang) => parts[lang].errors;
  const firstWithError = langs.find((lang) => errorsOf(lang)?.length);
  const [active, setActive] = useState<Lang>(firstWithError ?? source ?? "ru");
  // A new server reply or a changed source language opens the tab that needs attention.
  useEffect(() => {
    if (firstWithError) setActive(firstWithError);
  }, [firstWithError]);
  // Only a change of the source language moves the tab; an error elsewhere is the effect above's.
  useEffect(() => {
    if (!firstWithError && source) setActive(source);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- firstWithError is read, not followed
  }, [source]);
  const hintId = `${baseId}-hint`;
  const describedBy = (lang: Lang) => [hint ? hintId : null, parts[lang].errorId, field.errorId].filter(Boolean).join(" ");

  const input = (lang: Lang) => {
    const sub = parts[lang];
    const common = {
      id: sub.id,
      name: sub.name,
      defaultValue: sub.initialValue ?? "",
      maxLength,
      lang,
      // One name per input in both layouts: the field and the language ("Product name (English)").
      "aria-label": `${label} (${LANG_NAMES[lang]})`,
      "aria-invalid": sub.errors?.length || (lang === source && field.errors?.length) ? true : undefined,
      "aria-describedby": describedBy(lang) || undefined,
      "aria-required": (required && lang === source) || requiredLangs?.includes(lang) ? true : undefined,
    };
    // Stacked (no JavaScript), the translations take less room than the source text.
    const lines = !columns && (compact || (!hydrated && lang !== source)) ? Math.min(rows, 3) : rows;
    return multiline ? <textarea key={sub.key} rows={lines} {...common} /> : <input key={sub.key} type="text" {...common} />;
  };

  const langLabel = (lang: Lang) => (
    <>
      {LANG_NAMES[lang]}
      {lang === source ? <span className="lf-source">{t("formWidgets.sourceMark")}</span> : null}
      {requiredLangs?.includes(lang) ? ` (${t("formWidgets.required")})` : null}
    </>
  );

  const stacked = (lang: Lang) => (
    <div key={lang} className="lf-stacked">
      <label htmlFor={parts[lang].id} className="lf-lang-label">
        {langLabel(lang)}
      </label>
      {input(lang)}
      <FieldError id={parts[lang].errorId} errors={parts[lang].errors} />
    </div>
  );

  if (columns) {
    return (
      <fieldset className={`field lf lf-columns${multiline ? " lf-columns-stack" : ""}`} aria-describedby={field.errorId}>
        <FieldsetHead legend={label} hint={hint} hintId={hintId} />
        <div className="lf-columns-row">{langs.map(stacked)}</div>
        <FieldError id={field.errorId} errors={field.errors} />
      </fieldset>
    );
  }

  return (
    <fieldset className={`field lf${compact ? " lf-compact" : ""}`} aria-describedby={field.errorId}>
      <FieldsetHead
        legend={
          <>
            {label}
            {required ? (
              <span className="lf-required" aria-hidden="true">
                {" "}
                *
              </span>
            ) : null}
          </>
        }
        hint={compact ? undefined : hint}
        hintId={hintId}
      />
      {hydrated ? (
        <>
          <div role="tablist" className="lf-tabs" aria-label={t("formWidgets.languages", { field: label })}>
            {langs.map((lang) => {
              const filled = Boolean(parts[lang].value);
              const invalid = Boolean(errorsOf(lang)?.length);
              return (
                <button
                  key={lang}
                  type="button"
                  role="tab"
                  id={`${baseId}-tab-${lang}`}
                  aria-selected={active === lang}
                  aria-controls={`${baseId}-panel-${lang}`}
                  tabIndex={active === lang ? 0 : -1}
                  className={`lf-tab${active === lang ? " lf-tab-active" : ""}${invalid ? " lf-tab-invalid" : ""}`}
                  onClick={() => setActive(lang)}
                  onKeyDown={(event) => {
                    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
                    if (!step && event.key !== "Home" && event.key !== "End") return;
                    event.preventDefault();
                    const index = langs.indexOf(lang);
                    const next =
                      event.key === "Home"
                        ? langs[0]!
                        : event.key === "End"
                          ? langs[langs.length - 1]!
                          : langs[(index + step + langs.length) % langs.length]!;
                    setActive(next);
                    document.getElementById(`${baseId}-tab-${next}`)?.focus();
                  }}
                >
                  {langLabel(lang)}
                  {filled ? <span className="lf-filled" aria-label={t("formWidgets.filled")} title={t("formWidgets.filled")} /> : null}
                  {invalid ? <span className="visually-hidden">{t("formWidgets.hasError")}</span> : null}
                </button>
              );
            })}
          </div>
          {langs.map((lang) => (
            <div
              key={lang}
              role="tabpanel"
              id={`${baseId}-panel-${lang}`}
              aria-labelledby={`${baseId}-tab-${lang}`}
              hidden={active !== lang}
              className="lf-panel"
            >
              <label htmlFor={parts[lang].id} className="visually-hidden">
                {`${label} (${LANG_NAMES[lang]})`}
              </label>
              {input(lang)}
              <FieldError id={parts[lang].errorId} errors={parts[lang].errors} />
            </div>
          ))}
        </>
      ) : (
        langs.map(stacked)
      )}
      {/* In a compact row the field's own error line appears only when there is one. */}
      {!compact || field.errors?.length ? <FieldError id={field.errorId} errors={field.errors} /> : <span id={field.errorId} hidden />}
    </fieldset>
  );
}

export interface SourceLangFieldProps {
  /** Conform metadata of `sourceLang` (values ru | en | zh). */
  field: AnyField;
  /** Legend; default "Language you write in". */
  label?: string;
}

/** The source-language choice of a form with localized fields: three radio buttons. */
export function SourceLangField({ field, label }: SourceLangFieldProps) {
  const t = useT();
  const current = asLang(field.initialValue) ?? "ru";
  return (
    <fieldset className="field lf-source-field" aria-describedby={`${field.id}-hint ${field.errorId}`}>
      <FieldsetHead legend={label ?? t("formWidgets.sourceLang")} hint={t("formWidgets.sourceLangHint")} hintId={`${field.id}-hint`} />
      <div className="lf-radios" key={field.key}>
        {LANGS.map((lang) => (
          <label key={lang} className="lf-radio">
            <input
              type="radio"
              name={field.name}
              value={lang}
              defaultChecked={current === lang}
              id={lang === current ? field.id : undefined}
            />
            <span lang={lang}>{LANG_NAMES[lang]}</span>
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
