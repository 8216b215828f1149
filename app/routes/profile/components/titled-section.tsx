/**
 * A titled part of a signed-in page (a card of the product's files, the company's facts, the price
 * list's export…): a `<section>` labelled by its `<h2>`, an optional muted lead line, then its
 * content — or, for a list that has nothing yet, the line saying so.
 */
import type { ReactNode } from "react";

/**
 * `id` is the heading's id (the section's `aria-labelledby`); `smallLead` sets the lead in small
 * type. When `empty` is a text, it stands (muted) instead of `children`; `after` follows either.
 */
export function TitledSection({
  id,
  className = "card",
  title,
  lead,
  smallLead = false,
  empty = null,
  after = null,
  children,
}: {
  id: string;
  className?: string;
  title: string;
  lead?: string;
  smallLead?: boolean;
  empty?: string | null;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead !== undefined ? <p className={smallLead ? "muted small" : "muted"}>{lead}</p> : null}
      {empty !== null ? <p className="muted">{empty}</p> : children}
      {after}
    </section>
  );
}
