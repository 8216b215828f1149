/**
 * `/profile/product/{id}` (spec §2 "product edit; children file and price", guard
 * profile-check-organization): the frame of one product's pages — its name, status with what it
 * means and the moderator's reason when rejected, the actions its status allows (submit for review,
 * withdraw, delete for owners and admins) and the tabs: main (index), `file` (photos and documents),
 * `price` (price tiers). The working copy is shown (a published product's edits awaiting review
 * included). Under review, blocked, or in a blocked company the pages are read-only; the API has the
 * last word either way.
 *
 * Action (this route, no `?index`): `intent` = `submit` | `withdraw` | `delete` → redirect with a flash
 * message; a refusal (409 `invalid_transition`, 403 `forbidden_role`…) is shown above the tabs.
 */
import { data, Form, NavLink, Outlet, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/product";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { PendingMarker, ProductStatusBadge, ProductStatusNotice } from "./components/product-status.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { localizedText } from "../lib/product-forms.ts";
import * as productsApi from "#contract/profile/products.ts";
import { productIdOf, requireProduct } from "../lib/products.server.ts";
import { classifierNames } from "../components/classifier-picker.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { guards } from "#app/middleware/registry.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { BackLink } from "../components/back-link.tsx";

export const middleware = guards("profile-check-organization");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const api = context.get(apiContext);
  const id = productIdOf(request, params.id);
  const product = await requireProduct(api, request, id);
  const organization = context.get(profileContext).organization;
  const role = organization?.role ?? "member";
  const companyBlocked = organization?.status === "blocked";
  const readOnly = companyBlocked || product.status === "moderation" || product.status === "blocked";
  const tnvedNames = product.tnvedCode ? await classifierNames(api, "tnved", [product.tnvedCode], lang) : {};
  const name = localizedText(product.name, lang, product.sourceLang)?.text ?? getInstance(context).t("profileProducts.untitled");
  return { product, tnvedNames, readOnly, companyBlocked, canDelete: role === "owner" || role === "admin", seo: { title: name } };
}

/** The layout's data for the child pages (main, file, price). */
export function useProductData() {
  return useRouteLoaderData<typeof loader>("routes/profile-product")!;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = productIdOf(request, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const api = context.get(apiContext);
  try {
    if (intent === "submit" || intent === "withdraw") {
      await api.send(productsApi.changeProductStatus, { params: { id }, body: { action: intent } });
      throw localizedRedirect(
        request,
        `/profile/product/${id}`,
        intent === "submit" ? "profileProducts.flash.submitted" : "profileProducts.flash.withdrawn",
      );
    }
    if (intent === "delete") {
      await api.send(productsApi.deleteProduct, { params: { id } });
      throw localizedRedirect(request, "/profile/product", "profileProducts.flash.deleted");
    }
    return data({ statusError: "invalid_intent" }, { status: 400 });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return data({ statusError: error.code }, { status: error.status === 404 ? 404 : error.status });
  }
}

export default function ProductFrame({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { product, canDelete, companyBlocked } = loaderData;
  const name = localizedText(product.name, lang, product.sourceLang);
  const images = product.files.filter((f) => f.kind === "image").length;
  const documents = product.files.length - images;
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.has("intent") &&
    ["submit", "withdraw", "delete"].includes(String(navigation.formData.get("intent")));
  const canSubmit =
    !companyBlocked &&
    (product.status === "draft" ||
      product.status === "rejected" ||
      (product.status === "published" && product.pending?.state === "rejected"));
  const canWithdraw =
    !companyBlocked && (product.status === "moderation" || product.status === "published" || product.status === "rejected");
  const base = `/profile/product/${product.id}`;
  const missing = [
    product.prices.length === 0 ? "prices" : null,
    images === 0 ? "photo" : null,
    product.categoryId === null ? "category" : null,
    product.tnvedCode === null ? "tnved" : null,
  ].filter((x): x is string => x !== null);
  return (
    <section className="pp-page">
      <BackLink to="/profile/product" className="pp-back small" label={t("profileProducts.list.title")} />
      <header className="pp-product-header">
        <h1>
          <span lang={name && name.lang !== lang ? name.lang : undefined}>{name?.text ?? t("profileProducts.untitled")}</span>
        </h1>
        <p className="pp-item-meta">
          <ProductStatusBadge status={product.status} />
          <PendingMarker pending={product.pending} />
          <span className="muted small">{t("profileProducts.idLabel", { id: product.id })}</span>
          {product.status === "published" ? (
            <LocaleLink to={`/product/${product.id}`} className="small">
              {t("profileProducts.viewPublic")}
            </LocaleLink>
          ) : null}
        </p>
      </header>
      <ProductStatusNotice product={product} />
      {(product.status === "draft" || product.status === "rejected") && missing.length > 0 ? (
        <div className="pp-checklist small">
          <p>{t("profileProducts.checklist.lead")}</p>
          <ul>
            {missing.map((item) => (
              <li key={item}>
                <LocaleLink to={item === "prices" ? `${base}/price` : item === "photo" ? `${base}/file` : base}>
                  {t(`profileProducts.checklist.${item}`)}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actionData?.statusError ? (
        <p className="form-error" role="alert">
          {t([`apiErrors.${actionData.statusError}`, "formWidgets.unknownError"])}
        </p>
      ) : null}
      <div className="pp-actions">
        {canSubmit ? (
          <Form method="post" action={localeHref(lang, base)}>
            <button type="submit" name="intent" value="submit" className="button button-primary" disabled={busy}>
              {t(product.status === "published" ? "profileProducts.actions.resubmitChanges" : "profileProducts.actions.submit")}
            </button>
          </Form>
        ) : null}
        {canWithdraw ? (
          product.status === "moderation" ? (
            <Form method="post" action={localeHref(lang, base)}>
              <button type="submit" name="intent" value="withdraw" className="button button-secondary" disabled={busy}>
                {t("profileProducts.actions.withdrawReview")}
              </button>
            </Form>
          ) : (
            <details className="pp-confirm">
              <summary className="button button-secondary">
                {t(product.status === "published" ? "profileProducts.actions.unpublish" : "profileProducts.actions.toDraft")}
              </summary>
              <Form method="post" action={localeHref(lang, base)} className="pp-confirm-body">
                <p className="small">
                  {t(
                    product.status === "published" ? "profileProducts.actions.unpublishConfirm" : "profileProducts.actions.toDraftConfirm",
                  )}
                </p>
                <button type="submit" name="intent" value="withdraw" className="button button-small" disabled={busy}>
                  {t("profileProducts.actions.confirm")}
                </button>
              </Form>
            </details>
          )
        ) : null}
        {canDelete && !companyBlocked ? (
          <details className="pp-confirm pp-confirm-end">
            <summary className="button-link pp-danger-link">{t("profileProducts.delete.button")}</summary>
            <Form method="post" action={localeHref(lang, base)} className="pp-confirm-body">
              <p className="small">{t("profileProducts.delete.confirm")}</p>
              <button type="submit" name="intent" value="delete" className="button button-small pp-danger" disabled={busy}>
                {t("profileProducts.delete.yes")}
              </button>
            </Form>
          </details>
        ) : null}
      </div>
      <nav className="tabs pp-tabs" aria-label={t("profileProducts.tabs.label")}>
        <NavLink to={localeHref(lang, base)} end className={({ isActive }) => `tab${isActive ? " tab-active" : ""}`}>
          {t("profileProducts.tabs.main")}
        </NavLink>
        <NavLink to={localeHref(lang, `${base}/file`)} className={({ isActive }) => `tab${isActive ? " tab-active" : ""}`}>
          {t("profileProducts.tabs.file")} <span className="tab-count">{images + documents}</span>
        </NavLink>
        <NavLink to={localeHref(lang, `${base}/price`)} className={({ isActive }) => `tab${isActive ? " tab-active" : ""}`}>
          {t("profileProducts.tabs.price")} <span className="tab-count">{product.prices.length}</span>
        </NavLink>
      </nav>
      <Outlet />
    </section>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
