/**
 * A product's moderation status as the supplier sees it (server/profile/products.ts status machine):
 * `ProductStatusBadge` (draft, under review, published, rejected, blocked) with the pending-changes
 * marker of a published product, and `ProductStatusNotice` explaining what the status means, what
 * the supplier can do next, and the moderator's reason when the product (or its changes) was
 * rejected; `ProductSaveActions`, the end of a product form, whose button says the changes of a
 * published product go to review.
 */
import type { ReactNode } from "react";
import type { ProductView } from "#contract/profile/products.ts";
import { useT } from "#app/lib/use-t.ts";
import { FormErrors } from "#app/components/form/errors.tsx";

const BADGE_CLASS: Record<ProductView["status"], string> = {
  draft: "badge",
  moderation: "badge badge-warn",
  published: "badge badge-ok",
  rejected: "badge badge-danger",
  blocked: "badge badge-danger",
};

export function ProductStatusBadge({ status }: { status: ProductView["status"] }) {
  const t = useT();
  return <span className={`${BADGE_CLASS[status]} pp-status pp-status-${status}`}>{t(`profileProducts.status.${status}`)}</span>;
}

/** "Changes await review" / "Changes rejected" next to a published product with edits. */
export function PendingMarker({ pending }: { pending: ProductView["pending"] }) {
  const t = useT();
  if (!pending) return null;
  return (
    <span className={`badge ${pending.state === "rejected" ? "badge-danger" : "badge-warn"} pp-pending`}>
      {t(`profileProducts.pending.${pending.state}`)}
    </span>
  );
}

export function ProductStatusNotice({ product }: { product: Pick<ProductView, "status" | "pending" | "moderationNote"> }) {
  const t = useT();
  const { status, pending, moderationNote } = product;
  const rejectedNote = moderationNote && (status === "rejected" || pending?.state === "rejected") ? moderationNote : null;
  const tone =
    status === "rejected" || status === "blocked" || pending?.state === "rejected"
      ? "pp-notice-danger"
      : status === "moderation" || pending
        ? "pp-notice-warn"
        : status === "published"
          ? "pp-notice-ok"
          : "";
  return (
    <div className={`pp-notice ${tone}`} role="status">
      <p>
        <strong>{t(`profileProducts.status.${status}`)}.</strong> {t(`profileProducts.explain.${status}`)}
      </p>
      {pending ? (
        <p>
          {t(`profileProducts.explain.pending_${pending.state}`, {
            parts: pending.parts.map((part) => t(`profileProducts.parts.${part}`)).join(", "),
          })}
        </p>
      ) : null}
      {rejectedNote ? (
        <blockquote className="pp-note">
          <span className="pp-note-label">{t("profileProducts.moderatorNote")}</span>
          <span className="prewrap">{rejectedNote}</span>
        </blockquote>
      ) : null}
    </div>
  );
}

/**
 * The end of a product form: the form's own errors, then the save button (disabled while `saving`),
 * labelled "save for review" for a published product (its changes wait for a moderator), else with
 * the message key `label`; `children` follows the button.
 */
export function ProductSaveActions({
  form,
  status,
  saving,
  label,
  children,
}: {
  form: { errorId: string; errors?: string[] };
  status: ProductView["status"];
  saving?: boolean;
  label: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="page-actions pp-save">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t(status === "published" ? "profileProducts.saveForReview" : label)}
        </button>
        {children}
      </div>
    </>
  );
}
