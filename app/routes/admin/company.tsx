/**
 * `/admin/companies/{id}`: one company (issue 7) — status, contacts, legal entities, people,
 * products by status, history — with the verification form (level, evidence per language, the day
 * of the check) and block / unblock (a reason in the supplier's language). Forms post here and work
 * without JavaScript.
 */
import { data } from "react-router";
import type { Route } from "./+types/company";
import { AdminHeader, AdminSection, formatDateTime, nameIn, StatusBadge } from "./components/ui.tsx";
import { RecordGrid } from "./components/record-grid.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { payloadOf, sendThenRedirect, submitAdminForm } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { LANG_NAMES, pageLang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import * as companiesApi from "#contract/admin/companies.ts";
import { BlockCompanySchema, VerificationSchema } from "#contract/admin/companies.ts";
import type { RouteBodyInput } from "#contract/route.ts";
import { useStaff } from "./layout.tsx";
import { requireStaffData } from "./lib/guard.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { AdminActionForm, ReasonActionForm } from "./components/action-form.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  const lang = pageLang(request);
  const company = (await orNotFound(request, context.get(apiContext).send(companiesApi.getCompany, { params: { id: params.id } }))).data;
  return { company, title: nameIn(company.name, lang) || `#${company.id}` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const api = context.get(apiContext);
  const here = `/admin/companies/${params.id}`;
  if (intent === "verify") {
    // The form's own values (the day as typed): the API validates them with the same schema.
    return submitAdminForm(
      request,
      formData,
      { form: "verify", schema: VerificationSchema, here, flash: "admin.flash.saved" },
      (_, submission) =>
        api.send(companiesApi.setVerification, {
          params: { id: params.id },
          body: payloadOf(submission) as RouteBodyInput<typeof companiesApi.setVerification>,
        }),
    );
  }
  if (intent === "block") {
    return submitAdminForm(request, formData, { form: "block", schema: BlockCompanySchema, here, flash: "admin.flash.blocked" }, (value) =>
      api.send(companiesApi.blockCompany, { params: { id: params.id }, body: value }),
    );
  }
  if (intent === "unblock") {
    const done = { here, flash: "admin.flash.unblocked" } as const;
    return sendThenRedirect(request, null, () => api.send(companiesApi.unblockCompany, { params: { id: params.id } }), done, {
      form: "other" as const,
    });
  }
  return data({ form: "other" as const, result: { status: "error" as const, error: { "": ["invalid_option"] } } }, { status: 400 });
}

export default function AdminCompany({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const staff = useStaff();
  const { company } = loaderData;
  const may = Boolean(staff?.permissions.includes("manageCompanies"));
  const forForm = (name: string) => (actionData && actionData.form === name ? actionData.result : undefined);
  const [verifyForm, verifyFields] = useZodForm(VerificationSchema, {
    id: "verify",
    lastResult: forForm("verify"),
    defaultValue: {
      level: String(company.verificationLevel),
      evidence: company.verificationEvidence,
      verifiedAt: company.verifiedAt?.slice(0, 10) ?? "",
    },
  });
  const [blockForm, blockFields] = useZodForm(BlockCompanySchema, {
    id: "block",
    lastResult: forForm("block"),
    defaultValue: { lang: company.sourceLang },
  });
  const other = forForm("other") as { error?: Record<string, string[]> } | undefined;
  const counts = Object.entries(company.productCounts);
  return (
    <>
      <AdminHeader
        back={{ to: "/admin/companies", label: t("admin.records.company.title") }}
        title={nameIn(company.name, lang) || `#${company.id}`}
        actions={
          <>
            {company.status === "moderation" ? (
              <LocaleLink to={`/admin/moderation/company/${company.id}`} className="button button-small">
                {t("admin.company.review")}
              </LocaleLink>
            ) : null}
            {company.status === "published" ? (
              <LocaleLink to={`/suppliers/${company.id}`} className="button button-secondary button-small">
                {t("admin.moderation.publicPage")}
              </LocaleLink>
            ) : null}
          </>
        }
      />
      <RecordGrid
        history={company.history}
        aside={
          <>
            {may ? (
              <>
                <AdminSection title={t("admin.company.verifyTitle")}>
                  <AdminActionForm intent="verify" form={verifyForm} label={t("admin.form.save")}>
                    <SelectField field={verifyFields.level} label={t("admin.fields.verification")}>
                      {[0, 1, 2].map((n) => (
                        <option key={n} value={n}>
                          {t(`admin.verification.level${n}`)}
                        </option>
                      ))}
                    </SelectField>
                    <LocalizedField
                      field={verifyFields.evidence}
                      label={t("admin.company.evidence")}
                      multiline
                      rows={2}
                      hint={t("admin.company.evidenceHint")}
                      layout="columns"
                    />
                    <InputField field={verifyFields.verifiedAt} label={t("admin.company.verifiedAt")} type="date" />
                  </AdminActionForm>
                </AdminSection>
                <AdminSection title={company.status === "blocked" ? t("admin.company.unblockTitle") : t("admin.company.blockTitle")}>
                  {company.status === "blocked" ? (
                    <AdminActionForm intent="unblock" label={t("admin.company.unblock")}>
                      <p className="small muted">{t("admin.company.unblockHint")}</p>
                    </AdminActionForm>
                  ) : (
                    <ReasonActionForm intent="block" form={blockForm} fields={blockFields} supplierLang={company.sourceLang} />
                  )}
                  <FormErrors errors={other?.error?.[""]} />
                </AdminSection>
              </>
            ) : null}
          </>
        }
      >
        <AdminSection title={t("admin.company.about")}>
          <dl className="admin-kv">
            <dt>{t("admin.fields.status")}</dt>
            <dd>
              <StatusBadge status={company.status} />
            </dd>
            {company.moderationNote ? (
              <>
                <dt>{t("admin.moderation.lastReason")}</dt>
                <dd className="admin-note" lang={company.moderationNoteLang ?? undefined}>
                  {company.moderationNote}
                </dd>
              </>
            ) : null}
            <dt>{t("admin.fields.region")}</dt>
            <dd>
              {[t(`admin.countries.${company.country}`), nameIn(company.region?.name, lang), nameIn(company.city, lang)]
                .filter(Boolean)
                .join(", ")}
            </dd>
            <dt>{t("admin.moderation.sourceLang")}</dt>
            <dd>{LANG_NAMES[company.sourceLang]}</dd>
            <dt>{t("admin.fields.contact")}</dt>
            <dd>{[company.website, company.phone, company.email].filter(Boolean).join(" · ") || "—"}</dd>
            <dt>{t("admin.fields.verification")}</dt>
            <dd>
              {t(`admin.verification.level${company.verificationLevel}`)}
              {company.verifiedAt ? ` · ${formatDateTime(company.verifiedAt, lang).replace(/ \d\d:\d\d UTC$/, "")}` : ""}
            </dd>
            <dt>{t("admin.fields.products")}</dt>
            <dd>
              {counts.length === 0
                ? "—"
                : counts.map(([status, n]) => (
                    <LocaleLink key={status} to={`/admin/products?company=${company.id}&status=${status}`} className="admin-inline-link">
                      <StatusBadge status={status} /> {n}{" "}
                    </LocaleLink>
                  ))}
            </dd>
            <dt>{t("admin.sorts.publishedAt")}</dt>
            <dd>{formatDateTime(company.publishedAt, lang)}</dd>
            <dt>{t("admin.sorts.createdAt")}</dt>
            <dd>{formatDateTime(company.createdAt, lang)}</dd>
          </dl>
        </AdminSection>
        <AdminSection title={t("admin.nav.legalEntities")}>
          {company.legalEntities.length === 0 ? (
            <p className="muted">{t("admin.company.noLegal")}</p>
          ) : (
            <ul className="plain-list">
              {company.legalEntities.map((l) => (
                <li key={l.id}>
                  <strong>{l.nameFull}</strong> — {t("admin.fields.inn")} <code>{l.inn}</code>
                  {l.kpp ? (
                    <>
                      , KPP <code>{l.kpp}</code>
                    </>
                  ) : null}
                  {l.ogrn ? (
                    <>
                      , {l.kind === "individual" ? "OGRNIP" : "OGRN"} <code>{l.ogrn}</code>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
        <AdminSection title={t("admin.nav.employees")}>
          {company.people.length === 0 ? (
            <p className="muted">—</p>
          ) : (
            <ul className="plain-list">
              {company.people.map((p) => (
                <li key={p.memberId}>
                  {p.userId ? <LocaleLink to={`/admin/users/${p.userId}`}>{p.name || p.email}</LocaleLink> : <span>{p.email}</span>} ·{" "}
                  {t(`admin.companyRoles.${p.role}`)} <StatusBadge status={p.status} />
                  {p.locale ? <span className="muted"> · {LANG_NAMES[p.locale]}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </RecordGrid>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
