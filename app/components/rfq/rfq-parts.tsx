/**
 * Pieces of the buying request pages: the status badge, the request's facts (quantity, target
 * price, Incoterms, destination, deadline, TN VED, category, language), who the request reached
 * (`RfqReachLine`), and the buyer's side-by-side comparison of quotes, whose sort links and row
 * buttons are plain links and form posts (no JavaScript needed). The comparison shows each quote at
 * its price for the asked quantity (usability review #8); "Accept" leads to a confirmation step
 * (`?accept=<quote>`, `AcceptConfirm`), not straight to the decision (#9). On a phone the table
 * scrolls sideways with its row headers kept in view, a shadow at the edge and a hint (#11). Its
 * first row is each quote's landed cost (ADR 050, ./landed-compare.tsx).
 */
import type { ReactNode } from "react";
import { FileLinks } from "./attachments.tsx";
import { PostButton } from "../form/post-button.tsx";
import { AWARD_UNDO_MINUTES, type Comparison } from "#contract/quotes.ts";
import type { OwnRfq, RfqPublic } from "#contract/rfq.ts";
import { formatDate, formatMoney, formatQuantity } from "../catalog/format.ts";
import { LocaleLink } from "../locale-link.tsx";
import { LandedCostCell, landedSearch } from "./landed-compare.tsx";
import { formatRateDate } from "../money/money.tsx";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";

/**
 * The cards of a list page (public requests, the buyer's requests, the supplier's quotes and the
 * requests that reached it), or the page's line saying there are none (nothing when `empty` is ""). `children` renders one item
 * as an `RfqCard` with its key.
 */
export function RfqCardList<T>({ items, empty, children }: { items: readonly T[]; empty: string; children: (item: T) => ReactNode }) {
  return items.length === 0 ? (
    empty ? (
      <p className="card empty-state">{empty}</p>
    ) : null
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

/** `text` with each of `contacts` (found in it by contract/rfq.ts `findContacts`) highlighted. */
export function HighlightContacts({ text, contacts }: { text: string; contacts: readonly string[] }) {
  if (contacts.length === 0) return <>{text}</>;
  const escaped = [...contacts].sort((a, b) => b.length - a.length).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(${escaped.join("|")})`, "g"));
  return (
    <>
      {parts.map((part, index) =>
        contacts.includes(part) ? (
          <mark key={index} className="rfq-contact-mark">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
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

/**
 * Who the buyer's request reached, never counting a supplier that was not told (usability review
 * #3, #18): nothing while it is a draft or on moderation; then "matched N, told M: by account K,
 * by e-mail L", and the ones not told with why.
 */
export function RfqReachLine({ rfq }: { rfq: OwnRfq }) {
  const t = useT();
  const { reach } = rfq;
  if (!["open", "closed", "awarded", "hidden"].includes(rfq.status)) return null;
  if (reach.matched === 0) {
    return rfq.visibility === "public" && rfq.status === "open" ? (
      <p className="muted small rfq-reach" data-testid="rfq-reach">
        {t("rfq.detail.reachNone")}
      </p>
    ) : null;
  }
  const notTold = [
    reach.noAddress ? t("rfq.detail.reachNoAddress", { count: reach.noAddress }) : null,
    reach.heldBack ? t("rfq.detail.reachHeldBack", { count: reach.heldBack }) : null,
    reach.unclaimed ? t("rfq.detail.reachUnclaimed", { count: reach.unclaimed }) : null,
    reach.pending ? t("rfq.detail.reachPending", { count: reach.pending }) : null,
  ].filter(Boolean);
  return (
    <p className="small rfq-reach" data-testid="rfq-reach">
      {t("rfq.detail.reachMatched", { count: reach.matched })}, {t("rfq.detail.reachTold", { count: reach.told })}
      {reach.told ? `: ${t("rfq.detail.reachHow", { account: reach.byAccount, email: reach.byEmail })}` : ""}.
      {notTold.length ? ` ${notTold.join("; ")}.` : ""}
    </p>
  );
}

const SORTS = ["landed", "price", "leadTime", "moq"] as const;

/**
 * The comparison page's address keeping the chosen sort (usability review #21) and the buyer's
 * landed-cost inputs (ADR 050), with more parameters.
 */
export function comparisonHref(
  rfqId: number,
  comparison: Pick<Comparison, "sort" | "dir"> & { landed?: Partial<Comparison["landed"]> },
  extra = "",
  hash = "quotes",
): string {
  const landed = comparison.landed ? landedSearch(comparison.landed) : "";
  return `/profile/rfq/${rfqId}?sort=${comparison.sort}&dir=${comparison.dir}${landed}${extra}#${hash}`;
}

/**
 * The confirmation step of accepting quote `quoteId` (usability review #9): what accepting does,
 * the undo window, and a form that posts the decision — or a link back. Works without JavaScript.
 */
export function AcceptConfirm({ comparison, rfqId, quoteId }: { comparison: Comparison; rfqId: number; quoteId: number }) {
  const t = useT();
  const lang = useLang();
  const quote = comparison.quotes.find((q) => q.id === quoteId);
  if (!quote) return null;
  const quantity = `${formatQuantity(comparison.quantity, lang)} ${t(`rfq.units.${comparison.unit}`)}`;
  return (
    <section id="accept-confirm" className="card notice rfq-confirm" aria-labelledby="accept-confirm-title" data-testid="accept-confirm">
      <h3 id="accept-confirm-title">{t("rfq.compare.confirmTitle", { company: quote.company.name })}</h3>
      <p>{t("rfq.compare.confirmLead", { quantity, price: formatMoney(quote.atQuantity.price, quote.currency, lang) })}</p>
      <p>{t("rfq.compare.confirmUndo", { count: AWARD_UNDO_MINUTES })}</p>
      <div className="page-actions">
        <PostButton intent="accept" hidden={{ quoteId: quote.id }} className="button button-primary">
          {t("rfq.compare.confirm")}
        </PostButton>
        <LocaleLink to={comparisonHref(rfqId, comparison)} className="button button-secondary">
          {t("rfq.compare.cancel")}
        </LocaleLink>
      </div>
    </section>
  );
}

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
    return comparisonHref(rfqId, { sort, dir, landed: comparison.landed });
  };
  const unit = t(`rfq.units.${comparison.unit}`);
  const withUnit = (quantity: string) => `${formatQuantity(quantity, lang)}\u00a0${unit}`;
  const asked = withUnit(comparison.quantity);
  const label = {
    landed: t("contract.landed.sort"),
    price: t("rfq.compare.price"),
    leadTime: t("rfq.compare.leadTime"),
    moq: t("rfq.compare.moq"),
  };
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
      {quotes.length > 1 ? (
        <p className="muted small rfq-scroll-hint" aria-hidden="true">
          {t("rfq.compare.scrollHint")}
        </p>
      ) : null}
      <div className="rfq-compare-scroll" data-testid="rfq-compare-scroll">
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
            <CompareRow label={t("contract.landed.rowAt", { quantity: asked })} quotes={quotes}>
              {(q) => <LandedCostCell q={q} comparison={comparison} />}
            </CompareRow>
            <CompareRow label={t("rfq.compare.priceAt", { quantity: asked })} quotes={quotes}>
              {(q) => (
                <div className="rfq-price-at" data-testid="price-at">
                  <strong>{formatMoney(q.atQuantity.price, q.currency, lang)}</strong> {approx(q, q.atQuantity.converted ?? undefined)}{" "}
                  {mark(best.price.includes(q.id) && quotes.length > 1)}
                  <span className="muted small rfq-tier-used">
                    {q.atQuantity.belowFirstTier
                      ? t("rfq.compare.belowFirstTier")
                      : t("rfq.compare.tierUsed", { tier: t("rfq.compare.from", { quantity: withUnit(q.atQuantity.minQuantity) }) })}
                  </span>
                  <span className="muted small rfq-total">
                    {t("rfq.compare.total", { quantity: asked, amount: formatMoney(q.atQuantity.total, q.currency, lang) })}
                  </span>
                </div>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.compare.actions")} quotes={quotes}>
              {(q) => (
                <div className="rfq-actions">
                  {canDecide ? (
                    <>
                      <LocaleLink
                        to={comparisonHref(rfqId, comparison, `&accept=${q.id}`, "accept-confirm")}
                        className="button button-primary button-small"
                        data-testid={`accept-${q.id}`}
                      >
                        {t("rfq.compare.accept")}
                      </LocaleLink>
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
            <CompareRow label={t("rfq.compare.tiers")} quotes={quotes}>
              {(q) => (
                <ul className="rfq-tiers">
                  {q.tiers.map((tier, index) => (
                    <li key={tier.minQuantity} className={index === q.atQuantity.tier ? "is-applied" : undefined}>
                      {t("rfq.compare.from", { quantity: withUnit(tier.minQuantity) })}: {formatMoney(tier.price, q.currency, lang)}{" "}
                      {approx(q, q.converted?.tiers[index])}
                    </li>
                  ))}
                </ul>
              )}
            </CompareRow>
            <CompareRow label={t("rfq.compare.moq")} quotes={quotes}>
              {(q) => (
                <>
                  {withUnit(q.moq)} {mark(best.moq === q.id && quotes.length > 1)}
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
              {(q) => formatDate(q.validUntil, lang)}
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
          </tbody>
        </table>
      </div>
      <p className="muted small landed-cost-disclaimer">{t("contract.landed.note")}</p>
      <p className="muted small rfq-rate-note">
        {comparison.rateDate
          ? t("rfq.converted.note", { currency: comparison.currency, date: formatRateDate(comparison.rateDate, lang) })
          : t("rfq.converted.noRates")}
        {comparison.rateDate && comparison.stale ? ` ${t("money.stale")}` : ""}
      </p>
    </div>
  );
}
