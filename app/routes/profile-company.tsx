/**
 * `/profile/company` (spec §2 "company overview"): the company card laid out as buyers will see it
 * on the public supplier page — logo, name, region, description, contacts, facts, legal entities,
 * OKVED activities, files — with what is still empty marked and linked to the form that fills it
 * (owners and admins), the status (a moderation in progress freezes the card; a rejection shows the
 * moderator's reason) and, once published, the link to the public page `/suppliers/{id}`.
 */
import type { Route } from "./+types/profile-company";
import { Icon } from "../components/icon.tsx";
import { CompanyLogo } from "../components/catalog/cards.tsx";
import { LegalEntityFacts } from "../components/catalog/legal-entity-facts.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { CompanyStatusBadge, LocalizedFacts, LocalizedValue, pickLocalized } from "../components/profile/company-view.tsx";
import { ReadOnlyNotice } from "../components/profile/company-form.tsx";
import { LocalizedName } from "../components/classifier/localized-name.tsx";
import { apiContext } from "../context.ts";
import * as companyApi from "../../contract/profile/company.ts";
import { managesCompany } from "../../contract/profile/fields.ts";
import * as legalApi from "../../contract/profile/legal-entities.ts";
import { regions as regionList } from "../lib/profile-api/lookups.server.ts";
import { codeDetail } from "../lib/classifier-loaders.server.ts";
import { LANGS, pageLang } from "../lib/i18n.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { CompanyContactItems } from "../components/catalog/facts.tsx";
import * as pendingApi from "../../contract/profile-pending.ts";
import { PendingDiff } from "../components/content/pending-diff.tsx";
import { privatePageHeaders } from "../lib/private-headers.ts";

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

export default function ProfileCompany({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { company, legalEntities, files, okved, region, kind } = loaderData;
  const canEdit = managesCompany(company.role) && company.status !== "moderation" && company.status !== "blocked";
  const edit = (to: string) =>
    canEdit ? (
      <LocaleLink to={to} className="button button-secondary button-small">
        {t("profileCompany.edit")}
      </LocaleLink>
    ) : null;
  const empty = (text: string, to: string) => (
    <p className="muted company-empty">{canEdit ? <LocaleLink to={to}>{text}</LocaleLink> : text}</p>
  );
  const description = pickLocalized(company.description, lang, company.sourceLang);
  const languagesOf = (value: Record<string, string | undefined>) => LANGS.filter((l) => value[l]);
  const city = pickLocalized(company.city, lang, company.sourceLang);
  const address = pickLocalized(company.address, lang, company.sourceLang);

  return (
    <div className="profile-company">
      <header className="page-header supplier-header">
        <CompanyLogo src={company.logo?.url} alt={t("profileCompany.logoAlt")} large />
        <div>
          <h1>
            <LocalizedValue value={company.name} sourceLang={company.sourceLang} />
          </h1>
          <p className="badges">
            <CompanyStatusBadge status={company.status} />
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
          </p>
          <div className="page-actions">
            {company.status === "published" ? (
              <LocaleLink to={`/suppliers/${company.id}`} className="button">
                <Icon name="external-link" size={16} /> {t("profileCompany.publicPage")}
              </LocaleLink>
            ) : null}
            {edit("/profile/company/edit")}
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
          <section className="card">
            <div className="section-heading">
              <h2>{t("suppliers.about")}</h2>
              {edit("/profile/company/edit")}
            </div>
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
            ) : (
              empty(t("profileCompany.noDescription"), "/profile/company/edit")
            )}
          </section>

          <section className="card">
            <div className="section-heading">
              <h2>{t("profileCompany.facts")}</h2>
              {edit("/profile/company/edit/additionally")}
            </div>
            {company.facts.length > 0 ? (
              <LocalizedFacts facts={company.facts} sourceLang={company.sourceLang} />
            ) : (
              empty(t("profileCompany.noFacts"), "/profile/company/edit/additionally")
            )}
          </section>

          <section className="card">
            <div className="section-heading">
              <h2>{t("product.documents")}</h2>
              {edit("/profile/company/edit/file")}
            </div>
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
            ) : (
              empty(t("profileCompany.noFiles"), "/profile/company/edit/file")
            )}
          </section>
        </div>

        <aside>
          <section className="card">
            <div className="section-heading">
              <h2>{t("suppliers.contacts")}</h2>
              {edit("/profile/company/edit")}
            </div>
            {company.website || company.phone || company.email || address ? (
              <dl className="facts">
                <CompanyContactItems
                  company={company}
                  address={address ? <LocalizedName name={address.text} nameLang={address.lang} /> : null}
                  headcount={company.headcountRange ? t("profileCompany.headcount", { range: company.headcountRange }) : null}
                />
              </dl>
            ) : (
              empty(t("profileCompany.noContacts"), "/profile/company/edit")
            )}
          </section>

          <section className="card">
            <div className="section-heading">
              <h2>{t("suppliers.legalEntities")}</h2>
              {edit("/profile/legal_entities")}
            </div>
            {legalEntities.length > 0
              ? legalEntities.map((e) => <LegalEntityFacts key={e.id} entity={e} className="facts legal-entity-facts" />)
              : empty(
                  t(company.country === "RU" ? "profileCompany.noLegalEntitiesRu" : "profileCompany.noLegalEntities"),
                  "/profile/legal_entities",
                )}
          </section>

          <section className="card">
            <div className="section-heading">
              <h2>{t("suppliers.activities")}</h2>
              {edit("/profile/company/edit")}
            </div>
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
            ) : (
              empty(t("profileCompany.noOkved"), "/profile/company/edit")
            )}
          </section>
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
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
