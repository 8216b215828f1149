/**
 * The parts the admin area's Markdown forms share (a press story, a content page; issue 7): the
 * title, lead and body fields in ru/en/zh columns, the save and preview buttons, and the preview
 * of the body rendered per language (the form's `intent=preview` step, which works without
 * JavaScript).
 */
import type { ReactNode } from "react";
import type { AnyField } from "#app/components/form/field.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { LANG_NAMES, LANGS, type Lang } from "#app/lib/i18n.ts";
import { useT } from "#app/lib/use-t.ts";

/** Title, lead and Markdown body, each in ru/en/zh columns. */
export function ArticleFields({
  fields,
  titleHint,
  bodyLabel,
  bodyRows,
}: {
  fields: { title: AnyField; lead: AnyField; body: AnyField };
  titleHint?: string;
  bodyLabel: string;
  bodyRows: number;
}) {
  const t = useT();
  return (
    <>
      <LocalizedField field={fields.title} label={t("admin.fields.title")} hint={titleHint} layout="columns" />
      <LocalizedField field={fields.lead} label={t("admin.press.lead")} multiline rows={2} layout="columns" />
      <LocalizedField
        field={fields.body}
        label={bodyLabel}
        multiline
        rows={bodyRows}
        hint={t("admin.press.markdownHint")}
        layout="columns"
      />
    </>
  );
}

/** The save button (`saveLabel`), the preview button, then `children` (a delete button). */
export function ArticleActions({ busy, saveLabel, children }: { busy: boolean; saveLabel: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="admin-actions-row">
      <button type="submit" className="button" disabled={busy}>
        {saveLabel}
      </button>
      <button type="submit" name="intent" value="preview" className="button button-secondary" formNoValidate disabled={busy}>
        {t("admin.press.preview")}
      </button>
      {children}
    </div>
  );
}

/** The body rendered in each language that has one (app/lib/markdown.server.ts `renderPreview`); nothing without a preview. */
export function MarkdownPreview({ preview }: { preview: Partial<Record<Lang, string>> | null }) {
  const t = useT();
  if (!preview) return null;
  if (Object.keys(preview).length === 0) return <p className="notice">{t("admin.press.previewEmpty")}</p>;
  return LANGS.filter((l) => preview[l]).map((l) => (
    <article key={l} className="admin-preview" lang={l}>
      <h2>{t("admin.press.previewIn", { lang: LANG_NAMES[l] })}</h2>
      {/* oxlint-disable-next-line react/no-danger -- renderMarkdown output: markdown-it with raw HTML off (markdown.server.ts) */}
      <div className="story-body" dangerouslySetInnerHTML={{ __html: preview[l]! }} />
    </article>
  ));
}
