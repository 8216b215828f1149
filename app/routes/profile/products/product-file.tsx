/**
 * `/profile/product/{id}/file`: the product's photos and documents. Photos in their order — the first
 * is the main image (the cover in lists and on the public page) — with "make main", move and remove;
 * documents (PDF, DOCX, XLSX) likewise; an upload field for more (at most 30 files in all).
 *
 * Action `intent`:
 * - `upload`: the multipart `file` fields (no JavaScript: sent with the form and passed on to the API
 *   as they came) and the `fileId` fields (JavaScript: uploaded beforehand through `profile/upload`
 *   with progress, attached now by id). Each refused file is reported by name with the API's reason in
 *   the user's language (400 or the refusal's status); otherwise a redirect with a flash message.
 * - `move` (`fileId`, `position`) and `remove` (`fileId`): a redirect with a flash message, or
 *   `{ ok: true }` for the JavaScript buttons (field `js`), which show the change at once.
 * For a published product every change waits for a moderator, like the other parts.
 */
import type { ReactNode } from "react";
import { data, Form, useFetcher, useFetchers, useNavigation } from "react-router";
import type { Route } from "./+types/product-file";
import { fileTypeLabel, formatBytes, UploadField } from "../components/upload-field.tsx";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import * as productsApi from "#contract/profile/products.ts";
import { productIdOf, type ProductFileView } from "../lib/products.server.ts";
import { filesOf, idsOf } from "#app/lib/uploads.server.ts";
import { localizedText } from "../lib/product-forms.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { useProductData } from "./product.tsx";
import { localizedPath } from "#app/lib/i18n.ts";
import { flashRedirect } from "#app/lib/redirect.server.ts";
import { messageText } from "#app/components/form/messages.ts";
import { TitledSection } from "../components/titled-section.tsx";
import { idParam } from "#app/lib/id-param.ts";

/** A whole request larger than this is refused before it is read (30 files of the largest kind fit in no single form anyway). */
const MAX_FORM_BYTES = 120 * 1024 * 1024;

type Refusal = { name: string; code: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = productIdOf(request, params.id);
  const api = context.get(apiContext);
  const back = localizedPath(request, `/profile/product/${id}/file`);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES)
    return data({ refused: [{ name: "", code: "file_too_large" }] as Refusal[] }, { status: 413 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const js = formData.get("js") === "1";

  if (intent === "upload") {
    const files = filesOf(formData, "file");
    const ids = idsOf(formData, "fileId");
    if (files.length === 0 && ids.length === 0)
      return data({ refused: [{ name: "", code: "file_required" }] as Refusal[] }, { status: 400 });
    const refused: Refusal[] = [];
    let status = 400;
    // One at a time: the API numbers positions and counts the limit per product.
    for (const file of files) {
      try {
        const form = new FormData();
        form.set("file", file, file.name);
        await api.send(productsApi.addFile, { params: { id }, form });
      } catch (error) {
        if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
        refused.push({ name: file.name, code: error.code });
        status = error.status;
      }
    }
    for (const fileId of ids) {
      try {
        await api.send(productsApi.addFile, { params: { id }, body: { fileId } });
      } catch (error) {
        if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
        refused.push({ name: "", code: error.code });
        status = error.status;
      }
    }
    if (refused.length > 0) return data({ refused }, { status: status === 404 ? 400 : status });
    throw flashRedirect(back, "profileProducts.flash.filesAdded");
  }

  const fileId = idParam(formData.get("fileId"));
  if (fileId === null) return data({ refused: [{ name: "", code: "not_found" }] as Refusal[] }, { status: 404 });
  try {
    if (intent === "move") {
      const position = Number(formData.get("position"));
      if (!Number.isInteger(position) || position < 0)
        return data({ refused: [{ name: "", code: "invalid_body" }] as Refusal[] }, { status: 400 });
      await api.send(productsApi.updateFile, { params: { id, fileId }, body: { position: Math.min(position, 99) } });
      if (js) return data({ ok: true });
      throw flashRedirect(back, "profileProducts.flash.fileMoved");
    }
    if (intent === "remove") {
      await api.send(productsApi.deleteFile, { params: { id, fileId } });
      if (js) return data({ ok: true });
      throw flashRedirect(back, "profileProducts.flash.fileRemoved");
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return data({ refused: [{ name: "", code: error.code }] as Refusal[] }, { status: error.status });
  }
  return data({ refused: [{ name: "", code: "invalid_body" }] as Refusal[] }, { status: 400 });
}

/** The list as it will be once the pending moves and removals are done (optimistic UI). */
function withPending(files: ProductFileView[], pending: { intent: string; fileId: number; position: number }[]): ProductFileView[] {
  let list = [...files];
  for (const op of pending) {
    const target = list.find((f) => f.id === op.fileId);
    if (!target) continue;
    if (op.intent === "remove") list = list.filter((f) => f.id !== op.fileId);
    else if (op.intent === "move") {
      const sameKind = list.filter((f) => f.kind === target.kind && f.id !== op.fileId);
      sameKind.splice(Math.min(op.position, sameKind.length), 0, target);
      const imageList = target.kind === "image" ? sameKind : list.filter((f) => f.kind === "image");
      const documentList = target.kind === "document" ? sameKind : list.filter((f) => f.kind === "document");
      list = [...imageList, ...documentList];
    }
  }
  return list;
}

export default function ProductFiles({ actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { product, readOnly } = useProductData();
  const fetchers = useFetchers();
  const pending = fetchers
    .filter((f) => f.state !== "idle" && f.formData?.get("js") === "1")
    .map((f) => ({
      intent: String(f.formData!.get("intent")),
      fileId: Number(f.formData!.get("fileId")),
      position: Number(f.formData!.get("position") ?? 0),
    }));
  const files = withPending(product.files, pending);
  const images = files.filter((f) => f.kind === "image");
  const documents = files.filter((f) => f.kind === "document");
  const refused = actionData && "refused" in actionData ? (actionData.refused as Refusal[]) : [];
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  // With JavaScript the upload field saves by itself once the files are uploaded.
  const hydrated = useHydrated();
  return (
    <div className="pp-files">
      <FileListSection kind="image" count={images.length}>
        <ol className="pp-gallery">
          {images.map((file, index) => (
            <li key={file.id} className="pp-gallery-item">
              <a href={file.url} target="_blank" rel="noreferrer" className="pp-gallery-link">
                <img
                  src={file.thumbUrl ?? file.url}
                  alt={localizedText(file.title, lang)?.text ?? t("profileProducts.files.photoAlt", { n: index + 1 })}
                  width={file.width ?? undefined}
                  height={file.height ?? undefined}
                  loading="lazy"
                />
              </a>
              {index === 0 ? <span className="badge badge-ok pp-main-badge">{t("profileProducts.files.main")}</span> : null}
              <span className="pp-file-name small" title={file.originalName ?? undefined}>
                {file.originalName ?? `#${file.id}`}
              </span>
              {!readOnly ? (
                <div className="pp-file-actions">
                  {index > 0 ? (
                    <FileAction fileId={file.id} intent="move" position={0} label={t("profileProducts.files.makeMain")} />
                  ) : null}
                  <OrderActions file={file} index={index} count={images.length} arrows={["←", "→"]} />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </FileListSection>
      <FileListSection kind="document" count={documents.length}>
        <ol className="pp-docs">
          {documents.map((file, index) => (
            <DocumentRow key={file.id} file={file} index={index} count={documents.length} readOnly={readOnly} />
          ))}
        </ol>
      </FileListSection>
      {!readOnly ? (
        <TitledSection id="pp-upload-title" className="card pp-section" title={t("profileProducts.files.add")}>
          <Form method="post" encType="multipart/form-data" className="pp-upload">
            <input type="hidden" name="intent" value="upload" />
            {refused.length > 0 ? (
              <div className="form-error" role="alert">
                <p>{t("profileProducts.files.refused", { count: refused.length })}</p>
                <ul>
                  {refused.map((r, i) => (
                    <li key={i}>
                      {r.name ? <strong>{r.name}: </strong> : null}
                      {messageText(t, r.code, "form")}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <UploadField accept="any" multiple autoSubmit label={t("profileProducts.files.chooseLabel")} />
            {!hydrated ? (
              <div className="page-actions">
                <button type="submit" className="button button-primary" disabled={uploading}>
                  {uploading ? t("profileProducts.files.uploading") : t("profileProducts.files.upload")}
                </button>
              </div>
            ) : null}
          </Form>
        </TitledSection>
      ) : null}
    </div>
  );
}

/** The product's two file lists: their heading ids and texts (message keys). */
const FILE_LISTS = {
  image: {
    id: "pp-images-title",
    title: "profileProducts.files.images",
    lead: "profileProducts.files.imagesLead",
    empty: "profileProducts.files.noImages",
  },
  document: {
    id: "pp-docs-title",
    title: "profileProducts.files.documents",
    lead: "profileProducts.files.documentsLead",
    empty: "profileProducts.files.noDocuments",
  },
} as const;

/** The card of one file list (`count` files; none: the list's "nothing yet" line instead of `children`). */
function FileListSection({ kind, count, children }: { kind: keyof typeof FILE_LISTS; count: number; children: ReactNode }) {
  const t = useT();
  const texts = FILE_LISTS[kind];
  return (
    <TitledSection
      id={texts.id}
      className="card pp-section"
      title={t(texts.title)}
      lead={t(texts.lead)}
      smallLead
      empty={count === 0 ? t(texts.empty) : null}
    >
      {children}
    </TitledSection>
  );
}

function DocumentRow({ file, index, count, readOnly }: { file: ProductFileView; index: number; count: number; readOnly: boolean }) {
  const lang = useLang();
  const ext = fileTypeLabel(file);
  return (
    <li className="pp-doc">
      <span className="uf-thumb uf-thumb-doc" aria-hidden="true">
        {ext}
      </span>
      <span className="uf-meta">
        <a href={file.url} target="_blank" rel="noreferrer" className="uf-name">
          {file.originalName ?? `#${file.id}`}
        </a>
        <span className="muted small">{formatBytes(file.size, lang)}</span>
      </span>
      {!readOnly ? (
        <span className="pp-file-actions">
          <OrderActions file={file} index={index} count={count} arrows={["↑", "↓"]} />
        </span>
      ) : null}
    </li>
  );
}

/** One small form per file action: a fetcher with JavaScript (optimistic), a plain POST without. */
/**
 * Move earlier, move later and remove for the file at `index` of `count` (images run left to right,
 * documents top to bottom: `arrows` are the earlier and later glyphs).
 */
function OrderActions({
  file,
  index,
  count,
  arrows,
}: {
  file: { id: number; originalName: string | null };
  index: number;
  count: number;
  arrows: [string, string];
}) {
  const t = useT();
  const name = file.originalName ?? file.id;
  return (
    <>
      {index > 0 ? (
        <FileAction
          fileId={file.id}
          intent="move"
          position={index - 1}
          label={arrows[0]}
          title={t("profileProducts.files.moveEarlier", { name })}
        />
      ) : null}
      {index < count - 1 ? (
        <FileAction
          fileId={file.id}
          intent="move"
          position={index + 1}
          label={arrows[1]}
          title={t("profileProducts.files.moveLater", { name })}
        />
      ) : null}
      <FileAction
        fileId={file.id}
        intent="remove"
        label={t("profileProducts.files.remove")}
        title={t("profileProducts.files.removeNamed", { name })}
        danger
      />
    </>
  );
}

function FileAction({
  fileId,
  intent,
  position,
  label,
  title,
  danger = false,
}: {
  fileId: number;
  intent: "move" | "remove";
  position?: number;
  label: string;
  title?: string;
  danger?: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const failed = fetcher.data && "refused" in fetcher.data ? (fetcher.data.refused as Refusal[])[0]?.code : null;
  return (
    <fetcher.Form method="post" className="pp-file-action">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="fileId" value={fileId} />
      {position !== undefined ? <input type="hidden" name="position" value={position} /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        className={`button button-small button-secondary${danger ? " pp-danger-outline" : ""}`}
        title={title}
        aria-label={title ?? label}
      >
        {label}
      </button>
      {failed ? (
        <span className="field-error" role="alert">
          {messageText(t, failed, "form")}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
