/**
 * `/profile/company/edit` (spec §2): the company card editor, a layout with three children —
 * `edit` (main: names, description, contacts, region and address, OKVED), `edit/file` (logo and
 * files) and `edit/additionally` (facts, dealer links). It loads the card once for its children
 * (`useCompanyCard()`), shows the tabs, and explains when the card cannot be changed: a plain member
 * (owners and admins edit), a card under review (`under_moderation`: withdraw first), a company blocked
 * by a moderator. The API stays the authority: a refused save comes back as a message on the form.
 */
import { NavLink, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/edit";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { LocalizedValue } from "../components/company-view.tsx";
import { ReadOnlyNotice } from "../components/company-form.tsx";
import * as companyApi from "#contract/profile/company.ts";
import { companyLock } from "#contract/profile/fields.ts";
import { apiContext } from "#app/context.ts";
import type { CompanyView } from "#contract/profile/company.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { BackLink } from "../components/back-link.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { data: company } = await context.get(apiContext).send(companyApi.getCompany);
  const readOnly = companyLock(company);
  return { company, readOnly };
}

export type CompanyCard = { company: CompanyView; readOnly: "member" | "moderation" | "blocked" | null };

/** The card loaded by the edit layout, for its child pages. */
export function useCompanyCard(): CompanyCard {
  return useRouteLoaderData("routes/profile-company-edit") as CompanyCard;
}

const TABS: [string, string][] = [
  ["/profile/company/edit", "profileCompany.tabs.main"],
  ["/profile/company/edit/file", "profileCompany.tabs.files"],
  ["/profile/company/edit/additionally", "profileCompany.tabs.additionally"],
];

export default function CompanyEditLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { company, readOnly } = loaderData;
  return (
    <div className="company-edit">
      <BackLink to="/profile/company" className="company-edit-back" label={t("profileCompany.backToCard")} />
      <h1>
        <LocalizedValue value={company.name} sourceLang={company.sourceLang} />
      </h1>
      <nav className="tabs company-edit-tabs" aria-label={t("profileCompany.tabs.label")}>
        {TABS.map(([path, label]) => (
          <NavLink key={path} to={localeHref(lang, path)} end className={({ isActive }) => `tab${isActive ? " tab-active" : ""}`}>
            {t(label)}
          </NavLink>
        ))}
      </nav>
      {readOnly ? (
        <ReadOnlyNotice>
          {t(`profileCompany.readOnly.${readOnly}`)}{" "}
          {readOnly === "moderation" ? <LocaleLink to="/profile">{t("profileCompany.readOnly.toOverview")}</LocaleLink> : null}
        </ReadOnlyNotice>
      ) : null}
      <Outlet />
    </div>
  );
}

export const headers = privatePageHeaders;
