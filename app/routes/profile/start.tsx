/**
 * `/profile/start` (spec §2): where a signed-in person without an active company begins.
 * - Create a company with the least the API needs to place it (name and the language it is written
 *   in, country, region, main OKVED) — POST /api/profile/company; the person becomes its owner and
 *   lands on the profile home, whose checklist leads on.
 * - Or accept / decline an open invitation to their e-mail address (GET /api/profile `invitations`,
 *   POST /api/profile/invitations/{id}/accept, DELETE /api/profile/invitations/{id}).
 * - A blocked employee is told what happened and whom to ask; they cannot create or join another
 *   company while they belong to one (the API refuses with `already_member`).
 * Someone who already works in a company is sent on to `/profile`.
 *
 * Forms work without JavaScript (400 with field errors in the page's language, or a redirect with a
 * flash message); with JavaScript the company form validates inline and the region list follows the
 * chosen country.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/start";
import { LocalizedValue } from "./components/company-view.tsx";
import { ClassifierPicker, type PickerSearch } from "./components/classifier-picker.tsx";
import { formatDate } from "#app/components/catalog/format.ts";
import { apiContext, profileContext } from "#app/context.ts";
import type { InvitationView } from "#contract/profile/employees.ts";
import { regions as regionList } from "./lib/lookups.server.ts";
import { readPickerSearch, searchPicker } from "./components/classifier-picker.server.ts";
import { LANG_OPTIONS, pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as companyApi from "#contract/profile/company.ts";
import * as employeesApi from "#contract/profile/employees.ts";
import { COUNTRY_CODES, LangField, nullable, OkvedCode, RegionCode, text } from "#contract/profile/fields.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors, FormSubmit } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { CountryRegionFields } from "./components/company-form.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { personName } from "#contract/people.ts";

/**
 * The start form: the company name as one text in the language it is written in (the card's
 * localized `name` gets that one language, `sourceLang` = it), country, region and main OKVED —
 * the same rules as the API's CompanySchema for those fields.
 */
export const StartCompanySchema = z.object({
  nameText: text(200),
  sourceLang: LangField,
  country: z.enum(COUNTRY_CODES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
  regionCode: nullable(RegionCode),
  okvedMain: nullable(OkvedCode),
});

/** The API's field names → this form's (the name is one field here). */
const FIELD_OF_API: Record<string, string> = { "name.ru": "nameText", "name.en": "nameText", "name.zh": "nameText", name: "nameText" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  if (profile.organization?.employeeStatus === "active") throw localizedRedirect(request, "/profile");
  const lang = pageLang(request);
  const invitations = (profile as typeof profile & { invitations?: InvitationView[] }).invitations ?? [];
  const blocked = profile.organization?.employeeStatus === "blocked" ? { name: profile.organization.name } : null;
  const regions = blocked ? [] : await regionList(context.get(apiContext), lang);
  return { firstName: profile.firstName, invitations, blocked, regions, seo: { title: getInstance(context).t("profileStart.title") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const api = context.get(apiContext);
  if (intent === "accept" || intent === "decline") {
    const id = Number(form.get("invitation"));
    if (!Number.isInteger(id) || id <= 0)
      return data({ invitation: { id: 0, errors: ["apiErrors.not_found"] }, result: null }, { status: 404 });
    try {
      if (intent === "accept") await api.send(employeesApi.acceptInvitation, { params: { id } });
      else await api.send(employeesApi.declineInvitation, { params: { id } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error);
      return data({ invitation: { id, errors: messages }, result: null }, { status });
    }
    return intent === "accept"
      ? localizedRedirect(request, "/profile", "profileStart.flash.joined")
      : localizedRedirect(request, "/profile/start", "profileStart.flash.declined");
  }
  const submission = parseWithZod(form, { schema: StartCompanySchema });
  const search = readPickerSearch(form);
  if (search) {
    const picker = await searchPicker(api, "okved", search.field, search.q, pageLang(request));
    return data({ result: submission.reply(), invitation: null, picker });
  }
  if (submission.status !== "success")
    return data({ result: submission.reply(), invitation: null }, { status: submission.status === "error" ? 400 : 200 });
  const { nameText, sourceLang, ...rest } = submission.value;
  try {
    await api.send(companyApi.createCompany, { body: { name: { [sourceLang]: nameText }, sourceLang, ...rest } });
  } catch (error) {
    return replyWithApiError(submission, error, { fieldMap: FIELD_OF_API, data: { invitation: null } });
  }
  return localizedRedirect(request, "/profile", "profileStart.flash.created");
}

export default function ProfileStart({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { invitations, blocked, firstName } = loaderData;
  return (
    <div className="profile-start">
      <PageHeader title={t("profileStart.heading", { name: firstName })}>
        {!blocked ? <p className="page-lead">{t(invitations.length > 0 ? "profileStart.leadInvited" : "profileStart.lead")}</p> : null}
      </PageHeader>
      {blocked ? (
        <section className="card notice-warn company-blocked" role="alert">
          <h2>{t("profileStart.blockedHeading", { company: blocked.name })}</h2>
          <p>{t("profileStart.blockedText")}</p>
          <p className="muted">{t("profileStart.blockedWhy")}</p>
        </section>
      ) : (
        <>
          {invitations.length > 0 ? <Invitations invitations={invitations} failed={actionData?.invitation ?? null} /> : null}
          <CreateCompany
            regions={loaderData.regions}
            result={actionData?.result ?? undefined}
            picker={actionData && "picker" in actionData ? (actionData.picker as PickerSearch) : null}
          />
        </>
      )}
    </div>
  );
}

function Invitations({ invitations, failed }: { invitations: InvitationView[]; failed: { id: number; errors: string[] } | null }) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  return (
    <section className="card" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{t("profileStart.invitationsHeading")}</h2>
      {failed && !invitations.some((i) => i.id === failed.id) ? <FormErrors errors={failed.errors} /> : null}
      <ul className="plain-list invitation-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="invitation">
            <p className="invitation-company">
              <strong>
                <LocalizedValue value={invitation.company.name} />
              </strong>
            </p>
            <p className="muted">
              {t("profileStart.invitedAs", { role: t(`profileHome.role.${invitation.role}`) })}
              {invitation.position ? ` · ${invitation.position}` : ""}
              {invitation.invitedBy ? ` · ${t("profileStart.invitedBy", { name: personName(invitation.invitedBy) })}` : ""}
            </p>
            <p className="muted small">{t("profileStart.expires", { date: formatDate(invitation.expiresAt, lang) })}</p>
            {failed?.id === invitation.id ? <FormErrors errors={failed.errors} /> : null}
            <Form method="post" className="page-actions">
              <input type="hidden" name="invitation" value={invitation.id} />
              <button type="submit" name="intent" value="accept" className="button" disabled={navigation.state === "submitting"}>
                {t("profileStart.accept")}
              </button>
              <button
                type="submit"
                name="intent"
                value="decline"
                className="button button-secondary"
                disabled={navigation.state === "submitting"}
              >
                {t("profileStart.decline")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CreateCompany({
  regions,
  result,
  picker,
}: {
  regions: Route.ComponentProps["loaderData"]["regions"];
  result: SubmissionResult<string[]> | undefined;
  picker: PickerSearch | null | undefined;
}) {
  const t = useT();
  const lang = useLang();
  const [form, fields] = useZodForm(StartCompanySchema, {
    id: "create-company",
    lastResult: result,
    defaultValue: { sourceLang: lang, country: lang === "zh" ? "CN" : "RU" },
    constraint: { nameText: { required: true, maxLength: 200 } },
  });
  const [country, setCountry] = useState<string>(String(fields.country.initialValue ?? (lang === "zh" ? "CN" : "RU")));
  const navigation = useNavigation();
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">{t("profileStart.createHeading")}</h2>
      <p className="muted">{t("profileStart.createLead")}</p>
      <Form method="post" {...getFormProps(form)} className="company-form">
        <input type="hidden" name="intent" value="create" />
        {/* Enter in a field creates the company (the first submit button is the one Enter presses). */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <div className="field-pair">
          <InputField
            field={fields.nameText}
            label={t("profileStart.name")}
            hint={t("profileStart.nameHint")}
            autoComplete="organization"
          />
          <SelectField field={fields.sourceLang} label={t("profileStart.nameLang")} options={LANG_OPTIONS} />
        </div>
        <CountryRegionFields
          countryField={fields.country}
          regionField={fields.regionCode}
          regions={regions}
          country={country}
          onCountry={setCountry}
        />
        <ClassifierPicker
          classifier="okved"
          form={form}
          field={fields.okvedMain}
          label={t("profileCompany.fields.okvedMain")}
          hint={t("profileStart.okvedHint")}
          search={picker}
        />
        <FormSubmit
          form={form}
          label={t("profileStart.create")}
          className="button button-primary"
          busy={navigation.state === "submitting"}
        />
      </Form>
    </section>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
