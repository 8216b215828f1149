/**
 * A stage's documents on the order page (issue 28 §2; ADR 056): the list — kind, original name (a
 * link to `/files/{id}`, the private download checked on every request), size, who and when — and,
 * for the stages the caller may attach to (`OrderView.may.documentStages`), a multipart form (kind
 * and files) that works without JavaScript: the route action uploads each file through the API's
 * upload checks and attaches them (contract/orders.ts addOrderDocuments).
 */
import { Form } from "react-router";
import { ORDER_DOCUMENT_KINDS, type OrderDocumentView, type OrderStage } from "#contract/orders.ts";
import { formatDate } from "#contract/format.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatBytes } from "#app/routes/profile/components/upload-field.tsx";
import { Issues, type Issue } from "./issues.tsx";

/** What the file inputs offer (the API's upload checks decide: server/files/uploads.ts). */
export const DOCUMENT_ACCEPT = "application/pdf,.pdf,.docx,.xlsx,image/jpeg,image/png,image/webp,image/gif,image/avif";

/** The documents of one stage, oldest first; nothing when there are none. */
export function StageDocuments({ documents }: { documents: OrderDocumentView[] }) {
  const t = useT();
  const lang = useLang();
  if (documents.length === 0) return null;
  return (
    <ul className="order-documents small" data-testid="stage-documents">
      {documents.map((d) => (
        <li key={d.id} data-kind={d.kind}>
          <span className="badge">{t(`orders.documentKinds.${d.kind}`)}</span>{" "}
          <a href={d.file.url}>{d.file.originalName ?? `#${d.file.id}`}</a>{" "}
          <span className="muted">
            {formatBytes(d.file.size, lang)} ·{" "}
            {t("orders.docs.by", { name: d.uploadedBy, side: t(`orders.sides.${d.side}`), date: formatDate(d.createdAt, lang) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The form attaching documents to `stage` (a multipart post; see the module comment). */
export function DocumentUpload({ stage, issues }: { stage: OrderStage; issues: Issue[] | undefined }) {
  const t = useT();
  return (
    <details className="order-document-upload" open={issues !== undefined}>
      <summary className="small">{t("orders.docs.attach")}</summary>
      <Form method="post" encType="multipart/form-data" className="order-stage-form">
        <Issues issues={issues} />
        <input type="hidden" name="stage" value={stage} />
        <label>
          {t("orders.docs.kind")}
          <select name="kind" defaultValue={stage === "shipped" ? "smgs" : "invoice"}>
            {ORDER_DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`orders.documentKinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("orders.docs.files")}
          <input type="file" name="files" multiple required accept={DOCUMENT_ACCEPT} />
          <span className="small muted">{t("orders.docs.hint")}</span>
        </label>
        <button type="submit" name="intent" value="documents" className="button button-secondary">
          {t("orders.docs.attach")}
        </button>
      </Form>
    </details>
  );
}
