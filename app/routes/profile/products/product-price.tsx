/**
 * `/profile/product/{id}/price`: the product's price tiers — from a minimum quantity, a price per unit
 * in RUB, CNY or USD (`PriceFormSchema`: the API's PriceTiersSchema plus rising quantities within a
 * currency and unit). All tiers are saved at once (PUT …/prices); an empty list removes the prices
 * ("price on request"). Rows are added and removed without JavaScript by submit buttons answered with
 * the form's state; a failed save is a 400 with each row's errors, a saved one redirects with a flash
 * message (for a published product the new prices wait for a moderator).
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/product-price";
import { PriceTable } from "#app/components/catalog/price-table.tsx";
import { PriceTiers } from "./components/price-tiers.tsx";
import { apiContext } from "#app/context.ts";
import { PriceFormSchema } from "../lib/product-forms.ts";
import * as productsApi from "#contract/profile/products.ts";
import { productIdOf } from "../lib/products.server.ts";
import { useT } from "#app/lib/use-t.ts";
import { useProductData } from "./product.tsx";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { ProductSaveActions } from "./components/product-status.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = productIdOf(request, params.id);
  const submission = parseWithZod(await request.formData(), { schema: PriceFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    await context.get(apiContext).send(productsApi.putPrices, { params: { id }, body: { tiers: submission.value.tiers } });
  } catch (error) {
    return replyWithApiError(submission, error);
  }
  throw localizedRedirect(request, `/profile/product/${id}/price`, "profileProducts.flash.pricesSaved");
}

export default function ProductPrices({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { product, readOnly } = useProductData();
  const defaultUnit = product.moqUnit ?? "pcs";
  const [form, fields] = useZodForm(PriceFormSchema, {
    id: `product-${product.id}-price`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    // A product without prices starts with one empty row to fill in.
    defaultValue: {
      tiers: product.prices.length > 0 ? product.prices : [{ minQuantity: "", price: "", unit: defaultUnit, currency: "RUB" }],
    } as never,
  });
  const saving = navigation.state === "submitting" && !navigation.formData?.has("__intent__");
  return (
    <div className="pp-prices">
      <Form method="post" {...getFormProps(form)} className="pp-form card">
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={readOnly} />
        <h2>{t("profileProducts.prices.title")}</h2>
        <p className="muted small">{t("profileProducts.prices.lead")}</p>
        {readOnly ? <p className="notice small">{t("profileProducts.readOnly")}</p> : null}
        <fieldset className="pp-fieldset" disabled={readOnly}>
          <PriceTiers form={form} tiers={fields.tiers} defaultUnit={defaultUnit} />
          <ProductSaveActions form={form} status={product.status} saving={saving} label="profileProducts.prices.save" />
        </fieldset>
      </Form>
      {product.prices.length > 0 ? (
        <section className="card pp-preview" aria-labelledby="pp-price-preview">
          <h2 id="pp-price-preview">{t("profileProducts.prices.previewTitle")}</h2>
          <p className="muted small">{t("profileProducts.prices.previewLead")}</p>
          <PriceTable tiers={product.prices} />
        </section>
      ) : null}
    </div>
  );
}
