/**
 * Pieces of the buying request pages: the status badge, the request's facts (quantity, target
 * price, Incoterms, destination, deadline, TN VED, category, language) and the buyer's side-by-side
 * comparison of quotes, whose sort links and row buttons are plain links and form posts (no
 * JavaScript needed).
 */
import type { ReactNode } from "react";
import { FileLinks } from "./attachments.tsx";
import { PostButton } from "../form/post-button.tsx";
import type { Comparison } from "../../../contract/quotes.ts";
import type { RfqPublic } from "../../../contract/rfq.ts";
import { formatMoney, formatQuantity } from "../catalog/format.ts";
import { LocaleLink } from "../locale-link.tsx";
import { formatRateDate } from "../money/money.tsx";
import { useLang } from "../../lib/use-lang.ts";
import { useT } from "../../lib/use-t.ts";

/**
 * The cards of a list page (public requests, the buyer's requests, the supplier's quotes and the
 * requests that reached it), or the page's line saying there are none. `children` renders one item
 * as an `RfqCard` with its key.
 */
export function RfqCardList<T>({ items, empty, children }: { items: readonly T[]; empty: string; children: (item: T) => ReactNode }) {
  return items.length === 0 ? (
    <p className="card empty-state">{empty}</p>
  ) : (
    <ul className="rfq-list">{items.map((item) => children(item))}</ul>
  );
}

/**
 * One card of an `RfqCardList`: the request's title in the language it is written in — a link to
 * `to` when the card leads somewhere — then the card's own lines.
 */
export function RfqCard({ to, title, lang, children }: { to?: string; title: string; lang: string; children: ReactNode }) {
  return (
    <li className="card rfq-card">
      {to ? (
        <h2>
          <LocaleLink to={to}>
            <span lang={lang}>{title}</span>
          </LocaleLink>
        </h2>
      ) : (
        <h2 lang={lang}>{title}</h2>
      )}
      {children}
    </li>
  );
}

export function RfqStatus({ status }: { status: string }) {
  const t = useT();
  return <span className={`badge rfq-status rfq-status-${status}`}>{t(`rfq.status.${status}`)}</span>;
}

/** The request's terms as a description list. */
export function RfqFacts({ rfq }: { rfq: RfqPublic }) {
  const t = useT();
  const lang = useLang();
  const rows: [string, string | null, string?][] = [
    [t("rfq.fields.quantity"), `${formatQuantity(rfq.quantity, lang)} ${t(`rfq.units.${rfq.unit}`)}`],
    [t("rfq.fields.targetPrice"), rfq.targetPrice ? formatMoney(rfq.targetPrice, rfq.currency, lang) : null],
    [t("rfq.fields.incoterms"), rfq.incoterms],
    [t("rfq.fields.destination"), `${rfq.destinationCity}, ${rfq.destinationCountry}`],
    [t("rfq.fields.deadline"), rfq.deadline],
    [t("rfq.fields.tnvedCode"), rfq.tnved ? `${rfq.tnved.code} — ${rfq.tnved.name}` : null, "rfq-fact-wide"],
    [t("rfq.fields.category"), rfq.category?.name ?? null, "rfq-fact-wide"],
  ];
  return (
    <dl className="rfq-facts">
      {rows
        .filter(([, value]) => value)
        .map(([label, value, wide]) => (
          <div key={label} className={`rfq-fact${wide ? ` ${wide}` : ""}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      <div className="rfq-fact">
        <dt>{t("rfq.fields.lang")}</dt>
        <dd>{t(`rfq.langNames.${rfq.lang}`)}</dd>
      </div>
    </dl>
  );
}

const SORTS = ["price", "leadTime", "moq"] as const;

/** One row of the comparison table: the term's heading, then one cell per quote (`children` renders a cell's content). */
function CompareRow<Q extends { id: number }>({
  label,
  quotes,
  children,
}: {
  label: string;
  quotes: readonly Q[];
  children: (quote: Q) => ReactNode;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {quotes.map((q) => (
        <td key={q.id}>{children(q)}</td>
      ))}
    </tr>
  );
}

/** The comparison table: one column per quote, one row per term; sort links above. */
export function ComparisonTable({ comparison, rfqId, canDecide }: { comparison: Comparison; rfqId: number; canDecide: boolean }) {
  const t = useT();
  const lang = useLang();
  const { quotes, best } = comparison;
  const sortLink = (sort: (typeof SORTS)[number]) => {
    const dir = comparison.sort === sort && comparison.dir === "asc" ? "desc" : "asc";
    return `/profile/rfq/${rfqId}?sort=${sort}&dir=${dir}#quotes`;
  };
  const label = { price: t("rfq.compare.price"), leadTime: t("rfq.compare.leadTime"), moq: t("rfq.compare.moq") };
  // "≈ amount" in the comparison's one currency, beside a price in another one.
  const approx = (q: Comparison["quotes"][number], amount: string | undefined) =>
    amount !== undefined && q.currency !== comparison.currency ? (
      <span className="price-converted" data-converted={comparison.currency}>
        {t("money.approx", { amount: formatMoney(amount, comparison.currency, lang) })}
      </span>
    ) : null;
  const mark = (on: boolean) => (on ? <span className="badge rfq-best">{t("rfq.compare.best")}</span> : null);
  return (
    <div className="rfq-compare">
      <p className="rfq-sort" aria-label={t("rfq.compare.sortBy")}>
        {t("rfq.compare.sortBy")}:{" "}
        {SORTS.map((sort) => (
          <LocaleLink
            key={sort}
            to={sortLink(sort)}
            className={`rfq-sort-link${comparison.sort === sort ? " is-active" : ""}`}
            aria-current={comparison.sort === sort ? "true" : undefined}
          >
            {label[sort]}
            {comparison.sort === sort ? (comparison.dir === "asc" ? " ↑" : " ↓") : ""}
          </LocaleLink>
        ))}
      </p>
      <div className="rfq-compare-scroll">
        <table className="rfq-compare-table">
          <thead>
            <tr>
              <th scope="col">{t("rfq.compare.supplier")}</th>
              {quotes.map((q) => (
                <th key={q.id} scope="col" data-quote={q.id}>
                  {q.company.name}
                  <span className="muted small rfq-verified">{t(`rfq.compare.verified.${q.company.verificationLevel}`)}</span>
                  {q.status !== "submitted" ? <span className={`badge rfq-quote-${q.status}`}>{t(`rfq.compare.${q.status}`)}</span> : null}
                  {q.shortlisted ? <span className="badge">{t("rfq.compare.shortlisted")}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <CompareRow label={t("rfq.compare.price")} quotes={quotes}>
              {(q) => (
                <>
                  <strong>{formatMoney(q.priceFrom, q.currency, lang)}</strong> {approx(q, q.converted?.priceFrom)}{" "}
                  {mark(best.price.includes(q.id) && quotes.length > 1)}
                </>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.compare.tiers")} quotes={quotes}>
              {(q) => (
                <ul className="rfq-tiers">
                  {q.tiers.map((tier, index) => (
                    <li key={tier.minQuantity}>
                      {t("rfq.compare.from", { quantity: formatQuantity(tier.minQuantity, lang) })}:{" "}
                      {formatMoney(tier.price, q.currency, lang)} {approx(q, q.converted?.tiers[index])}
                    </li>
                  ))}
                </ul>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.compare.moq")} quotes={quotes}>
              {(q) => (
                <>
                  {formatQuantity(q.moq, lang)} {mark(best.moq === q.id && quotes.length > 1)}
                </>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.compare.leadTime")} quotes={quotes}>
              {(q) => (
                <>
                  {t("rfq.compare.days", { count: q.leadTimeDays })} {mark(best.leadTime === q.id && quotes.length > 1)}
                </>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.compare.incoterms")} quotes={quotes}>
              {(q) => `${q.incoterms} ${q.incotermsPlace}`}
            </CompareRow>
            <CompareRow label={t("rfq.compare.validUntil")} quotes={quotes}>
              {(q) => q.validUntil}
            </CompareRow>
            <CompareRow label={t("rfq.compare.comment")} quotes={quotes}>
              {(q) => (
                <>
                  {q.comment ? <span lang={q.lang}>{q.comment}</span> : "—"}
                  <span className="muted small rfq-lang">{t("rfq.writtenIn", { lang: t(`rfq.langNames.${q.lang}`) })}</span>
                </>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.attachments.files")} quotes={quotes}>
              {(q) => (q.files.length ? <FileLinks files={q.files} /> : "—")}
            </CompareRow>
            <CompareRow label={t("rfq.compare.actions")} quotes={quotes}>
              {(q) => (
                <div className="rfq-actions">
                  {canDecide ? (
                    <>
                      <PostButton intent="accept" hidden={{ quoteId: q.id }} className="button button-primary button-small">
                        {t("rfq.compare.accept")}
                      </PostButton>
                      <PostButton
                        intent="shortlist"
                        hidden={{ quoteId: q.id, shortlisted: q.shortlisted ? "false" : "true" }}
                        className="button button-secondary button-small"
                      >
                        {q.shortlisted ? t("rfq.compare.unshortlist") : t("rfq.compare.shortlist")}
                      </PostButton>
                    </>
                  ) : null}
                  <a href={`/inquiry/new?supplier=${q.company.id}`} className="rfq-contact">
                    {t("rfq.compare.contact")}
                  </a>
                </div>
              )}
            </CompareRow>
          </tbody>
        </table>
      </div>
      <p className="muted small rfq-rate-note">
        {comparison.rateDate
          ? t("rfq.converted.note", { currency: comparison.currency, date: formatRateDate(comparison.rateDate, lang) })
          : t("rfq.converted.noRates")}
        {comparison.rateDate && comparison.stale ? ` ${t("money.stale")}` : ""}
      </p>
    </div>
  );
}
