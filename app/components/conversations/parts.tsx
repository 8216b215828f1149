/**
 * Pieces of the inquiry and conversation pages (ADR 028): the «Request a price» link of the product
 * and supplier pages, a name in the page's language, the status badge, the list of conversations
 * (the buyer's inquiries and the company inbox) and the supplier page's response metrics.
 * Server-rendered; nothing here needs JavaScript.
 */
import type { ConversationStatus, ConversationSummary } from "#contract/conversations.ts";
import type { ResponseStats } from "#contract/inquiries.ts";
import type { Lang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { LocaleLink } from "../locale-link.tsx";
import { FieldError } from "../form/errors.tsx";
import { dateTimeFormat } from "#contract/format.ts";

type Named = { ru?: string; en?: string; zh?: string } | null | undefined;

/** A localized name in `lang`, else Russian, English, Chinese — whichever is given. */
export function nameIn(name: Named, lang: Lang): string {
  if (!name) return "";
  return name[lang] || name.ru || name.en || name.zh || "";
}

/** The path of the inquiry form for a supplier and optionally products (the fixed URL other pages link to). */
export function inquiryHref(supplierId: number, productIds: number[] = []): string {
  return `/inquiry/new?supplier=${supplierId}${productIds.map((id) => `&product=${id}`).join("")}`;
}

/** «Request a price»: a link styled as the page's main button. */
export function RequestPriceLink({ supplierId, productIds, className }: { supplierId: number; productIds?: number[]; className?: string }) {
  const t = useT();
  return (
    <LocaleLink
      to={inquiryHref(supplierId, productIds)}
      className={`button button-primary request-price${className ? ` ${className}` : ""}`}
    >
      {t("inquiries.requestPrice")}
    </LocaleLink>
  );
}

/**
 * «Order from this supplier» (issue 28; ADR 048): for a signed-in person of another company, the new
 * order form with the product as its first line. Pages of signed-in visitors are never served from the
 * anonymous page cache (server/page-cache.ts), so the link depends on the session safely.
 */
export function OrderFromSupplierLink({ supplierId, productId }: { supplierId: number; productId?: number }) {
  const t = useT();
  const root = useRouteLoaderData<RootData>("root");
  const organization = root?.user?.organization;
  if (!organization || organization.id === supplierId) return null;
  return (
    <LocaleLink
      to={`/profile/orders/new?supplier=${supplierId}${productId ? `&product=${productId}` : ""}`}
      className="button button-secondary"
      data-testid="order-from-product"
    >
      {t("orders.entry.fromProduct")}
    </LocaleLink>
  );
}

const STATUS_TONE: Record<ConversationStatus, string> = { new: "badge-warn", answered: "badge-ok", closed: "" };

export function StatusBadge({ status }: { status: ConversationStatus }) {
  const t = useT();
  return <span className={`badge ${STATUS_TONE[status]}`.trim()}>{t(`inquiries.status.${status}`)}</span>;
}

/** One row per conversation: counterpart, products, last message, status, unread count, date. */
export function ConversationList({ items, box }: { items: ConversationSummary[]; box: "buyer" | "company" }) {
  const t = useT();
  const lang = useLang();
  const date = dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (
    <ul className="conversation-list">
      {items.map((c) => {
        const counterpart =
          box === "buyer" ? nameIn(c.supplier.name, lang) : [c.buyer.name, nameIn(c.buyer.company, lang)].filter(Boolean).join(", ");
        return (
          <li key={c.id} className={`card conversation-row${c.unread > 0 ? " is-unread" : ""}`}>
            <div className="conversation-row-head">
              <LocaleLink to={`/profile/conversations/${c.id}`} className="conversation-row-title">
                {counterpart || t("inquiries.conversationTitle", { id: c.id })}
              </LocaleLink>
              <StatusBadge status={c.status} />
              {c.unread > 0 ? <span className="badge badge-danger">{t("inquiries.unreadCount", { count: c.unread })}</span> : null}
              {c.belowMoq ? <span className="badge">{t("inquiries.belowMoqBadge")}</span> : null}
            </div>
            {c.products.length > 0 ? <p className="small">{c.products.map((p) => nameIn(p.name, lang)).join(" · ")}</p> : null}
            <p className="muted conversation-row-excerpt">{c.lastMessage}</p>
            <p className="muted small">
              <time dateTime={c.lastMessageAt}>{date.format(new Date(c.lastMessageAt))}</time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The supplier page's response metrics; nothing below the minimum number of inquiries. */
export function ResponseStatsCard({ stats }: { stats: ResponseStats | null }) {
  const t = useT();
  if (!stats || stats.responseRate === null) return null;
  const hours = stats.medianResponseS === null ? null : Math.round(stats.medianResponseS / 3600);
  return (
    <section className="card response-stats">
      <h2>{t("inquiries.stats.title")}</h2>
      <dl className="facts">
        <div>
          <dt>{t("inquiries.stats.rate")}</dt>
          <dd>{t("inquiries.stats.rateValue", { percent: Math.round(stats.responseRate * 100) })}</dd>
        </div>
        <div>
          <dt>{t("inquiries.stats.median")}</dt>
          <dd>
            {hours === null
              ? t("inquiries.stats.none")
              : hours < 1
                ? t("inquiries.stats.minutes")
                : t("inquiries.stats.hours", { count: hours })}
          </dd>
        </div>
      </dl>
      <p className="muted small">{t("inquiries.stats.basis", { count: stats.inquiries })}</p>
    </section>
  );
}

/**
 * The attachments input of an inquiry or a reply: several files, sent with the form and checked by the
 * upload rules on the server; `errors` are the form's errors for `attachments`.
 */
export function AttachmentsField({ id, errors }: { id: string; errors?: readonly string[] | null }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t("inquiries.attachments")}</label>
      <input id={id} type="file" name="attachments" multiple aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field-hint">
        {t("inquiries.attachmentsHint")}
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
