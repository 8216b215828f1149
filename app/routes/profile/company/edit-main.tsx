/**
 * `/profile/company/edit` (index, spec §2 "edit (main)"): the company card's main form — name and
 * description in ru/en/zh with the language the author writes in, main and additional OKVED codes
 * (the classifier picker), founding year and headcount, website, phone, e-mail, country, region, city
 * and address with DaData-compatible address suggestions. Saves with PATCH /api/profile/company and
 * goes back to the card with a flash message.
 *
 * One schema (CompanySchema, contract/profile/company.ts) validates the form in the browser and in the
 * action, and the API validates again (regions and OKVED codes against the reference tables).
 * Without JavaScript the picker's search, the address search and the choice of an address are steps
 * that post the whole form and return it with everything typed kept (no save happens until "Save").
 * "Fill from the website" reads the site's own title and description (GET /app/parse/meta, the
 * server's SSRF-safe page reader, ADR 012) and puts them into the name and description of the site's
 * language where those are still empty — without JavaScript as a step of the form, with it in place.
 * The action, one handler per intent: ./profile-company-edit-main.server.ts.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/edit-main";
import { companyMainAction, type CompanyMainActionData } from "./edit-main.server.ts";
import { useCompanyCard } from "./edit.tsx";
import { FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { LocalizedField, SourceLangField } from "#app/components/form/localized-field.tsx";
import { AddressFinder, type AddressChoice } from "./components/company-address-finder.tsx";
import { ClassifierPicker } from "../components/classifier-picker.tsx";
import { SiteFiller } from "./components/company-site-fill.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import type { CompanyView } from "#contract/profile/company.ts";
import { regions as regionList } from "../lib/lookups.server.ts";
import { classifierNames } from "../components/classifier-picker.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as companyApi from "#contract/profile/company.ts";
import { CompanySchema } from "#contract/profile/company.ts";
import { HEADCOUNT_RANGES } from "#contract/profile/fields.ts";
import { CountryRegionFields } from "../components/company-form.tsx";
import * as translationApi from "#contract/translation.ts";
import { TranslationsEditor } from "#app/components/content/translations.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  // The layout loads the card; the names of its codes and the regions are this page's.
  const { data: company } = await api.send(companyApi.getCompany);
  const [regions, okvedNames, translations] = await Promise.all([
    regionList(api, lang),
    classifierNames(api, "okved", [company.okvedMain, ...company.okvedCodes], lang),
    // The company's translations (ADR 031).
    api
      .send(translationApi.listCompanyTranslations)
      .then((r) => r.data)
      .catch(() => []),
  ]);
  return { regions, okvedNames, translations, seo: { title: getInstance(context).t("profileCompany.editTitle") } };
}

export const action = ({ request, context }: Route.ActionArgs) => companyMainAction(request, context);

/** The stored card as the form's first values. */
function formValues(company: CompanyView) {
  return {
    name: company.name,
    description: company.description,
    sourceLang: company.sourceLang,
    country: company.country,
    regionCode: company.regionCode ?? "",
    city: company.city,
    address: company.address,
    latitude: company.latitude ?? "",
    longitude: company.longitude ?? "",
    website: company.website ?? "",
    phone: company.phone ?? "",
    email: company.email ?? "",
    yearFounded: company.yearFounded ?? "",
    headcountRange: company.headcountRange ?? "",
    okvedMain: company.okvedMain ?? "",
    okvedCodes: company.okvedCodes,
  };
}

/** The company's contact inputs: their type, an example and the browser's autofill token. */
const CONTACT_INPUTS = {
  website: { type: "url", placeholder: "https://", autoComplete: "url" },
  phone: { type: "tel", placeholder: "+7 495 123-45-67", autoComplete: "tel" },
  email: { type: "email", placeholder: "sales@example.com", autoComplete: "email" },
} as const;

export default function CompanyEditMain(props: Route.ComponentProps) {
  return (
    <>
      <CompanyEditForm {...props} />
      <TranslationsEditor kind="company" entries={props.loaderData.translations} />
    </>
  );
}

function CompanyEditForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { company, readOnly } = useCompanyCard();
  const step: CompanyMainActionData | undefined = actionData;
  const [form, fields] = useZodForm(CompanySchema, {
    id: "company-main",
    lastResult: step?.result,
    defaultValue: formValues(company),
  });
  const [country, setCountry] = useState(String(fields.country.initialValue ?? company.country));
  if (readOnly) return null;
  const sourceLang = String(fields.sourceLang.value ?? company.sourceLang);
  const currentYear = new Date().getFullYear();
  const contactInput = (name: keyof typeof CONTACT_INPUTS) => (
    <InputField field={fields[name]} label={t(`profileCompany.fields.${name}`)} {...CONTACT_INPUTS[name]} />
  );

  const pickAddress = (choice: AddressChoice) => {
    form.update({ name: fields.address.getFieldset().ru.name, value: choice.value });
    if (choice.city) form.update({ name: fields.city.getFieldset().ru.name, value: choice.city });
    form.update({ name: fields.latitude.name, value: choice.latitude === null ? "" : String(choice.latitude) });
    form.update({ name: fields.longitude.name, value: choice.longitude === null ? "" : String(choice.longitude) });
    if (country !== "RU") {
      setCountry("RU");
      form.update({ name: fields.country.name, value: "RU" });
    }
  };

  return (
    <Form method="post" {...getFormProps(form)} className="company-form company-edit-form">
      {/* Enter in any field saves (the first submit button of a form is the one Enter presses). */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <section className="form-section" aria-labelledby="sec-name">
        <h2 id="sec-name">{t("profileCompany.sections.name")}</h2>
        <SourceLangField field={fields.sourceLang} />
        <LocalizedField field={fields.name} label={t("profileCompany.fields.name")} maxLength={200} required sourceLang={sourceLang} />
        <LocalizedField
          field={fields.description}
          label={t("profileCompany.fields.description")}
          hint={t("profileCompany.hints.description")}
          multiline
          rows={6}
          maxLength={5000}
          sourceLang={sourceLang}
        />
      </section>

      <section className="form-section" aria-labelledby="sec-activity">
        <h2 id="sec-activity">{t("profileCompany.sections.activity")}</h2>
        <ClassifierPicker
          classifier="okved"
          form={form}
          field={fields.okvedMain}
          label={t("profileCompany.fields.okvedMain")}
          hint={t("profileCompany.hints.okvedMain")}
          names={loaderData.okvedNames}
          search={step?.picker}
        />
        <ClassifierPicker
          classifier="okved"
          form={form}
          field={fields.okvedCodes}
          multiple
          max={50}
          label={t("profileCompany.fields.okvedCodes")}
          hint={t("profileCompany.hints.okvedCodes")}
          names={loaderData.okvedNames}
          search={step?.picker}
        />
        <div className="field-pair field-pair-even">
          <InputField
            field={fields.yearFounded}
            type="number"
            label={t("profileCompany.fields.yearFounded")}
            min={1800}
            max={currentYear}
            inputMode="numeric"
          />
          <SelectField
            field={fields.headcountRange}
            label={t("profileCompany.fields.headcountRange")}
            placeholder={t("profileCompany.notSpecified")}
            options={HEADCOUNT_RANGES.map((r) => ({ value: r, label: t("profileCompany.headcount", { range: r }) }))}
          />
        </div>
      </section>

      <section className="form-section" aria-labelledby="sec-contacts">
        <h2 id="sec-contacts">{t("profileCompany.sections.contacts")}</h2>
        {contactInput("website")}
        <SiteFiller
          answer={step?.site ?? null}
          onFill={(values) => {
            const form_ = document.getElementById(form.id) as HTMLFormElement | null;
            const filled: string[] = [];
            for (const [name, text] of Object.entries(values)) {
              const input = form_?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
              if (input && input.value.trim() !== "") continue;
              form.update({ name, value: text });
              filled.push(name);
            }
            return filled;
          }}
        />
        <div className="field-pair field-pair-even">
          {contactInput("phone")}
          {contactInput("email")}
        </div>
      </section>

      <section className="form-section" aria-labelledby="sec-location">
        <h2 id="sec-location">{t("profileCompany.sections.location")}</h2>
        <CountryRegionFields
          countryField={fields.country}
          regionField={fields.regionCode}
          regions={loaderData.regions}
          country={country}
          onCountry={setCountry}
        />
        <LocalizedField field={fields.city} label={t("profileCompany.fields.city")} maxLength={100} sourceLang={sourceLang} />
        <LocalizedField field={fields.address} label={t("profileCompany.fields.address")} maxLength={300} sourceLang={sourceLang} />
        <AddressFinder lookup={step?.address ?? null} onPick={pickAddress} />
        <input {...getInputProps(fields.latitude, { type: "hidden" })} key={fields.latitude.key} />
        <input {...getInputProps(fields.longitude, { type: "hidden" })} key={fields.longitude.key} />
        {fields.latitude.value && fields.longitude.value ? (
          <p className="muted small">
            {t("profileCompany.coordinates", {
              lat: Number(fields.latitude.value).toFixed(5),
              lon: Number(fields.longitude.value).toFixed(5),
            })}
          </p>
        ) : null}
      </section>

      <FormErrors id={form.errorId} errors={form.errors as string[] | undefined} />
      <div className="form-actions">
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("profileCompany.save")}
        </button>
        <span className="muted small">
          {t(company.status === "published" ? "profileCompany.saveNotePublished" : "profileCompany.saveNote")}
        </span>
      </div>
    </Form>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
