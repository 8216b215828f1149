/**
 * `/profile` (index, spec §2 "profile home"): how far the company's profile is filled in (the API's
 * `missing` checklist, each item linked to the page that fixes it), its status with the moderator's
 * reason of a rejection, what there is (products by status, employees, legal entities), the next
 * step, and "send for review" / "withdraw" (PATCH /api/profile/company/status) when the status allows
 * it and the caller is an owner or admin. The layout's guard ensures an active company.
 *
 * Without JavaScript the status buttons post here and come back with a flash message, or with 400/409/
 * 422 and the reason on the page (e.g. what is still missing for a review).
 */
import { data, useNavigation } from "react-router";
import { PostButton } from "#app/components/form/post-button.tsx";
import type { Route } from "./+types/home";
import { CompanyHeading, PublicPageLink } from "./components/company-view.tsx";
import { CompletenessChecklist, CompletenessMeter, REQUIRED_FOR_REVIEW, type ChecklistItem } from "./components/completeness.tsx";
import { Icon } from "#app/components/icon.tsx";
import { CompanyLogo } from "#app/components/catalog/cards.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as companyApi from "#contract/profile/company.ts";
import { managesCompany } from "#contract/profile/fields.ts";
import * as employeesApi from "#contract/profile/employees.ts";
import * as legalApi from "#contract/profile/legal-entities.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { apiErrorMessages } from "#app/lib/forms/api-errors.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [{ data: company }, { data: legalEntities }, { data: employees }] = await Promise.all([
    api.send(companyApi.getCompany),
    api.send(legalApi.listLegalEntities),
    api.send(employeesApi.listEmployees),
  ]);
  return {
    company,
    counts: {
      legalEntities: legalEntities.length,
      employees: employees.filter((e) => e.status === "active").length,
      invited: employees.filter((e) => e.status === "invited").length,
      blocked: employees.filter((e) => e.status === "blocked").length,
    },
    seo: { title: getInstance(context).t("profileHome.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "submit" && intent !== "withdraw")
    return data({ errors: ["profileHome.unknownAction"], missing: [] as string[] }, { status: 400 });
  try {
    await context.get(apiContext).send(companyApi.changeCompanyStatus, { body: { action: intent } });
  } catch (error) {
    const { messages, status } = apiErrorMessages(error);
    // 422 `incomplete` names what a review needs (`legalEntities`, `name`): show it as the checklist's words.
    const missing = error instanceof ApiClientError && error.code === "incomplete" ? (error.issues ?? []).map((i) => i.path) : [];
    return data({ errors: missing.length > 0 ? ["apiErrors.incomplete"] : messages, missing }, { status });
  }
  return localizedRedirect(request, "/profile", intent === "submit" ? "profileHome.flash.submitted" : "profileHome.flash.withdrawn");
}

export default function ProfileHome({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { company, counts } = loaderData;
  const canEdit = managesCompany(company.role);
  const busy = navigation.state === "submitting";
  const items: ChecklistItem[] = [
    { key: "name", done: Object.keys(company.name).length > 0, to: "/profile/company/edit" },
    // The API counts a Chinese company's legal entity as done (none is required); the list says what there is.
    { key: "legalEntity", done: counts.legalEntities > 0, to: "/profile/legal_entities", optional: company.country === "CN" },
    { key: "okved", done: !company.missing.includes("okved"), to: "/profile/company/edit" },
    { key: "description", done: !company.missing.includes("description"), to: "/profile/company/edit" },
    { key: "contacts", done: !company.missing.includes("contacts"), to: "/profile/company/edit" },
    { key: "logo", done: !company.missing.includes("logo"), to: "/profile/company/edit/file" },
    { key: "product", done: !company.missing.includes("product"), to: "/profile/product" },
  ];
  const next = items.find((i) => !i.done && !i.optional);
  const reviewReady = REQUIRED_FOR_REVIEW.every(
    (key) => items.find((i) => i.key === key)?.done || (key === "legalEntity" && company.country === "CN"),
  );
  const canSubmit = canEdit && (company.status === "draft" || company.status === "rejected");
  const canWithdraw = canEdit && (company.status === "moderation" || company.status === "published" || company.status === "rejected");
  const products = company.productCounts;
  const productTotal = Object.values(products).reduce((a, b) => a + b, 0);

  return (
    <div className="profile-home">
      <header className="page-header profile-home-header">
        <CompanyLogo src={company.logo?.thumbUrl ?? company.logo?.url} />
        <div>
          <CompanyHeading company={company}>
            <span className="muted">{t(`profileHome.role.${company.role}`)}</span>
            <span className="muted small company-id">{t("profileHome.companyId", { id: company.id })}</span>
          </CompanyHeading>
        </div>
      </header>

      <FormErrors errors={actionData?.errors} />
      {actionData?.missing?.length ? (
        <ul className="company-missing-list">
          {actionData.missing.map((m) => (
            <li key={m}>
              {t(`profileHome.reviewNeeds.${m === "legalEntities" ? "legalEntity" : m}`, {
                defaultValue: t("profileHome.reviewNeeds.other"),
              })}
            </li>
          ))}
        </ul>
      ) : null}

      <section className={`card company-status-card status-${company.status}`} aria-labelledby="status-heading">
        <h2 id="status-heading">{t("profileHome.statusHeading")}</h2>
        <p>{t(`profileHome.statusText.${company.status}`)}</p>
        {company.moderationNote && (company.status === "rejected" || company.status === "blocked") ? (
          <blockquote className="moderation-note">
            <strong>{t("profileHome.moderatorSays")}</strong> {company.moderationNote}
          </blockquote>
        ) : null}
        <div className="page-actions">
          <PublicPageLink company={company} className="button button-secondary" label={t("profileHome.publicPage")} />
          {canSubmit ? (
            <PostButton intent="submit" className="button" disabled={busy}>
              {t(company.status === "rejected" ? "profileHome.resubmit" : "profileHome.submit")}
            </PostButton>
          ) : null}
          {canWithdraw ? (
            <PostButton intent="withdraw" className="button button-secondary" disabled={busy}>
              {t(company.status === "published" ? "profileHome.unpublish" : "profileHome.withdraw")}
            </PostButton>
          ) : null}
        </div>
        {canSubmit && !reviewReady ? <p className="muted small">{t("profileHome.submitNeeds")}</p> : null}
        {!canEdit ? <p className="muted small">{t("profileHome.memberNote", { role: t(`profileHome.role.${company.role}`) })}</p> : null}
      </section>

      <div className="profile-home-grid">
        <section className="card" aria-labelledby="completeness-heading">
          <h2 id="completeness-heading">{t("profileHome.completenessHeading")}</h2>
          <CompletenessMeter value={company.completeness} />
          <CompletenessChecklist items={items} />
        </section>

        <div>
          <section className="card" aria-labelledby="next-heading">
            <h2 id="next-heading">{t("profileHome.nextHeading")}</h2>
            {next ? (
              <p>
                <LocaleLink to={next.to} className="button">
                  {t(`profileHome.next.${next.key}`)} <Icon name="arrow-right" size={16} />
                </LocaleLink>
              </p>
            ) : company.status === "draft" || company.status === "rejected" ? (
              <p>{t("profileHome.next.submit")}</p>
            ) : company.status === "moderation" ? (
              <p>{t("profileHome.next.wait")}</p>
            ) : (
              <p>{t("profileHome.next.keepUp")}</p>
            )}
          </section>

          <section className="card" aria-labelledby="counts-heading">
            <h2 id="counts-heading">{t("profileHome.countsHeading")}</h2>
            <dl className="facts company-counts">
              <div>
                <dt>
                  <LocaleLink to="/profile/product">{t("profileHome.products")}</LocaleLink>
                </dt>
                <dd>
                  {productTotal === 0 ? (
                    t("profileHome.none")
                  ) : (
                    <ul className="plain-list">
                      {(["published", "moderation", "draft", "rejected", "blocked"] as const)
                        .filter((s) => products[s])
                        .map((s) => (
                          <li key={s}>{t(`profileHome.productStatus.${s}`, { count: products[s] })}</li>
                        ))}
                    </ul>
                  )}
                </dd>
              </div>
              <div>
                <dt>
                  <LocaleLink to="/profile/employee">{t("profileHome.employees")}</LocaleLink>
                </dt>
                <dd>
                  {t("profileHome.employeeCount", { count: counts.employees })}
                  {counts.invited ? (
                    <span className="muted">{` · ${t("profileHome.invitedCount", { count: counts.invited })}`}</span>
                  ) : null}
                  {counts.blocked ? (
                    <span className="muted">{` · ${t("profileHome.blockedCount", { count: counts.blocked })}`}</span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>
                  <LocaleLink to="/profile/legal_entities">{t("profileHome.legalEntities")}</LocaleLink>
                </dt>
                <dd>
                  {counts.legalEntities === 0 ? t("profileHome.none") : t("profileHome.legalEntityCount", { count: counts.legalEntities })}
                </dd>
              </div>
            </dl>
            <p>
              <LocaleLink to="/profile/dashboard">{t("dashboard.homeLink")}</LocaleLink>
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
