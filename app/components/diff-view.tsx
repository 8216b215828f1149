/**
 * The field-by-field difference a moderator reviews (issue 7; server/admin/diff.ts): changed fields
 * first, old value beside the new one (struck through / highlighted), list rows marked added or
 * removed, pictures as thumbnails with a green (new) or red (removed) frame; unchanged fields are
 * folded below. Plain HTML (a `<details>`), so it works without JavaScript.
 */
import type { QueueItemDetail } from "#contract/admin/moderation.ts";
import { LANG_NAMES, type Lang } from "../lib/i18n.ts";
import { useT } from "../lib/use-t.ts";

type DiffField = QueueItemDetail["diff"][number];
type FileItem = Extract<DiffField, { kind: "files" }>["after"][number];

function FieldName({ field }: { field: string }) {
  const t = useT();
  const [base, lang] = field.split(".") as [string, Lang | undefined];
  return (
    <div className="diff-field">
      {t([`admin.fields.${base}`, `rfq.fields.${base}`, `orders.fields.${base}`], { defaultValue: base })}
      {lang ? <small>{LANG_NAMES[lang]}</small> : null}
    </div>
  );
}

function Files({ files, side }: { files: FileItem[]; side: "before" | "after" }) {
  const t = useT();
  if (files.length === 0) return <span className="diff-empty">{t("admin.diff.none")}</span>;
  return (
    <ul className="diff-files">
      {files.map((file) => {
        const mark = file.status === "added" ? "diff-added" : file.status === "removed" ? "diff-removed" : "";
        const name = file.title?.ru ?? file.title?.en ?? file.title?.zh ?? file.name ?? `#${file.id}`;
        return (
          <li key={`${side}-${file.id}`} className={`diff-file ${mark}`}>
            {file.missing ? (
              <span className="diff-doc diff-empty">{t("admin.diff.fileGone")}</span>
            ) : file.thumbUrl || (file.mime ?? "").startsWith("image/") ? (
              <a href={file.url ?? undefined} target="_blank" rel="noreferrer">
                <img src={file.thumbUrl ?? file.url ?? undefined} alt={name} loading="lazy" width={96} height={72} />
              </a>
            ) : (
              <a className="diff-doc" href={file.url ?? undefined} target="_blank" rel="noreferrer">
                {name}
              </a>
            )}
            <span>{file.status === "added" ? t("admin.diff.added") : file.status === "removed" ? t("admin.diff.removed") : name}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Value({ field, side }: { field: DiffField; side: "before" | "after" }) {
  const t = useT();
  if (field.kind === "text") {
    const value = field[side];
    return value === null ? (
      <span className="diff-empty">{t("admin.diff.empty")}</span>
    ) : (
      <span className="diff-value" lang={field.lang}>
        {value}
      </span>
    );
  }
  if (field.kind === "list") {
    const rows = field[side];
    if (rows.length === 0) return <span className="diff-empty">{t("admin.diff.none")}</span>;
    return (
      <ul className="diff-list">
        {rows.map((row, i) => (
          <li key={i} className={row.status === "added" ? "diff-added" : row.status === "removed" ? "diff-removed" : ""}>
            {row.text}
          </li>
        ))}
      </ul>
    );
  }
  return <Files files={field[side]} side={side} />;
}

function Row({ field }: { field: DiffField }) {
  const t = useT();
  return (
    <div className={`diff-row${field.changed ? " diff-changed" : ""}`} data-field={field.field}>
      <FieldName field={field.field} />
      <div className="diff-old" data-label={t("admin.diff.before")}>
        <Value field={field} side="before" />
      </div>
      <div className="diff-new" data-label={t("admin.diff.after")}>
        <Value field={field} side="after" />
      </div>
    </div>
  );
}

export function DiffView({ diff, firstSubmission }: { diff: DiffField[]; firstSubmission: boolean }) {
  const t = useT();
  // A first submission has no "before": show what was filled in, fold the empty fields.
  const changed = diff.filter((f) => f.changed);
  const same = diff.filter((f) => !f.changed);
  return (
    <div className="diff" role="table" aria-label={t("admin.diff.label")}>
      <div className="diff-row diff-head" role="row">
        <div role="columnheader">{t("admin.diff.field")}</div>
        <div role="columnheader">{firstSubmission ? t("admin.diff.noPublished") : t("admin.diff.before")}</div>
        <div role="columnheader">{t("admin.diff.after")}</div>
      </div>
      {changed.length === 0 ? (
        <p className="diff-row muted">{t("admin.diff.noChanges")}</p>
      ) : (
        changed.map((field) => <Row key={field.field} field={field} />)
      )}
      {same.length > 0 ? (
        <details className="diff-unchanged">
          <summary>{t(firstSubmission ? "admin.diff.emptyFields" : "admin.diff.unchanged", { count: same.length })}</summary>
          {same.map((field) => (
            <Row key={field.field} field={field} />
          ))}
        </details>
      ) : null}
    </div>
  );
}
