/**
 * `/suppliers/{id}/claim` (issue 30 §3, ADR 057): "this is my company" for a company from the FNS
 * registers. A signed-in person proves it one of two ways — a statement a moderator checks against
 * the register facts, or a code sent to an address at the company's own web domain (offered only
 * when the domain is known) — and then sees the claim's state: waiting for a moderator, the code
 * form, rejected with the moderator's reason, or approved (a link to the company's profile).
 * A visitor is sent to sign in and brought back. Plain forms: it works without JavaScript.
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/supplier-claim";
import * as claimsApi from "#contract/claims.ts";
import * as companiesApi from "#contract/companies.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { localizedPath, pageLang } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { signInThenBack } from "#app/lib/signed-in-post.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { idParam } from "#app/lib/id-param.ts";
import { formatDate } from "#app/components/catalog/format.ts";
import { Text } from "#app/components/catalog/text.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  if (!context.get(sessionContext).accessToken) throw signInThenBack(request, new URL(request.url).pathname);
  const api = context.get(apiContext);
  const lang = pageLang(request);
  const [state, company] = await Promise.all([
    orNotFound(
      request,
      api.send(claimsApi.getClaimState, { params: { id } }).then((r) => r.data),
    ),
    orNotFound(
      request,
      api.send(companiesApi.getCompany, { params: { id }, query: { lang } }).then((r) => r.data),
    ),
  ]);
  const t = getInstance(context).t;
  return { state, company, seo: { title: t("claims.title", { company: company.name.text }), description: t("registers.claimLead") } };
}

type ActionResult = { error: string; field?: string; attemptsLeft?: number };

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const back = new URL(request.url).pathname;
  if (!context.get(sessionContext).accessToken) throw signInThenBack(request, back);
  const form = await request.formData();
  const api = context.get(apiContext);
  const intent = form.get("intent");
  try {
    if (intent === "moderation") {
      await api.send(claimsApi.startClaim, {
        params: { id },
        body: { method: "moderation", statement: String(form.get("statement") ?? "") },
      });
      return localizedRedirect(request, `/suppliers/${id}/claim`, { message: "claims.flash.submitted", tone: "info" });
    }
    if (intent === "email") {
      await api.send(claimsApi.startClaim, { params: { id }, body: { method: "email", email: String(form.get("email") ?? "") } });
      return localizedRedirect(request, `/suppliers/${id}/claim`, { message: "claims.flash.codeSent", tone: "info" });
    }
    if (intent === "confirm") {
      const claimId = idParam(String(form.get("claimId") ?? ""));
      if (claimId === null) throw data(null, { status: 404 });
      await api.send(claimsApi.confirmClaim, { params: { id: claimId }, body: { code: String(form.get("code") ?? "") } });
      return localizedRedirect(request, "/profile/company", "claims.flash.approved");
    }
    return data<ActionResult>({ error: "invalid_body" }, { status: 400 });
  } catch (error) {
    if (error instanceof ApiClientError) {
      if (error.status === 401) throw redirect(`${localizedPath(request, "/auth")}?redirectTo=${encodeURIComponent(back)}`);
      const issue = error.issues?.[0];
      const attemptsLeft = typeof error.details?.attemptsLeft === "number" ? error.details.attemptsLeft : undefined;
      return data<ActionResult>(issue ? { error: issue.message, field: issue.path } : { error: error.code, attemptsLeft }, {
        status: error.status,
      });
    }
    throw error;
  }
}

export default function SupplierClaim({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { state, company } = loaderData;
  const claim = state.claim;
  const entity = company.legalEntities[0];
  const error = actionData
    ? actionData.field
      ? t(`validation.${actionData.error}`, { defaultValue: t("apiErrors.invalid_body") })
      : t(`apiErrors.${actionData.error}`, { defaultValue: t("apiErrors.invalid_body") })
    : null;
  const pendingEmail = claim?.status === "pending" && claim.method === "email";
  return (
    <main id="main" className="page page-narrow">
      <Breadcrumbs
        items={[
          { to: "/suppliers", label: t("suppliers.title") },
          { to: `/suppliers/${company.id}`, label: <Text value={company.name} /> },
          { label: t("registers.claim") },
        ]}
      />
      <h1>{t("claims.title", { company: company.name.text })}</h1>
      <section className="card">
        <dl className="facts">
          {entity ? (
            <>
              <dt>{t("suppliers.inn")}</dt>
              <dd>{entity.inn}</dd>
              {entity.ogrn ? (
                <>
                  <dt>{entity.kind === "individual" ? t("suppliers.ogrnip") : t("suppliers.ogrn")}</dt>
                  <dd>{entity.ogrn}</dd>
                </>
              ) : null}
              <dt>{t("claims.legalName")}</dt>
              <dd>{entity.nameFull}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {error ? (
        <p className="notice notice-error" role="alert" data-testid="claim-error">
          {error}
          {actionData?.attemptsLeft !== undefined ? ` (${t("claims.attemptsLeft", { count: actionData.attemptsLeft })})` : null}
        </p>
      ) : null}
      {claim?.status === "approved" ? (
        <p className="notice" role="status" data-testid="claim-status">
          {t("claims.status.approved")} <LocaleLink to="/profile/company">{t("claims.openProfile")}</LocaleLink>
        </p>
      ) : null}
      {claim?.status === "pending" && claim.method === "moderation" ? (
        <p className="notice" role="status" data-testid="claim-status">
          {t("claims.status.pendingModeration", { date: formatDate(claim.createdAt, lang) })}
        </p>
      ) : null}
      {claim?.status === "rejected" ? (
        <p className="notice notice-error" data-testid="claim-status">
          {t("claims.status.rejected")} {claim.note}
        </p>
      ) : null}
      {pendingEmail ? (
        <Form method="post" className="card form" data-testid="claim-code-form">
          <h2>{t("claims.codeTitle")}</h2>
          <p>{t("claims.codeLead", { email: claim.email ?? "" })}</p>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="claimId" value={claim.id} />
          <label className="field">
            <span>{t("claims.code")}</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
          </label>
          <button type="submit" className="button">
            {t("claims.confirm")}
          </button>
        </Form>
      ) : null}
      {state.claimable ? (
        <>
          <p>{t("registers.claimLead")}</p>
          <Form method="post" className="card form" data-testid="claim-moderation-form">
            <h2>{t("claims.moderationTitle")}</h2>
            <p className="muted">{t("claims.moderationLead")}</p>
            <input type="hidden" name="intent" value="moderation" />
            <label className="field">
              <span>{t("claims.statement")}</span>
              <textarea name="statement" rows={5} minLength={20} maxLength={2000} required />
            </label>
            <button type="submit" className="button">
              {t("claims.sendToModeration")}
            </button>
          </Form>
          {state.emailDomain ? (
            <Form method="post" className="card form" data-testid="claim-email-form">
              <h2>{t("claims.emailTitle")}</h2>
              <p className="muted">{t("claims.emailLead", { domain: state.emailDomain })}</p>
              <input type="hidden" name="intent" value="email" />
              <label className="field">
                <span>{t("claims.email")}</span>
                <input type="email" name="email" required maxLength={254} placeholder={`name@${state.emailDomain}`} />
              </label>
              <button type="submit" className="button">
                {t("claims.sendCode")}
              </button>
            </Form>
          ) : (
            <p className="muted">{t("claims.noDomain")}</p>
          )}
        </>
      ) : state.blocker && claim?.status !== "pending" && claim?.status !== "approved" ? (
        <p className="notice" data-testid="claim-blocker">
          {t(`apiErrors.${state.blocker}`)}
        </p>
      ) : null}
    </main>
  );
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = (args) => routeMeta(args);
