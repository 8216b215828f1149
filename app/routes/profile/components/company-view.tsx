/**
 * Display pieces of the company pages: a stored localized text shown in the page's language (with a
 * fallback to the author's language, then ru → en → zh, marked when it is not the page's, DESIGN §4),
 * the company status badge, the status explanation and the heading of the company's own pages.
 */
import type { ReactNode } from "react";
import { LANGS } from "#contract/langs.ts";
import type { Localized } from "#contract/lang-schemas.ts";
import type { CompanyStatus } from "#contract/profile/fields.ts";
import { LocalizedName } from "#app/components/classifier/localized-name.tsx";
import type { Lang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { Fact } from "#app/components/catalog/facts.tsx";
import { Icon } from "#app/components/icon.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";

const ORDER: readonly Lang[] = LANGS;

/** The text of `value` in `lang`, else in `sourceLang`, else the first of ru, en, zh; null when empty. */
export function pickLocalized(value: Localized | null | undefined, lang: Lang, sourceLang?: Lang): { text: string; lang: Lang } | null {
  if (!value) return null;
  for (const candidate of [lang, ...(sourceLang ? [sourceLang] : []), ...ORDER]) {
    const text = value[candidate];
    if (text) return { text, lang: candidate };
  }
  return null;
}

/** A stored localized text in the page's language, or `fallback` when it is empty. */
export function LocalizedValue({
  value,
  sourceLang,
  fallback = null,
}: {
  value: Localized | null | undefined;
  sourceLang?: Lang;
  fallback?: React.ReactNode;
}) {
  const lang = useLang();
  const picked = pickLocalized(value, lang, sourceLang);
  if (!picked) return <>{fallback}</>;
  return <LocalizedName name={picked.text} nameLang={picked.lang} />;
}

/** The company's facts (key and value in the page's language, else the source language). */
export function LocalizedFacts({ facts, sourceLang }: { facts: { key: Localized; value: Localized }[]; sourceLang?: Lang }) {
  return (
    <dl className="facts">
      {facts.map((fact, i) => (
        <Fact key={i} term={<LocalizedValue value={fact.key} sourceLang={sourceLang} />}>
          <LocalizedValue value={fact.value} sourceLang={sourceLang} />
        </Fact>
      ))}
    </dl>
  );
}

const STATUS_CLASS: Record<CompanyStatus, string> = {
  draft: "badge",
  moderation: "badge badge-warn",
  published: "badge badge-ok",
  rejected: "badge badge-danger",
  blocked: "badge badge-danger",
};

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  const t = useT();
  return <span className={`${STATUS_CLASS[status]} company-status`}>{t(`profileHome.status.${status}`)}</span>;
}

/**
 * The heading of the company's own pages (the overview `/profile`, the card `/profile/company`): the
 * name in the page's language, then a line of badges — the status, then `children` (the page's own).
 */
export function CompanyHeading({
  company,
  children,
}: {
  company: { name: Localized; sourceLang: Lang; status: CompanyStatus };
  children: ReactNode;
}) {
  return (
    <>
      <h1>
        <LocalizedValue value={company.name} sourceLang={company.sourceLang} />
      </h1>
      <p className="badges">
        <CompanyStatusBadge status={company.status} />
        {children}
      </p>
    </>
  );
}

/** The link to the company's public supplier page `/suppliers/{id}`, once the card is published (else nothing). */
export function PublicPageLink({
  company,
  className,
  label,
}: {
  company: { id: number; status: CompanyStatus };
  className: string;
  label: string;
}) {
  return company.status === "published" ? (
    <LocaleLink to={`/suppliers/${company.id}`} className={className}>
      <Icon name="external-link" size={16} /> {label}
    </LocaleLink>
  ) : null;
}
