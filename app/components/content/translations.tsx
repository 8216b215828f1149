/**
 * Supplier content in the reader's language (ADR 031), on public and profile pages:
 * - `TranslationNote`: under a field shown from a machine translation, the localized marker
 *   "Machine translation from Chinese" and the original one click away (a `<details>`, no JavaScript);
 * - `TranslationsEditor`: on the product and company edit pages, one small form per field and
 *   language the supplier did not write, posting to `/profile/translations` (works without JavaScript).
 */
import { Form, useLocation } from "react-router";
import type { ContentTranslation, TranslatedField, TranslationEntry } from "#contract/translation.ts";
import { useT } from "#app/lib/use-t.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { localePath } from "#app/lib/i18n.ts";

/** The machine-translation marker of `field` with its original, or nothing when the field is the supplier's own text. */
export function TranslationNote({ translations, field }: { translations: ContentTranslation[] | undefined; field: TranslatedField }) {
  const t = useT();
  const entry = translations?.find((x) => x.field === field && x.origin === "machine");
  if (!entry) return null;
  return (
    <details className="translation-note" data-testid={`translation-${field}`}>
      <summary>
        <span className="translation-badge">{t(`content.machineFrom.${entry.original.lang}`)}</span>{" "}
        <span className="translation-toggle">{t("content.showOriginal")}</span>
      </summary>
      <p className="prewrap translation-original" lang={entry.original.lang}>
        {entry.original.text}
      </p>
    </details>
  );
}

/** The supplier's translations of a product (`kind` product, `id`) or of the company, each replaceable by hand. */
export function TranslationsEditor({
  kind,
  id,
  entries,
  readOnly = false,
}: {
  kind: "product" | "company";
  id?: number;
  entries: TranslationEntry[];
  readOnly?: boolean;
}) {
  const t = useT();
  const location = useLocation();
  const lang = useLang();
  if (entries.length === 0) return null;
  return (
    <section className="card translations-editor" aria-labelledby="translations-title">
      <h2 id="translations-title">{t("content.editorTitle")}</h2>
      <p className="muted small">{t("content.editorHint")}</p>
      {entries.map((entry) => {
        const fieldId = `translation-${entry.field}-${entry.lang}`;
        return (
          <Form method="post" action={localePath(lang, "/profile/translations")} key={fieldId} className="translation-form">
            <input type="hidden" name="kind" value={kind} />
            {id === undefined ? null : <input type="hidden" name="id" value={id} />}
            <input type="hidden" name="field" value={entry.field} />
            <input type="hidden" name="lang" value={entry.lang} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <label htmlFor={fieldId}>
              {t(`content.field.${entry.field}`)} — {t(`content.lang.${entry.lang}`)}{" "}
              <span className="muted small">
                {entry.origin === null
                  ? t("content.origin.none")
                  : t(`content.origin.${entry.origin}`, { lang: t(`content.lang.${entry.sourceLang}`) })}
                {entry.stale ? ` · ${t("content.stale")}` : ""}
                {entry.pending ? ` · ${t("content.pendingModeration")}` : ""}
              </span>
            </label>
            {entry.field === "name" ? (
              <input id={fieldId} name="text" defaultValue={entry.text ?? ""} maxLength={20_000} lang={entry.lang} disabled={readOnly} />
            ) : (
              <textarea
                id={fieldId}
                name="text"
                defaultValue={entry.text ?? ""}
                rows={4}
                maxLength={20_000}
                lang={entry.lang}
                disabled={readOnly}
              />
            )}
            <div className="form-actions">
              <button type="submit" className="button" disabled={readOnly}>
                {t("content.saveTranslation")}
              </button>
              {entry.origin === "manual" ? <span className="muted small">{t("content.clearHint")}</span> : null}
            </div>
          </Form>
        );
      })}
    </section>
  );
}
