/**
 * `/profile/product/new`: a new product's card (name and description in ru/en/zh with the source
 * language, category, TN VED code, MOQ, origin). Saving creates a DRAFT (only the company sees it)
 * and opens its page to add prices, photos and documents before submitting it for review. Without
 * JavaScript: 400 with every field's error, the TN VED search step answered with the form's state;
 * with it: inline validation and the live code search. Guarded by the profile layout.
 */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/new";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { ProductCardFields } from "../components/product-card-fields.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { ProductCardFormSchema } from "../lib/product-forms.ts";
import * as productsApi from "#contract/profile/products.ts";
import { categoryOptions, readProductCardForm } from "../lib/products.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { BackLink } from "../components/back-link.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const blocked = context.get(profileContext).organization?.status === "blocked";
  return {
    categories: await categoryOptions(context.get(apiContext), lang),
    blocked,
    seo: { title: getInstance(context).t("profileProducts.new.title") },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readProductCardForm(request, api, ProductCardFormSchema);
  if ("reply" in form) return form.reply;
  const { submission, tnvedNames } = form;
  try {
    const { data: created } = await api.send(productsApi.createProduct, { body: submission.value.card });
    throw localizedRedirect(request, `/profile/product/${created.id}`, "profileProducts.flash.created");
  } catch (error) {
    if (error instanceof Response) throw error;
    return replyWithApiError(submission, error, { prefix: "card", data: { picker: null, tnvedNames: await tnvedNames() } });
  }
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(ProductCardFormSchema, {
    id: "product-new",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { card: { sourceLang: lang } },
  });
  const card = fields.card.getFieldset();
  return (
    <section className="pp-page">
      <BackLink to="/profile/product" className="pp-back small" label={t("profileProducts.list.title")} />
      <h1>{t("profileProducts.new.title")}</h1>
      <p className="muted">{t("profileProducts.new.lead")}</p>
      {loaderData.blocked ? <p className="form-error">{t("apiErrors.company_blocked")}</p> : null}
      <Form method="post" {...getFormProps(form)} className="pp-form card">
        {/* The default button: Enter in any field saves (not a row or picker button). */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <fieldset className="pp-fieldset" disabled={loaderData.blocked}>
          <ProductCardFields
            form={form}
            card={card as never}
            categories={loaderData.categories}
            tnvedNames={actionData?.tnvedNames}
            picker={actionData?.picker}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="page-actions">
            <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
              {t("profileProducts.new.create")}
            </button>
            <LocaleLink to="/profile/product" className="button button-secondary">
              {t("profileProducts.cancel")}
            </LocaleLink>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
