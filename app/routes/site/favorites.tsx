/**
 * `/favorites` (guard check-query-params): the signed-in person's favourite products, newest first,
 * PRODUCTS_PER_PAGE (as the catalogue) a page (`?page=`). An anonymous visitor is asked to sign in and
 * comes back here. A page past the last one (favourites removed since the link was made) redirects to
 * the last page (ADR 079).
 */
import type { Route } from "./+types/favorites";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { ProductGrid } from "#app/components/catalog/cards.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as profileApi from "#contract/profile.ts";
import type { ProductCard } from "#contract/product-card.ts";
import type { PageMeta } from "#contract/route.ts";
import { Pagination } from "#app/components/pagination.tsx";
import { pageParam } from "#app/lib/query-schema.ts";
import { PRODUCTS_PER_PAGE } from "./lib/product-listing.server.ts";
import { sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { pageTools, redirectPastLastPage } from "#app/lib/page-loader.server.ts";
import { endRefusedSession } from "#app/lib/session.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { guards } from "#app/middleware/registry.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";

export const middleware = guards(["check-query-params", { page: pageParam }]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t, url, lang } = pageTools({ context, request });
  const session = context.get(sessionContext);
  const page = Number(url.searchParams.get("page") ?? 1);
  let products: ProductCard[] = [];
  let meta: PageMeta = { page: 1, perPage: PRODUCTS_PER_PAGE, total: 0, pages: 1 };
  if (session.accessToken !== null) {
    try {
      // `view=cards` (the default) answers product cards; `view=ids` only ids.
      const list = await api.send(profileApi.listFavourites, { query: { lang, view: "cards", page, perPage: PRODUCTS_PER_PAGE } });
      products = list.data as ProductCard[];
      meta = list.meta;
    } catch (error) {
      // A token the API refuses (signed out on all devices, ADR 017): this visitor is anonymous.
      if (!(error instanceof ApiClientError) || error.status !== 401) throw error;
      endRefusedSession(session);
    }
  }
  redirectPastLastPage(url, meta);
  return { signedIn: session.accessToken !== null, products, meta, seo: { title: t("favourites.title") } };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { signedIn, products, meta } = loaderData;
  return (
    <main id="main" className="page">
      <Breadcrumbs items={[{ label: t("favourites.title") }]} />
      <PageHeader title={t("favourites.title")} />
      {!signedIn ? (
        <div className="card empty-state">
          <p>{t("favourites.signInFirst")}</p>
          <LocaleLink to={`/auth?redirectTo=${encodeURIComponent("/favorites")}`} className="button button-primary">
            {t("auth.signInLink")}
          </LocaleLink>
        </div>
      ) : products.length === 0 ? (
        <div className="card empty-state">
          <p>{t("favourites.empty")}</p>
          <LocaleLink to="/catalog" className="button">
            {t("nav.catalog")}
          </LocaleLink>
        </div>
      ) : (
        <>
          <p className="muted">{t("favourites.count", { count: meta.total })}</p>
          <ProductGrid products={products} />
          <Pagination page={meta.page} pages={meta.pages} />
        </>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
