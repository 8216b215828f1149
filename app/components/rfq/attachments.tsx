/**
 * Files of buying requests and quotes (issue 14 follow-up): `AttachmentsField` is the forms' file
 * input (multipart field `attachments`, uploaded by the action through app/routes/profile/rfq/lib/attachments.server.ts;
 * works without JavaScript) with the files already attached listed above it; `FileLinks` lists
 * attached files as download links (the request page, the quote page, the comparison).
 */
import type { FileView } from "#contract/files.ts";
import { useT } from "#app/lib/use-t.ts";
import { FieldError } from "../form/errors.tsx";

/** Attached files as links (name, else the address); nothing when there are none. */
export function FileLinks({ files, className = "rfq-files" }: { files: readonly FileView[]; className?: string }) {
  if (files.length === 0) return null;
  return (
    <ul className={className}>
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} download={f.originalName ?? undefined}>
            {f.originalName ?? f.url}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The file input of a form; `max` files at most (the API's limit), `files` already attached. */
export function AttachmentsField({
  id,
  files = [],
  errors,
  max,
}: {
  id: string;
  files?: readonly FileView[];
  errors?: readonly string[] | null;
  max: number;
}) {
  const t = useT();
  const left = Math.max(0, max - files.length);
  return (
    <div className="field">
      <label htmlFor={`${id}-attachments`}>{t("rfq.attachments.label")}</label>
      {files.length ? (
        <>
          <p className="field-hint">{t("rfq.attachments.attached")}</p>
          <FileLinks files={files} />
        </>
      ) : null}
      <input
        id={`${id}-attachments`}
        type="file"
        name="attachments"
        multiple
        disabled={left === 0}
        aria-describedby={`${id}-attachments-hint ${id}-attachments-error`}
      />
      <p id={`${id}-attachments-hint`} className="field-hint">
        {t("rfq.attachments.hint", { count: left })}
      </p>
      <FieldError id={`${id}-attachments-error`} errors={errors} />
    </div>
  );
}
