/**
 * `/profile/payment-routes` (issue 28 §3): the payment routes the company accepts — RUB to its
 * account at a Russian bank, CNY/USD/EUR to a named bank, or through a payment agent — with the fees
 * it states; list, add, edit (`?edit={id}`), pause and delete. Owners and admins change them; other
 * employees read them (ADR 009).
 *
 * The form is server-rendered and posts without JavaScript; with it, the browser checks it with the
 * API's own schema (contract/payment-routes.ts PaymentRouteSchema): account numbers and IBANs are
 * refused (`account_number`), a SWIFT BIC must have the ISO 9362 form, a currency must fit the kind.
 * Register banks are chosen from those with an active licence (server/payment-routes/routes.ts
 * `listBanks`); a route's bank whose licence was revoked later stays listed and flagged.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/payment-routes";
import { ReadOnlyNotice, RemoveForm } from "../components/company-form.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as companyApi from "#contract/profile/company.ts";
import { companyLock } from "#contract/profile/fields.ts";
import * as api from "#contract/payment-routes.ts";
import { PaymentRouteSchema, ROUTE_CURRENCIES, ROUTE_KINDS, type Bank, type PaymentRouteView } from "#contract/payment-routes.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { codeOptions } from "#app/components/form/options.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { RouteStatsLine, RouteSummary, routeName } from "#app/components/payment-routes.tsx";

const FIELDS = [
  "kind",
  "currency",
  "bankRegNumber",
  "foreignBankName",
  "swiftBic",
  "agentName",
  "feePercent",
  "feeFixed",
  "feeCurrency",
  "feeNote",
  "active",
] as const;
const PATH = "/profile/payment-routes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = context.get(apiContext);
  const [{ data: company }, { data: routes }, { data: banks }] = await Promise.all([
    client.send(companyApi.getCompany),
    client.send(api.listOwnPaymentRoutes),
    client.send(api.listBanks, { query: {} }),
  ]);
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const editing = routes.find((r) => r.id === editId) ?? null;
  // A bank no longer licensed stays choosable for the routes that name it (shown flagged).
  const extra = routes.flatMap((r) => (r.bank && !banks.some((b) => b.regNumber === r.bank!.regNumber) ? [r.bank] : []));
  return {
    company: { role: company.role, status: company.status },
    routes,
    editing,
    banks: [...banks, ...extra.filter((b, i) => extra.findIndex((x) => x.regNumber === b.regNumber) === i)],
    seo: { title: getInstance(context).t("paymentRoutes.profile.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const client = context.get(apiContext);
  const id = Number(form.get("id")) || null;
  if (intent === "delete") {
    if (!id) return data({ result: undefined, deleteErrors: ["not_found"] }, { status: 404 });
    try {
      await client.send(api.deletePaymentRoute, { params: { id } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error);
      return data({ result: undefined, deleteErrors: messages }, { status });
    }
    return localizedRedirect(request, PATH, "paymentRoutes.profile.flash.deleted");
  }
  const submission = parseWithZod(form, { schema: PaymentRouteSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), deleteErrors: null }, { status: 400 });
  try {
    if (id) await client.send(api.updatePaymentRoute, { params: { id }, body: submission.value });
    else await client.send(api.createPaymentRoute, { body: submission.value });
  } catch (error) {
    return replyWithApiError(submission, error, { fields: FIELDS, data: { deleteErrors: null } });
  }
  return localizedRedirect(request, PATH, id ? "paymentRoutes.profile.flash.updated" : "paymentRoutes.profile.flash.added");
}

function RouteForm({
  route,
  banks,
  result,
}: {
  route: PaymentRouteView | null;
  banks: Bank[];
  result: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const [form, fields] = useZodForm(PaymentRouteSchema, {
    id: `payment-route-${route?.id ?? "new"}`,
    lastResult: result,
    defaultValue: route
      ? {
          kind: route.kind,
          currency: route.currency,
          bankRegNumber: route.bank?.regNumber ?? "",
          foreignBankName: route.foreignBank?.name ?? "",
          swiftBic: route.foreignBank?.swiftBic ?? "",
          agentName: route.agentName ?? "",
          feePercent: route.fees.percent ?? "",
          feeFixed: route.fees.fixed ?? "",
          feeCurrency: route.fees.currency ?? "",
          feeNote: route.fees.note ?? "",
          active: String(route.active),
        }
      : { kind: "rub_account", currency: "RUB", active: "true" },
  });
  const f = (name: string) => t(`paymentRoutes.profile.fields.${name}`);
  return (
    <Form method="post" {...getFormProps(form)} className="payment-route-form stack">
      {route ? <input type="hidden" name="id" value={route.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="field-row">
        <SelectField
          field={fields.kind}
          label={f("kind")}
          options={ROUTE_KINDS.map((kind) => ({ value: kind, label: t(`paymentRoutes.kind.${kind}`) }))}
        />
        <SelectField field={fields.currency} label={f("currency")} options={codeOptions(ROUTE_CURRENCIES)} />
      </div>
      <SelectField
        field={fields.bankRegNumber}
        label={f("bank")}
        hint={f("bankHint")}
        placeholder={f("chooseBank")}
        options={banks.map((b) => ({
          value: b.regNumber,
          label: `${b.name} (${t("paymentRoutes.regNumber", { number: b.regNumber })})${b.licenceStatus === "active" || b.licenceStatus === "unknown" ? "" : ` — ${t(`paymentRoutes.licence.${b.licenceStatus}`)}`}`,
        }))}
      />
      <div className="field-row">
        <InputField field={fields.foreignBankName} label={f("foreignBankName")} autoComplete="off" />
        <InputField field={fields.swiftBic} label={f("swiftBic")} hint={f("swiftHint")} autoComplete="off" spellCheck={false} />
      </div>
      <InputField field={fields.agentName} label={f("agentName")} autoComplete="off" />
      <div className="field-row">
        <InputField field={fields.feePercent} label={f("feePercent")} inputMode="decimal" />
        <InputField field={fields.feeFixed} label={f("feeFixed")} inputMode="decimal" />
        <SelectField field={fields.feeCurrency} label={f("feeCurrency")} placeholder="—" options={codeOptions(ROUTE_CURRENCIES)} />
      </div>
      <InputField field={fields.feeNote} label={f("feeNote")} autoComplete="off" />
      <SelectField
        field={fields.active}
        label={f("active")}
        options={[
          { value: "true", label: f("activeYes") },
          { value: "false", label: f("activeNo") },
        ]}
      />
      <div className="page-actions">
        <SubmitButton>{route ? t("paymentRoutes.profile.save") : t("paymentRoutes.profile.add")}</SubmitButton>
      </div>
    </Form>
  );
}

export default function PaymentRoutes({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { company, routes, editing, banks } = loaderData;
  const readOnly = companyLock(company) === "member" || companyLock(company) === "blocked";
  return (
    <div className="payment-routes-profile">
      <PageHeader title={t("paymentRoutes.profile.title")} lead={t("paymentRoutes.profile.lead")} />
      <p className="notice" role="note">
        {t("paymentRoutes.profile.noAccounts")}
      </p>
      {readOnly ? <ReadOnlyNotice>{t("paymentRoutes.profile.readOnly")}</ReadOnlyNotice> : null}
      <FormErrors errors={actionData?.deleteErrors ?? undefined} />
      {!readOnly ? (
        <section className="card" id="payment-route-form" aria-labelledby="payment-route-form-heading">
          <div className="section-heading">
            <h2 id="payment-route-form-heading">
              {editing ? t("paymentRoutes.profile.editHeading") : t("paymentRoutes.profile.addHeading")}
            </h2>
            {editing ? <LocaleLink to={PATH}>{t("paymentRoutes.profile.cancel")}</LocaleLink> : null}
          </div>
          <RouteForm key={editing?.id ?? "new"} route={editing} banks={banks} result={actionData?.result} />
        </section>
      ) : null}
      {routes.length === 0 ? (
        <p className="card empty-state">{t("paymentRoutes.profile.empty")}</p>
      ) : (
        <ul className="plain-list payment-route-list card" data-testid="own-payment-routes">
          {routes.map((route) => (
            <li key={route.id} className="payment-route">
              <RouteSummary route={route} heading="h2" />
              {!route.active ? <p className="badge">{t("paymentRoutes.profile.paused")}</p> : null}
              <p className="small">
                <RouteStatsLine stats={route.stats} />
              </p>
              {!readOnly ? (
                <div className="page-actions">
                  <LocaleLink to={`${PATH}?edit=${route.id}#payment-route-form`} className="button button-secondary button-small">
                    {t("paymentRoutes.profile.edit")}
                  </LocaleLink>
                  <RemoveForm
                    className="inline-form"
                    intent="delete"
                    hidden={{ name: "id", value: route.id }}
                    label={t("paymentRoutes.profile.delete")}
                    confirm={t("paymentRoutes.profile.confirmDelete", { name: routeName(route) })}
                    disabled={navigation.state === "submitting"}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
