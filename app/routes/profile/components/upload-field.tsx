/**
 * A file upload field that works without JavaScript and is better with it (issue 5 "drag-and-drop
 * uploads with progress").
 *
 * - Without JavaScript: a plain `<input type="file" name={name}>` in the enclosing form, which must be
 *   `method="post" encType="multipart/form-data"`; the route action passes the file on to the API
 *   (`send(files.createUpload)`), whose content checks decide (server/files/uploads.ts).
 * - With JavaScript: a drop zone (drag-and-drop or the file chooser), quick checks in the browser
 *   (size and type, and the first bytes: programs and SVG are refused at once — the server's checks
 *   stay the authority), upload with a progress bar (XMLHttpRequest `upload.onprogress`) to the web
 *   tier's resource route `profile/upload`, which forwards to `POST /api/files/common` and answers
 *   JSON; thumbnails of images, remove (a finished upload is deleted on the server too). Each
 *   finished upload adds a hidden input `idsName` = its temporary file id; the route action attaches
 *   those ids (`{ fileId }`) when the form is saved. The chosen files never travel twice: the file
 *   input is emptied once they are handed to the upload.
 *
 * Every refusal is shown in the user's language from its code (`apiErrors.<code>`: `file_too_large`,
 * `svg_not_allowed`, `executable_not_allowed`, `image_corrupt`, …).
 *
 * Props (stable; the company pages reuse them): see `UploadFieldProps`.
 */
import type { FileView } from "#contract/files.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useLang } from "#app/lib/use-lang.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useT } from "#app/lib/use-t.ts";
import { localeHref } from "#app/components/locale-link.tsx";
import { FieldError } from "#app/components/form/errors.tsx";
import { messageText } from "#app/components/form/messages.ts";
import { UPLOAD_LIMITS } from "#contract/upload-limits.ts";
import { numberFormatFor } from "#contract/format.ts";

export type UploadAccept = "image" | "document" | "any";

/** A stored upload as the API describes it (contract/files.ts). */
export type UploadedFile = FileView;

export interface UploadFieldProps {
  /** Name of the file input (the no-JS multipart field). Default `file`. */
  name?: string;
  /** Name of the hidden inputs carrying ids of files uploaded with JavaScript. Default `fileId`. */
  idsName?: string;
  /** What is accepted: images (JPEG, PNG, WebP, GIF, AVIF ≤ 10 MB), documents (PDF, DOCX, XLSX ≤ 20 MB) or both. */
  accept: UploadAccept;
  multiple?: boolean;
  /** Visible label. */
  label: string;
  /** Help under the label; default: the accepted formats and sizes. */
  hint?: string;
  /** Error codes from the server for this field (upload refusals or validation codes). */
  errors?: string[] | null;
  /** JavaScript: submit the enclosing form once every chosen file has been uploaded (a gallery). */
  autoSubmit?: boolean;
  disabled?: boolean;
}

/** Types of server/files/uploads.ts, repeated for the browser's quick check (the byte limits are the contract's). */
const IMAGE_EXT = ["jpg", "jpeg", "png", "webp", "gif", "avif"];
const DOCUMENT_EXT = ["pdf", "docx", "xlsx"];
const ACCEPT_ATTR: Record<UploadAccept, string> = {
  image: "image/jpeg,image/png,image/webp,image/gif,image/avif,.jpg,.jpeg,.png,.webp,.gif,.avif",
  document: "application/pdf,.pdf,.docx,.xlsx",
  any: "image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf,.jpg,.jpeg,.png,.webp,.gif,.avif,.pdf,.docx,.xlsx",
};

interface Item {
  key: string;
  name: string;
  size: number;
  preview: string | null;
  progress: number;
  state: "uploading" | "done" | "error";
  error?: string;
  file?: UploadedFile;
  xhr?: XMLHttpRequest;
}

/**
 * What the browser can tell before uploading: a refusal code, or null to let the server decide.
 * Reads the first bytes: "MZ" (Windows programs), ELF, Mach-O and "#!" scripts, SVG and HTML text.
 */
export async function precheckFile(file: File, accept: UploadAccept): Promise<string | null> {
  if (file.size === 0) return "file_empty";
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head).trimStart().toLowerCase();
  if (
    (head[0] === 0x4d && head[1] === 0x5a) ||
    (head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) ||
    text.startsWith("#!")
  )
    return "executable_not_allowed";
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0))
    return "executable_not_allowed";
  if (ext === "svg" || file.type === "image/svg+xml" || text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg")))
    return "svg_not_allowed";
  if (text.startsWith("<!doctype html") || text.startsWith("<html")) return "html_not_allowed";
  const isImage = IMAGE_EXT.includes(ext) || file.type.startsWith("image/");
  const isDocument = DOCUMENT_EXT.includes(ext);
  if (accept === "image" && !isImage) return isDocument ? "file_kind_mismatch" : "file_type_not_allowed";
  if (accept === "document" && !isDocument) return isImage ? "file_kind_mismatch" : "file_type_not_allowed";
  if (!isImage && !isDocument) return "file_type_not_allowed";
  if (file.size > (isImage ? UPLOAD_LIMITS.image : UPLOAD_LIMITS.document)) return "file_too_large";
  return null;
}

/**
 * What a stored file without a thumbnail shows in its place ("PDF", "DOCX"): its name's extension,
 * or the subtype of its MIME type when it came without a name.
 */
export function fileTypeLabel(file: { originalName?: string | null; mime: string }): string {
  return (file.originalName?.split(".").pop() ?? file.mime.split("/").pop() ?? "").slice(0, 4).toUpperCase();
}

/** "1.2 MB" in the page's language. */
export function formatBytes(bytes: number, lang: string): string {
  const units = ["B", "KB", "MB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormatFor(lang, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

export function UploadField({
  name = "file",
  idsName = "fileId",
  accept,
  multiple = false,
  label,
  hint,
  errors,
  autoSubmit = false,
  disabled = false,
}: UploadFieldProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const endpoint = localeHref(lang, "/profile/upload");
  const hintText = hint ?? t(`formWidgets.upload.hint.${accept}`);
  const update = (key: string, patch: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  // Object URLs of local previews are released with their items.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  // Once saved (the form submitted), the uploads belong to the record: the list starts again.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form || !hydrated) return;
    const onSubmit = () => setTimeout(() => setItems((list) => list.filter((item) => item.state === "uploading")), 0);
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [hydrated]);

  // A gallery saves itself when every chosen file has finished uploading.
  const wasUploading = useRef(false);
  useEffect(() => {
    const uploading = items.some((item) => item.state === "uploading");
    if (autoSubmit && wasUploading.current && !uploading && items.some((item) => item.state === "done"))
      inputRef.current?.form?.requestSubmit();
    wasUploading.current = uploading;
  }, [items, autoSubmit]);

  const start = async (files: File[]) => {
    const chosen = multiple ? files : files.slice(0, 1);
    if (!multiple) {
      for (const item of items) item.xhr?.abort();
      setItems([]);
    }
    for (const file of chosen) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const refusal = await precheckFile(file, accept);
      const preview = !refusal && file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      const item: Item = {
        key,
        name: file.name,
        size: file.size,
        preview,
        progress: 0,
        state: refusal ? "error" : "uploading",
        error: refusal ?? undefined,
      };
      setItems((list) => [...list, item]);
      if (refusal) continue;
      const body = new FormData();
      body.set("file", file);
      if (accept !== "any") body.set("kind", accept);
      const xhr = new XMLHttpRequest();
      item.xhr = xhr;
      xhr.open("POST", endpoint);
      xhr.responseType = "json";
      xhr.setRequestHeader("accept", "application/json");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) update(key, { progress: Math.round((event.loaded / event.total) * 100) });
      };
      xhr.onload = () => {
        const response = xhr.response as { file?: UploadedFile; error?: { code: string } } | null;
        if (xhr.status >= 200 && xhr.status < 300 && response?.file)
          update(key, { state: "done", progress: 100, file: response.file, xhr: undefined });
        else
          update(key, {
            state: "error",
            error: response?.error?.code ?? (xhr.status === 413 ? "file_too_large" : "internal_error"),
            xhr: undefined,
          });
      };
      xhr.onerror = () => update(key, { state: "error", error: "upload_network", xhr: undefined });
      xhr.onabort = () => setItems((list) => list.filter((entry) => entry.key !== key));
      xhr.send(body);
      update(key, { xhr });
    }
  };

  const remove = (item: Item) => {
    if (item.state === "uploading") {
      item.xhr?.abort();
      return;
    }
    if (item.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
    setItems((list) => list.filter((entry) => entry.key !== item.key));
    // The temporary upload would expire on its own; deleting it now frees the user's quota.
    if (item.file)
      void fetch(`${endpoint}?id=${item.file.id}`, { method: "DELETE", headers: { accept: "application/json" } }).catch(() => undefined);
  };

  const onFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    // The files go through the upload; the form must not send them again.
    if (inputRef.current) inputRef.current.value = "";
    void start(files);
  };

  // Files chosen before the page's JavaScript started are still in the input: upload them now.
  useEffect(() => {
    if (hydrated && inputRef.current?.files?.length) onFiles(inputRef.current.files);
    // Once, when hydration completes; onFiles is a new closure every render and must not re-run it.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fileInput = (
    <input
      ref={inputRef}
      id={`${id}-input`}
      type="file"
      name={hydrated ? undefined : name}
      accept={ACCEPT_ATTR[accept]}
      multiple={multiple}
      disabled={disabled}
      aria-describedby={`${hintId} ${errorId}`}
      aria-invalid={errors?.length ? true : undefined}
      className={hydrated ? "uf-input-hidden" : undefined}
      onChange={hydrated ? (event) => onFiles(event.currentTarget.files) : undefined}
    />
  );

  return (
    <div className="field uf">
      <label htmlFor={`${id}-input`} className="uf-label">
        {label}
      </label>
      <p id={hintId} className="muted small lf-hint">
        {hintText}
      </p>
      {hydrated ? (
        <div
          className={`uf-drop${dragging ? " uf-drop-over" : ""}${disabled ? " uf-drop-disabled" : ""}`}
          onDragOver={(event) => {
            if (disabled) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            if (!disabled) onFiles(event.dataTransfer.files);
          }}
        >
          {fileInput}
          <span className="uf-drop-text">{t(multiple ? "formWidgets.upload.dropMany" : "formWidgets.upload.dropOne")}</span>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            {t(multiple ? "formWidgets.upload.chooseMany" : "formWidgets.upload.chooseOne")}
          </button>
        </div>
      ) : (
        fileInput
      )}
      {items.length > 0 ? (
        <ul className="uf-list" aria-label={t("formWidgets.upload.listLabel")}>
          {items.map((item) => (
            <li key={item.key} className={`uf-item uf-item-${item.state}`}>
              {item.file?.thumbUrl || item.preview ? (
                <img className="uf-thumb" src={item.file?.thumbUrl ?? item.preview ?? undefined} alt="" width={56} height={56} />
              ) : (
                <span className="uf-thumb uf-thumb-doc" aria-hidden="true">
                  {(item.name.split(".").pop() ?? "").slice(0, 4).toUpperCase()}
                </span>
              )}
              <span className="uf-meta">
                <span className="uf-name">{item.name}</span>
                <span className="muted small">{formatBytes(item.size, lang)}</span>
                {item.state === "uploading" ? (
                  <progress
                    className="uf-progress"
                    max={100}
                    value={item.progress}
                    aria-label={t("formWidgets.upload.progress", { name: item.name })}
                  >
                    {item.progress}%
                  </progress>
                ) : item.state === "done" ? (
                  <span className="uf-ok small">{t(autoSubmit ? "formWidgets.upload.saving" : "formWidgets.upload.ready")}</span>
                ) : (
                  <span className="uf-error small" role="alert">
                    {item.error === "upload_network"
                      ? t("formWidgets.upload.network")
                      : messageText(t, item.error ?? "internal_error", "form")}
                  </span>
                )}
              </span>
              {item.file ? <input type="hidden" name={idsName} value={item.file.id} /> : null}
              <button type="button" className="button-link uf-remove" onClick={() => remove(item)}>
                {item.state === "uploading" ? t("formWidgets.upload.cancel") : t("formWidgets.upload.remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
