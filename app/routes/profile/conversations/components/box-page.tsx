/**
 * The list page of a conversation box (ADR 028): the buyer's inquiries (`/profile/inquiries`) and
 * the company inbox (`/profile/inbox`), with filters by status, unread and product in a plain GET
 * form (works without JavaScript) and paging links.
 */
import { Form } from "react-router";
import type { ConversationSummary } from "#contract/conversations.ts";
import { CONVERSATION_STATUSES } from "#contract/conversation-states.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { ConversationList, nameIn } from "#app/components/conversations/parts.tsx";

export interface BoxData {
  items: ConversationSummary[];
  meta: {
    page: number;
    pages: number;
    total: number;
    unreadConversations: number;
    counts: Record<(typeof CONVERSATION_STATUSES)[number], number>;
    products: { id: number; name: { ru?: string; en?: string; zh?: string } }[];
  };
  filters: { status: string; unread: boolean; product: string };
}

export function BoxPage({ box, data }: { box: "buyer" | "company"; data: BoxData }) {
  const t = useT();
  const lang = useLang();
  const { items, meta, filters } = data;
  const title = box === "buyer" ? t("inquiries.myInquiries") : t("inquiries.inbox");
  return (
    <div className="conversation-box">
      <PageHeader title={title} lead={box === "buyer" ? t("inquiries.myInquiriesLead") : t("inquiries.inboxLead")}>
        {meta.unreadConversations > 0 ? (
          <p>
            <span className="badge badge-danger">{t("inquiries.unreadCount", { count: meta.unreadConversations })}</span>
          </p>
        ) : null}
      </PageHeader>
      <Form method="get" className="card conversation-filters" aria-label={t("inquiries.filters.label")}>
        <div className="field">
          <label htmlFor="filter-status">{t("inquiries.filters.status")}</label>
          <select id="filter-status" name="status" defaultValue={filters.status}>
            <option value="">{t("inquiries.filters.all")}</option>
            {CONVERSATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`inquiries.status.${s}`)} ({meta.counts[s]})
              </option>
            ))}
          </select>
        </div>
        {meta.products.length > 0 ? (
          <div className="field">
            <label htmlFor="filter-product">{t("inquiries.filters.product")}</label>
            <select id="filter-product" name="product" defaultValue={filters.product}>
              <option value="">{t("inquiries.filters.anyProduct")}</option>
              {meta.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {nameIn(p.name, lang)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label className="checkbox">
          <input type="checkbox" name="unread" value="1" defaultChecked={filters.unread} /> {t("inquiries.filters.unread")}
        </label>
        <button type="submit" className="button button-secondary">
          {t("inquiries.filters.apply")}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="card empty-state">
          {box === "buyer" && !filters.status && !filters.unread ? t("inquiries.emptyBuyer") : t("inquiries.empty")}
        </p>
      ) : (
        <ConversationList items={items} box={box} />
      )}
      <Pagination page={meta.page} pages={meta.pages} />
    </div>
  );
}
