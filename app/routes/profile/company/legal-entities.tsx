/**
 * `/profile/legal_entities` (spec §2; guard profile-check-organization, applied by the `profile`
 * layout for every page of the section): the company's legal entities — organisations (ООО, АО…)
 * and sole proprietors (ИП) — which buyers see on the supplier page and which a Russian company
 * needs for a review.
 *
 * - List, add, edit (`?edit={id}`) and delete.
 * - The form checks INN, KPP, OGRN/OGRNIP by their official rules (contract/profile/legal-entities.ts
 *   LegalEntitySchema, the same schema the API uses; check digits per contract/identifiers.ts)
 *   and names the exact problem ("check digits do not match").
 * - "Fill by INN" (`intent=lookup`) asks the state register through the DaData-compatible provider
 *   (GET /dev/legal_entry) and returns the form filled in; with JavaScript the lookup runs on its own
 *   once a valid INN is typed and fills the empty fields.
 * - API refusals become messages: `inn_taken` / `inn_exists` on the INN field, the last legal entity
 *   of a published Russian company (`legal_entity_required`), a plain member (`forbidden_role`),
 *   a card under review (`under_moderation`).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/legal-entities";
import { ReadOnlyNotice, RemoveForm } from "../components/company-form.tsx";
import { LegalEntityForm, type LookupOutcome } from "./components/legal-entity-form.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as suggestions from "#contract/suggestions.ts";
import type { PartySuggestion } from "#contract/suggestions.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as companyApi from "#contract/profile/company.ts";
import { companyLock } from "#contract/profile/fields.ts";
import * as legalApi from "#contract/profile/legal-entities.ts";
import { LegalEntityFields, LegalEntitySchema } from "#contract/profile/legal-entities.ts";
import { validateInn } from "#contract/identifiers.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { LegalEntityFacts } from "#app/components/catalog/legal-entity-facts.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

const FIELDS = ["kind", "inn", "kpp", "ogrn", "nameFull", "nameShort", "address"] as const;

/** The lookup step checks the INN alone (the rest of the form may still be empty). */
const LookupSchema = z
  .object({ inn: LegalEntityFields.shape.inn, kind: LegalEntityFields.shape.kind.optional() })
  .superRefine((value, ctx) => {
    const problem = validateInn(value.inn);
    if (problem) ctx.addIssue({ code: "custom", message: `inn_${problem}`, path: ["inn"] });
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [{ data: company }, { data: entities }] = await Promise.all([
    api.send(companyApi.getCompany),
    api.send(legalApi.listLegalEntities),
  ]);
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const editing = entities.find((e) => e.id === editId) ?? null;
  return {
    company: { role: company.role, status: company.status, country: company.country },
    entities,
    editing,
    seo: { title: getInstance(context).t("legalEntities.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const api = context.get(apiContext);
  const id = Number(form.get("id")) || null;

  if (intent === "delete") {
    if (!id) return data({ result: undefined, lookup: null, deleteErrors: ["not_found"] }, { status: 404 });
    try {
      await api.send(legalApi.deleteLegalEntity, { params: { id } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error);
      return data({ result: undefined, lookup: null, deleteErrors: messages }, { status });
    }
    return localizedRedirect(request, "/profile/legal_entities", "legalEntities.flash.deleted");
  }

  if (intent === "lookup") {
    const submission = parseWithZod(form, { schema: LookupSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), lookup: null, deleteErrors: null }, { status: 400 });
    let lookup: LookupOutcome;
    try {
      const { data: found } = await api.send(suggestions.legalEntry, { query: { inn: submission.value.inn } });
      const party = found.items.find((p) => p.inn === submission.value.inn) ?? found.items[0] ?? null;
      lookup = !found.configured
        ? { status: "unconfigured" }
        : !found.available
          ? { status: "unavailable" }
          : party
            ? { status: "found", party }
            : { status: "none" };
    } catch (error) {
      if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
      lookup = { status: "unavailable" };
    }
    const result = submission.reply();
    // Without JavaScript the page comes back with the register's data in the fields (the person checks and saves).
    if (lookup.status === "found") result.initialValue = { ...result.initialValue, ...partyValues(lookup.party) };
    return data({ result, lookup, deleteErrors: null });
  }

  const submission = parseWithZod(form, { schema: LegalEntitySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), lookup: null, deleteErrors: null }, { status: 400 });
  try {
    if (id) await api.send(legalApi.updateLegalEntity, { params: { id }, body: submission.value });
    else await api.send(legalApi.createLegalEntity, { body: submission.value });
  } catch (error) {
    return replyWithApiError(submission, error, { fields: FIELDS, data: { lookup: null, deleteErrors: null } });
  }
  return localizedRedirect(request, "/profile/legal_entities", id ? "legalEntities.flash.updated" : "legalEntities.flash.added");
}

/** Form values of a register record (empty fields left empty). */
function partyValues(party: PartySuggestion): Record<string, string> {
  return {
    kind: party.kind,
    inn: party.inn,
    kpp: party.kind === "legal" ? (party.kpp ?? "") : "",
    ogrn: party.ogrn ?? "",
    nameFull: party.nameFull,
    nameShort: party.nameShort ?? "",
    address: party.address ?? "",
  };
}

export default function LegalEntities({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { company, entities, editing } = loaderData;
  const readOnly = companyLock(company);
  const lastRequired = company.country === "RU" && company.status === "published" && entities.length === 1;
  return (
    <div className="legal-entities">
      <PageHeader title={t("legalEntities.title")} lead={t(company.country === "RU" ? "legalEntities.leadRu" : "legalEntities.leadCn")} />
      {readOnly ? <ReadOnlyNotice>{t(`legalEntities.readOnly.${readOnly}`)}</ReadOnlyNotice> : null}
      <FormErrors errors={actionData?.deleteErrors ?? undefined} />

      {entities.length === 0 ? (
        <p className="card empty-state">{t(company.country === "RU" ? "legalEntities.emptyRu" : "legalEntities.empty")}</p>
      ) : (
        <ul className="legal-entity-list">
          {entities.map((entity) => (
            <li key={entity.id} className={`card legal-entity${editing?.id === entity.id ? " is-editing" : ""}`}>
              <div className="legal-entity-head">
                <h2 lang="ru">{entity.nameShort ?? entity.nameFull}</h2>
                <span className="badge">{t(`suppliers.entityKind.${entity.kind}`)}</span>
              </div>
              {entity.nameShort ? (
                <p className="muted small" lang="ru">
                  {entity.nameFull}
                </p>
              ) : null}
              <LegalEntityFacts entity={entity} className="legal-entity-ids" withKind={false} />
              {entity.address ? (
                <p className="small" lang="ru">
                  {entity.address}
                </p>
              ) : null}
              {!readOnly ? (
                <div className="page-actions">
                  <LocaleLink
                    to={`/profile/legal_entities?edit=${entity.id}#legal-entity-form`}
                    className="button button-secondary button-small"
                  >
                    {t("legalEntities.edit")}
                  </LocaleLink>
                  <RemoveForm
                    className="inline-form"
                    intent="delete"
                    hidden={{ name: "id", value: entity.id }}
                    label={t("legalEntities.delete")}
                    confirm={t("legalEntities.confirmDelete", { name: entity.nameShort ?? entity.nameFull })}
                    disabled={navigation.state === "submitting"}
                  />
                </div>
              ) : null}
              {lastRequired && !readOnly ? <p className="muted small">{t("legalEntities.lastRequired")}</p> : null}
            </li>
          ))}
        </ul>
      )}

      {!readOnly ? (
        <section className="card" id="legal-entity-form" aria-labelledby="legal-entity-form-heading">
          <div className="section-heading">
            <h2 id="legal-entity-form-heading">{editing ? t("legalEntities.editHeading") : t("legalEntities.addHeading")}</h2>
            {editing ? <LocaleLink to="/profile/legal_entities">{t("legalEntities.cancel")}</LocaleLink> : null}
          </div>
          <LegalEntityForm key={editing?.id ?? "new"} entity={editing} result={actionData?.result} lookup={actionData?.lookup ?? null} />
        </section>
      ) : null}
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
