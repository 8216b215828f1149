/**
 * The "← list" line above a signed-in page's heading: a paragraph (its class places it) holding one
 * localized link back to the page the reader came down from (the employees, the products, the
 * contacts, the buyer's requests…).
 */
import { LocaleLink } from "#app/components/locale-link.tsx";

/** `<p className={className}><a href={to}>← {label}</a></p>`; `to` is a language-neutral path. */
export function BackLink({ to, className, label }: { to: string; className: string; label: string }) {
  return (
    <p className={className}>
      <LocaleLink to={to}>← {label}</LocaleLink>
    </p>
  );
}
