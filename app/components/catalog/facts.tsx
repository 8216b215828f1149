/**
 * Definition lists of the catalogue and profile pages (`<dl className="facts">`): `Fact` is one
 * term and its value; `CompanyContactItems` the contact lines of a company, read the same on the
 * public supplier page and on the supplier's own card.
 */
import type { ReactNode } from "react";
import { useT } from "#app/lib/use-t.ts";

/** One term and its value. */
export function Fact({ term, children, className, lang }: { term: ReactNode; children: ReactNode; className?: string; lang?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className} lang={lang}>
        {children}
      </dd>
    </div>
  );
}

export interface CompanyContacts {
  website: string | null;
  phone: string | null;
  email: string | null;
  yearFounded: number | null;
}

/**
 * A company's address, website, phone, e-mail, founding year and headcount, each only when known.
 * `address` and `headcount` come rendered (their text depends on the page); `links` makes the phone
 * and e-mail `tel:` and `mailto:` links.
 */
export function CompanyContactItems({
  company,
  address,
  headcount,
  links = false,
}: {
  company: CompanyContacts;
  address?: ReactNode;
  headcount?: ReactNode;
  links?: boolean;
}) {
  const t = useT();
  return (
    <>
      {address ? <Fact term={t("suppliers.address")}>{address}</Fact> : null}
      {company.website ? (
        <Fact term={t("suppliers.website")}>
          <a href={company.website} rel="noopener noreferrer nofollow external" target="_blank">
            {company.website.replace(/^https?:\/\//, "")}
          </a>
        </Fact>
      ) : null}
      {company.phone ? (
        <Fact term={t("suppliers.phone")}>
          {links ? <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`}>{company.phone}</a> : company.phone}
        </Fact>
      ) : null}
      {company.email ? (
        <Fact term={t("suppliers.email")}>{links ? <a href={`mailto:${company.email}`}>{company.email}</a> : company.email}</Fact>
      ) : null}
      {company.yearFounded ? <Fact term={t("suppliers.founded")}>{company.yearFounded}</Fact> : null}
      {headcount ? <Fact term={t("suppliers.headcount")}>{headcount}</Fact> : null}
    </>
  );
}
