/**
 * `/profile/product/{id}` (index): the product's main form — the card (name and description in
 * ru/en/zh with the source language, category, TN VED code, MOQ and unit, origin), its
 * specifications (label/value rows) and variants — in one form with one Save button
 * (`ProductMainSchema`). The action sends to the API only the parts that changed (PATCH card, PUT
 * facts, PUT variants): for a published product each changed part waits for a moderator, so an
 * untouched part must not be marked as changed.
 *
 * Without JavaScript: rows are added and removed, and the TN VED code searched and chosen, by submit
 * buttons answered with the form's state (200, nothing typed lost); a failed save is a 400 with every
 * field's error; a saved one redirects with a flash message. With it: inline validation, rows and the
 * code picker in the browser.
 */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/product-main";
import { ProductCardFields } from "../components/product-card-fields.tsx";
import { ProductFacts } from "./components/product-facts.tsx";
import { ProductVariants } from "./components/product-variants.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { ProductMainSchema, type ProductMainInput } from "../lib/product-forms.ts";
import * as productsApi from "#contract/profile/products.ts";
import { categoryOptions, productIdOf, readProductCardForm, stableJson, type ProductDetailView } from "../lib/products.server.ts";
import { useT } from "#app/lib/use-t.ts";
import { useProductData } from "./product.tsx";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { ProductSaveActions } from "./components/product-status.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import * as translationApi from "#contract/translation.ts";
import * as pendingApi from "#contract/profile-pending.ts";
import { PendingDiff } from "../components/pending-diff.tsx";
import { TranslationsEditor } from "#app/components/content/translations.tsx";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const id = productIdOf(request, params.id);
  const [categories, translations, pendingDiff] = await Promise.all([
    categoryOptions(api, lang),
    // The product's translations (ADR 031); the layout answers a missing product with its 404.
    api
      .send(translationApi.listProductTranslations, { params: { id } })
      .then((r) => r.data)
      .catch(() => []),
    // The supplier's own changes awaiting moderation, as the moderator sees them.
    api
      .send(pendingApi.getProductPendingDiff, { params: { id }, query: { lang } })
      .then((r) => r.data)
      .catch(() => null),
  ]);
  return { categories, translations, pendingDiff };
}

function storedCard(product: ProductDetailView) {
  return productsApi.explicitProductCard({ ...product, description: product.description ?? {} } as ProductMainInput["card"]);
}

const variantsOf = (variants: ProductMainInput["variants"]) =>
  variants.map((v) => ({ name: v.name, attributes: v.attributes, price: v.price ?? null, currency: v.currency ?? null }));

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = productIdOf(request, params.id);
  const api = context.get(apiContext);
  const form = await readProductCardForm(request, api, ProductMainSchema);
  if ("reply" in form) return form.reply;
  const { submission, tnvedNames } = form;

  const value = submission.value;
  let step: "card" | "facts" | "variants" = "card";
  try {
    const { data: current } = await api.send(productsApi.getProduct, { params: { id } });
    const card = productsApi.explicitProductCard(value.card);
    const variants = variantsOf(value.variants);
    const changed = {
      card: stableJson(card) !== stableJson(storedCard(current)),
      facts: stableJson(value.facts) !== stableJson(current.facts),
      variants: stableJson(variants) !== stableJson(variantsOf(current.variants)),
    };
    if (changed.card) await api.send(productsApi.updateProduct, { params: { id }, body: card });
    step = "facts";
    if (changed.facts) await api.send(productsApi.putFacts, { params: { id }, body: { facts: value.facts } });
    step = "variants";
    if (changed.variants) await api.send(productsApi.putVariants, { params: { id }, body: { variants } });
    const message =
      !changed.card && !changed.facts && !changed.variants
        ? "profileProducts.flash.unchanged"
        : current.status === "published"
          ? "profileProducts.flash.savedPending"
          : "profileProducts.flash.saved";
    throw localizedRedirect(request, `/profile/product/${id}`, { message, tone: message.endsWith("unchanged") ? "info" : "success" });
  } catch (error) {
    if (error instanceof Response) throw error;
    return replyWithApiError(submission, error, {
      prefix: step === "card" ? "card" : undefined,
      data: { picker: null, tnvedNames: await tnvedNames() },
    });
  }
}

export default function ProductMain(props: Route.ComponentProps) {
  const { product, readOnly } = useProductData();
  return (
    <>
      <PendingDiff diff={props.loaderData.pendingDiff} />
      <ProductMainForm {...props} />
      <TranslationsEditor kind="product" id={product.id} entries={props.loaderData.translations} readOnly={readOnly} />
    </>
  );
}

function ProductMainForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { product, tnvedNames, readOnly } = useProductData();
  const [form, fields] = useZodForm(ProductMainSchema, {
    id: `product-${product.id}-main`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: {
      card: {
        name: product.name,
        description: product.description ?? {},
        sourceLang: product.sourceLang,
        categoryId: product.categoryId === null ? "" : String(product.categoryId),
        tnvedCode: product.tnvedCode ?? "",
        moq: product.moq ?? "",
        moqUnit: product.moqUnit ?? "",
        originCountry: product.originCountry ?? "",
      },
      facts: product.facts,
      variants: product.variants.map((v) => ({ ...v, price: v.price ?? "", currency: v.currency ?? "" })),
    } as never,
  });
  const card = fields.card.getFieldset();
  const sourceLang = typeof card.sourceLang.value === "string" ? card.sourceLang.value : product.sourceLang;
  const saving = navigation.state === "submitting" && navigation.formData?.has("card.sourceLang") && !navigation.formData.has("__intent__");
  return (
    <Form method="post" {...getFormProps(form)} className="pp-form card">
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={readOnly} />
      {readOnly ? <p className="notice small">{t("profileProducts.readOnly")}</p> : null}
      <fieldset className="pp-fieldset" disabled={readOnly}>
        <ProductCardFields
          form={form}
          card={card as never}
          categories={loaderData.categories}
          tnvedNames={{ ...tnvedNames, ...actionData?.tnvedNames }}
          picker={actionData?.picker}
        />
        <ProductFacts form={form} facts={fields.facts} sourceLang={sourceLang} />
        <ProductVariants form={form} variants={fields.variants} sourceLang={sourceLang} />
        <ProductSaveActions form={form} status={product.status} saving={saving} label="profileProducts.save">
          {product.status === "published" ? <span className="muted small">{t("profileProducts.publishedEditHint")}</span> : null}
        </ProductSaveActions>
      </fieldset>
    </Form>
  );
}
