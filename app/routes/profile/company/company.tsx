/**
 * `/profile/company` (spec §2 "company overview"): the company card laid out as buyers will see it
 * on the public supplier page — logo, name, region, description, contacts, facts, legal entities,
 * OKVED activities, files — with what is still empty marked and linked to the form that fills it
 * (owners and admins), the status (a moderation in progress freezes the card; a rejection shows the
 * moderator's reason) and, once published, the link to the public page `/suppliers/{id}`.
 */
import type { ReactNode } from "react";
import type { Route } from "./+types/company";
import { Icon } from "#app/components/icon.tsx";
import { CompanyLogo } from "#app/components/catalog/cards.tsx";
import { LegalEntityFacts } from "#app/components/catalog/legal-entity-facts.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { CompanyHeading, PublicPageLink, LocalizedFacts, LocalizedValue, pickLocalized } from "../components/company-view.tsx";
import { ReadOnlyNotice } from "../components/company-form.tsx";
import { LocalizedName } from "#app/components/classifier/localized-name.tsx";
import { apiContext } from "#app/context.ts";
import * as companyApi from "#contract/profile/company.ts";
import { managesCompany } from "#contract/profile/fields.ts";
import * as legalApi from "#contract/profile/legal-entities.ts";
import { regions as regionList } from "../lib/lookups.server.ts";
import { codeDetail } from "#app/lib/classifier-loaders.server.ts";
import { LANGS, pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { CompanyContactItems } from "#app/components/catalog/facts.tsx";
import * as pendingApi from "#contract/profile-pending.ts";
import { PendingDiff } from "../components/pending-diff.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { numberFormatFor } from "#contract/format.ts";

/** Kind of supplier from the main OKVED code (ADR 006; the same rule as the public page). */
function supplierKind(okvedMain: string | null): "manufacturer" | "trader" | null {
  if (!okvedMain) return null;
  const division = Number(okvedMain.slice(0, 2));
  if (division >= 10 && division <= 33) return "manufacturer";
  return division === 46 ? "trader" : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const { data: company } = await api.send(companyApi.getCompany);
  const codes = [company.okvedMain, ...company.okvedCodes].filter((c): c is string => Boolean(c));
  const [legalEntities, files, regions, okved, pendingDiff] = await Promise.all([
    api.send(legalApi.listLegalEntities).then((r) => r.data),
    api.send(companyApi.listCompanyFiles).then((r) => r.data),
    company.regionCode ? regionList(api, lang, company.country) : Promise.resolve([]),
    Promise.all(
      codes.map((code) =>
        codeDetail(context.get(apiContext), "okved", code, lang)
          .then((node) => ({ code, name: { text: node.name, lang: node.nameLang } }))
          .catch(() => ({ code, name: null as { text: string; lang: "ru" | "en" | "zh" } | null })),
      ),
    ),
    // The card's changes awaiting moderation, as the moderator sees them (issue 15 §5); the overview
    // still shows without it.
    api
      .send(pendingApi.getCompanyPendingDiff, { query: { lang } })
      .then((r) => r.data)
      .catch(() => null),
  ]);
  return {
    pendingDiff,
    company,
    legalEntities,
    files,
    region: regions.find((r) => r.code === company.regionCode)?.name ?? null,
    okved,
    kind: supplierKind(company.okvedMain),
    seo: { title: getInstance(context).t("profileCompany.title") },
  };
}

/** The overview's button to the form that edits a part of the card, for those who may edit it. */
function EditLink({ to, canEdit }: { to: string; canEdit: boolean }) {
  const t = useT();
  return canEdit ? (
    <LocaleLink to={to} className="button button-secondary button-small">
      {t("profileCompany.edit")}
    </LocaleLink>
  ) : null;
}

/** The overview's cards: heading, the form that fills the card, and the line shown while it is empty (message keys). */
const CARDS = {
  about: { title: "suppliers.about", to: "/profile/company/edit", empty: "profileCompany.noDescription" },
  facts: { title: "profileCompany.facts", to: "/profile/company/edit/additionally", empty: "profileCompany.noFacts" },
  files: { title: "product.documents", to: "/profile/company/edit/file", empty: "profileCompany.noFiles" },
  contacts: { title: "suppliers.contacts", to: "/profile/company/edit", empty: "profileCompany.noContacts" },
  legalEntities: { title: "suppliers.legalEntities", to: "/profile/legal_entities", empty: "profileCompany.noLegalEntities" },
  activities: { title: "suppliers.activities", to: "/profile/company/edit", empty: "profileCompany.noOkved" },
} as const;

/**
 * One card of the overview (`CARDS`): its heading with the edit button and `children`; when
 * `children` is empty (null), the card's "empty" line instead (`empty` overrides its key), linked to
 * the form that fills it for those who may edit.
 */
function OverviewCard({
  card,
  canEdit,
  empty,
  children,
}: {
  card: keyof typeof CARDS;
  canEdit: boolean;
  empty?: string;
  children: ReactNode;
}) {
  const t = useT();
  const { title, to } = CARDS[card];
  const emptyText = t(empty ?? CARDS[card].empty);
  return (
    <section className="card">
      <div className="section-heading">
        <h2>{t(title)}</h2>
        <EditLink to={to} canEdit={canEdit} />
      </div>
      {children ?? <p className="muted company-empty">{canEdit ? <LocaleLink to={to}>{emptyText}</LocaleLink> : emptyText}</p>}
    </section>
  );
}

export default function ProfileCompany({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { company, legalEntities, files, okved, region, kind } = loaderData;
  const canEdit = managesCompany(company.role) && company.status !== "moderation" && company.status !== "blocked";
  const description = pickLocalized(company.description, lang, company.sourceLang);
  const languagesOf = (value: Record<string, string | undefined>) => LANGS.filter((l) => value[l]);
  const city = pickLocalized(company.city, lang, company.sourceLang);
  const address = pickLocalized(company.address, lang, company.sourceLang);

  return (
    <div className="profile-company">
      <header className="page-header supplier-header">
        <CompanyLogo src={company.logo?.url} alt={t("profileCompany.logoAlt")} large />
        <div>
          <CompanyHeading company={company}>
            {kind ? <span className="badge">{t(`catalog.kind.${kind}`)}</span> : null}
            <span>
              {t(`profileCompany.country.${company.country}`)}
              {region ? `, ${region}` : ""}
              {city ? (
                <>
                  , <LocalizedName name={city.text} nameLang={city.lang} />
                </>
              ) : null}
            </span>
          </CompanyHeading>
          <div className="page-actions">
            <PublicPageLink company={company} className="button" label={t("profileCompany.publicPage")} />
            <EditLink to="/profile/company/edit" canEdit={canEdit} />
          </div>
        </div>
      </header>

      {company.status === "moderation" ? <ReadOnlyNotice>{t("profileCompany.underModeration")}</ReadOnlyNotice> : null}
      {company.status === "rejected" && company.moderationNote ? (
        <p className="notice notice-warn">
          <strong>{t("profileHome.moderatorSays")}</strong> {company.moderationNote}
        </p>
      ) : null}
      {company.status === "draft" ? <p className="notice">{t("profileCompany.draftNotice")}</p> : null}
      <PendingDiff diff={loaderData.pendingDiff} />
      {!managesCompany(company.role) ? (
        <ReadOnlyNotice>{t("profileHome.memberNote", { role: t(`profileHome.role.${company.role}`) })}</ReadOnlyNotice>
      ) : null}

      <div className="supplier-layout">
        <div>
          <OverviewCard card="about" canEdit={canEdit}>
            {description ? (
              <>
                <p className="prewrap" lang={description.lang}>
                  {description.text}
                </p>
                <p className="muted small">
                  {t("profileCompany.languages", {
                    list: languagesOf(company.description)
                      .map((l) => l.toUpperCase())
                      .join(", "),
                  })}
                </p>
              </>
            ) : null}
          </OverviewCard>

          <OverviewCard card="facts" canEdit={canEdit}>
            {company.facts.length > 0 ? <LocalizedFacts facts={company.facts} sourceLang={company.sourceLang} /> : null}
          </OverviewCard>

          <OverviewCard card="files" canEdit={canEdit}>
            {files.length > 0 ? (
              <ul className="plain-list company-files">
                {files.map((f) => (
                  <li key={f.id}>
                    <Icon name="file-text" size={16} />{" "}
                    <a href={f.url} download>
                      <LocalizedValue value={f.title} sourceLang={company.sourceLang} fallback={f.originalName ?? f.url.split("/").pop()} />
                    </a>{" "}
                    <span className="muted small">{formatSize(f.size, lang)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </OverviewCard>
        </div>

        <aside>
          <OverviewCard card="contacts" canEdit={canEdit}>
            {company.website || company.phone || company.email || address ? (
              <dl className="facts">
                <CompanyContactItems
                  company={company}
                  address={address ? <LocalizedName name={address.text} nameLang={address.lang} /> : null}
                  headcount={company.headcountRange ? t("profileCompany.headcount", { range: company.headcountRange }) : null}
                />
              </dl>
            ) : null}
          </OverviewCard>

          <OverviewCard
            card="legalEntities"
            canEdit={canEdit}
            empty={company.country === "RU" ? "profileCompany.noLegalEntitiesRu" : undefined}
          >
            {legalEntities.length > 0
              ? legalEntities.map((e) => <LegalEntityFacts key={e.id} entity={e} className="facts legal-entity-facts" />)
              : null}
          </OverviewCard>

          <OverviewCard card="activities" canEdit={canEdit}>
            {okved.length > 0 ? (
              <ul className="plain-list">
                {okved.map((o) => (
                  <li key={o.code}>
                    <LocaleLink to={`/okved/${o.code}`} className="code-ref">
                      {o.code}
                    </LocaleLink>{" "}
                    {o.name ? <LocalizedName name={o.name.text} nameLang={o.name.lang} /> : null}{" "}
                    {o.code === company.okvedMain ? <span className="badge">{t("suppliers.main")}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </OverviewCard>
        </aside>
      </div>
    </div>
  );
}

/** "2.4 MB" in the page's language. */
function formatSize(bytes: number, lang: string): string {
  const mb = bytes / 1_048_576;
  const unit = mb >= 1 ? "megabyte" : "kilobyte";
  const value = mb >= 1 ? mb : Math.max(1, Math.round(bytes / 1024));
  return numberFormatFor(lang, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
