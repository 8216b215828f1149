/**
 * `/profile/company/edit/additionally` (spec §2 "edit/additionally"):
 * - Facts about the company: label → value rows in ru/en/zh («Склад» → «5 000 м²»), at most 30,
 *   saved as a whole list (PUT /api/profile/company/facts). Rows are added and removed with Conform's
 *   list intents, which work as plain submit buttons without JavaScript (the page comes back with
 *   the rows changed and everything typed kept; nothing is saved until "Save facts").
 * - Dealer links (the spec's product-company link): products of other companies that this company
 *   also supplies, as a dealer or distributor. Find published products (a GET search form), declare
 *   "we also supply this" (POST /api/profile/company/product-company), remove a declaration (DELETE);
 *   and the companies that declared they supply this company's products. Both sides show the links on
 *   the public product page.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/edit-additionally";
import { useCompanyCard } from "./edit.tsx";
import { LocalizedFacts, LocalizedValue } from "../components/company-view.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Text } from "#app/components/catalog/text.tsx";
import { Icon } from "#app/components/icon.tsx";
import { apiContext } from "#app/context.ts";
import { searchProducts } from "#contract/search.ts";
import type { ProductHit } from "#contract/search.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as companyApi from "#contract/profile/company.ts";
import { FactsSchema } from "#contract/profile/fields.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { FactFields } from "../components/fact-fields.tsx";
import { apiErrorMessages, apiFormErrors } from "#app/lib/forms/api-errors.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { TitledSection } from "../components/titled-section.tsx";

/** The facts form: an empty list (every row removed) is a valid "no facts". */
const FactsFormSchema = z.object({ facts: FactsSchema.shape.facts.optional().transform((facts) => facts ?? []) });

type ActionData = { facts?: SubmissionResult<string[]>; linkErrors?: string[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [{ data: company }, { data: links }, found] = await Promise.all([
    api.send(companyApi.getCompany),
    api.send(companyApi.listProductLinks, { query: { lang } }),
    q ? api.send(searchProducts, { query: { q, lang, perPage: 12 } }) : Promise.resolve(null),
  ]);
  const linked = new Set(links.supplied.map((l) => l.product.id));
  // Another company's published products only: one's own cannot be "also supplied".
  const results = (found?.data ?? []).filter((p) => p.company.id !== company.id).map((p) => ({ product: p, linked: linked.has(p.id) }));
  return { links, q, results, total: found?.meta?.total ?? 0, seo: { title: getInstance(context).t("profileCompany.moreTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const api = context.get(apiContext);
  if (intent === "link" || intent === "unlink") {
    const productId = Number(form.get("productId"));
    const kind = form.get("kind") === "distributor" ? "distributor" : "dealer";
    const back = `/profile/company/edit/additionally${typeof form.get("q") === "string" && form.get("q") ? `?q=${encodeURIComponent(String(form.get("q")))}` : ""}`;
    try {
      if (!Number.isInteger(productId) || productId <= 0) throw new ApiClientError(404, "not_found", "No such product");
      if (intent === "link") await api.send(companyApi.addProductLink, { body: { productId, kind } });
      else await api.send(companyApi.deleteProductLink, { params: { productId } });
    } catch (error) {
      const { messages, status } = apiErrorMessages(error);
      return data<ActionData>({ linkErrors: messages }, { status });
    }
    return localizedRedirect(request, back, intent === "link" ? "profileCompany.flash.linkAdded" : "profileCompany.flash.linkRemoved");
  }

  const submission = parseWithZod(form, { schema: FactsFormSchema });
  // An add/remove row step (no JS) or an invalid form: the form comes back as it was.
  if (submission.status !== "success")
    return data<ActionData>({ facts: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    await api.send(companyApi.putCompanyFacts, { body: { facts: submission.value.facts } });
  } catch (error) {
    const { fieldErrors, formErrors, status } = apiFormErrors(error);
    return data<ActionData>({ facts: submission.reply({ fieldErrors, formErrors }) }, { status });
  }
  return localizedRedirect(request, "/profile/company/edit/additionally", "profileCompany.flash.factsSaved");
}

export default function CompanyEditAdditionally({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { company, readOnly } = useCompanyCard();
  const answer = actionData as ActionData | undefined;
  const [form, fields] = useZodForm(FactsFormSchema, {
    id: "company-facts",
    lastResult: answer?.facts,
    defaultValue: { facts: company.facts },
  });
  const rows = fields.facts.getFieldList();
  const busy = navigation.state === "submitting";
  const { links, results, q } = loaderData;
  return (
    <div className="company-edit-more">
      <TitledSection id="facts-heading" title={t("profileCompany.factsForm.heading")} lead={t("profileCompany.factsForm.lead")}>
        {readOnly ? (
          company.facts.length > 0 ? (
            <LocalizedFacts facts={company.facts} sourceLang={company.sourceLang} />
          ) : (
            <p className="muted">{t("profileCompany.factsForm.none")}</p>
          )
        ) : (
          <Form method="post" {...getFormProps(form)} className="company-form facts-form">
            <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
            {rows.length === 0 ? <p className="muted">{t("profileCompany.factsForm.none")}</p> : null}
            <ol className="fact-rows">
              {rows.map((row, index) => {
                const parts = row.getFieldset();
                return (
                  <li key={row.key} className="fact-row">
                    <FactFields parts={parts} index={index} messages="profileCompany.factsForm" sourceLang={company.sourceLang} />
                    <button
                      className="button button-secondary button-small button-danger fact-remove"
                      {...form.remove.getButtonProps({ name: fields.facts.name, index })}
                    >
                      <Icon name="trash-2" size={16} /> {t("profileCompany.factsForm.remove")}
                    </button>
                  </li>
                );
              })}
            </ol>
            <FormErrors id={fields.facts.errorId} errors={fields.facts.errors as string[] | undefined} />
            <FormErrors id={form.errorId} errors={form.errors as string[] | undefined} />
            <div className="form-actions">
              {rows.length < 30 ? (
                <button
                  className="button button-secondary"
                  {...form.insert.getButtonProps({ name: fields.facts.name, defaultValue: { key: {}, value: {} } })}
                >
                  + {t("profileCompany.factsForm.add")}
                </button>
              ) : null}
              <button type="submit" className="button button-primary" disabled={busy}>
                {t("profileCompany.factsForm.save")}
              </button>
            </div>
          </Form>
        )}
      </TitledSection>

      <TitledSection id="links-heading" title={t("profileCompany.links.heading")} lead={t("profileCompany.links.lead")}>
        <FormErrors errors={answer?.linkErrors} />
        {links.supplied.length > 0 ? (
          <ul className="plain-list link-list">
            {links.supplied.map((link) => (
              <li key={link.product.id} className="link-item">
                <span>
                  <LocaleLink to={`/product/${link.product.id}`}>
                    <LocalizedValue value={link.product.name} />
                  </LocaleLink>{" "}
                  <span className="muted small">
                    {t("profileCompany.links.by", { company: link.company.title })} · {t(`profileCompany.links.kind.${link.kind}`)}
                  </span>
                </span>
                {!readOnly || readOnly === "moderation" ? (
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="productId" value={link.product.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="unlink"
                      className="button button-secondary button-small button-danger"
                      disabled={busy}
                    >
                      {t("profileCompany.links.remove")}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("profileCompany.links.none")}</p>
        )}

        {readOnly === "member" || readOnly === "blocked" ? null : (
          <>
            <Form method="get" className="search-form link-search" role="search">
              <label htmlFor="link-q" className="visually-hidden">
                {t("profileCompany.links.searchLabel")}
              </label>
              <input
                id="link-q"
                type="search"
                name="q"
                defaultValue={q}
                placeholder={t("profileCompany.links.searchPlaceholder")}
                maxLength={200}
              />
              <button type="submit" className="button">
                {t("profileCompany.links.search")}
              </button>
            </Form>
            {q ? (
              results.length === 0 ? (
                <p className="muted">{t("profileCompany.links.nothing", { q })}</p>
              ) : (
                <ul className="plain-list link-results">
                  {results.map(({ product, linked }) => (
                    <LinkResult key={product.id} product={product} linked={linked} q={q} busy={busy} />
                  ))}
                </ul>
              )
            ) : null}
          </>
        )}

        {links.suppliedBy.length > 0 ? (
          <>
            <h3>{t("profileCompany.links.suppliedBy")}</h3>
            <ul className="plain-list">
              {links.suppliedBy.map((link) => (
                <li key={`${link.product.id}-${link.company.id}`}>
                  <LocaleLink to={`/suppliers/${link.company.id}`}>
                    <LocalizedValue value={link.company.name} />
                  </LocaleLink>{" "}
                  <span className="muted small">
                    {t(`profileCompany.links.kind.${link.kind}`)} ·{" "}
                    <LocaleLink to={`/product/${link.product.id}`}>
                      <LocalizedValue value={link.product.name} />
                    </LocaleLink>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </TitledSection>
    </div>
  );
}

function LinkResult({ product, linked, q, busy }: { product: ProductHit; linked: boolean; q: string; busy: boolean }) {
  const t = useT();
  return (
    <li className="link-result">
      <span className="link-result-name">
        <LocaleLink to={`/product/${product.id}`}>
          <Text value={product.name} />
        </LocaleLink>
        <span className="muted small">
          <Text value={product.company.name} />
        </span>
      </span>
      {linked ? (
        <span className="badge badge-ok">{t("profileCompany.links.already")}</span>
      ) : (
        <Form method="post" className="link-form">
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="q" value={q} />
          <label className="visually-hidden" htmlFor={`kind-${product.id}`}>
            {t("profileCompany.links.kindLabel")}
          </label>
          <select id={`kind-${product.id}`} name="kind" defaultValue="dealer">
            <option value="dealer">{t("profileCompany.links.kind.dealer")}</option>
            <option value="distributor">{t("profileCompany.links.kind.distributor")}</option>
          </select>
          <button type="submit" name="intent" value="link" className="button button-small" disabled={busy}>
            {t("profileCompany.links.add")}
          </button>
        </Form>
      )}
    </li>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
