/**
 * `/admin/claims` (issue 30 §3, ADR 057): claims of companies from the FNS registers waiting for a
 * moderator, oldest first. Each shows the person (name, sign-in e-mail and phone, since when), what
 * they wrote, and the company's legal entity and register facts to check it against; approve (the
 * person becomes the owner, the company goes on the platform) or reject with a reason the person
 * reads on the claim page. Plain forms: they work without JavaScript.
 */
import { Form } from "react-router";
import type { Route } from "./+types/claims";
import { AdminHeader, formatDateTime, formatDay, nameIn } from "./components/ui.tsx";
import { sendThenRedirect } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { apiContext } from "#app/context.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { idParam } from "#app/lib/id-param.ts";
import * as claimsApi from "#contract/claims.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  const claims = (await context.get(apiContext).send(claimsApi.listPendingClaims, {})).data;
  return { claims, title: getInstance(context).t("admin.claims.claims") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = context.get(apiContext);
  const id = idParam(String(form.get("claimId") ?? "")) ?? 0;
  if (form.get("intent") === "approve")
    return sendThenRedirect(request, null, () => api.send(claimsApi.approveClaim, { params: { id } }), {
      here: "/admin/claims",
      flash: "admin.flash.claimApproved",
    });
  return sendThenRedirect(
    request,
    null,
    () => api.send(claimsApi.rejectClaim, { params: { id }, body: { note: String(form.get("note") ?? "") } }),
    { here: "/admin/claims", flash: "claims.flash.rejected" },
  );
}

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <AdminHeader title={t("admin.claims.claims")} lead={t("admin.claims.claimsLead")} />
      {loaderData.claims.length === 0 ? <p className="empty">{t("admin.claims.claimsEmpty")}</p> : null}
      {loaderData.claims.map((claim) => (
        <section key={claim.id} className="admin-section" data-testid="admin-claim">
          <h2>
            <LocaleLink to={`/suppliers/${claim.companyId}`}>{nameIn(claim.companyName, lang) || `#${claim.companyId}`}</LocaleLink>
          </h2>
          <dl className="facts">
            <dt>{t("suppliers.inn")}</dt>
            <dd>{claim.inn ?? "—"}</dd>
            <dt>{t("suppliers.ogrn")}</dt>
            <dd>{claim.ogrn ?? "—"}</dd>
            <dt>{t("claims.legalName")}</dt>
            <dd>{claim.legalName ?? "—"}</dd>
            {claim.register?.smeCategory ? (
              <>
                <dt>{t("registers.smeCategory")}</dt>
                <dd>{t(`registers.sme.${claim.register.smeCategory}`)}</dd>
              </>
            ) : null}
            {claim.register?.asOf ? (
              <>
                <dt>{t("registers.title")}</dt>
                <dd>{t("registers.asOf", { date: formatDay(claim.register.asOf, lang) })}</dd>
              </>
            ) : null}
            <dt>{t("admin.claims.claimPerson")}</dt>
            <dd>
              {claim.person.name} · {claim.person.email ?? claim.person.phone ?? "—"} · {formatDay(claim.person.since, lang)}
            </dd>
            <dt>{t("admin.claims.claimStatement")}</dt>
            <dd style={{ whiteSpace: "pre-wrap" }}>{claim.statement}</dd>
            <dt>{t("admin.audit.when")}</dt>
            <dd>{formatDateTime(claim.createdAt, lang)}</dd>
          </dl>
          <div className="admin-actions">
            <Form method="post">
              <input type="hidden" name="claimId" value={claim.id} />
              <button type="submit" name="intent" value="approve" className="button">
                {t("admin.claims.approveClaim")}
              </button>
            </Form>
            <Form method="post" className="form-inline">
              <input type="hidden" name="claimId" value={claim.id} />
              <label className="field">
                <span>{t("admin.claims.rejectReason")}</span>
                <input name="note" required maxLength={1000} />
              </label>
              <button type="submit" name="intent" value="reject" className="button button-secondary">
                {t("admin.claims.rejectClaim")}
              </button>
            </Form>
          </div>
        </section>
      ))}
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
