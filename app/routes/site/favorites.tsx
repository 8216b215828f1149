/**
 * `/favorites` (guard check-query-params): the signed-in person's favourite products, newest first.
 * An anonymous visitor is asked to sign in and comes back here.
 */
import type { Route } from "./+types/favorites";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { ProductGrid } from "#app/components/catalog/cards.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as profileApi from "#contract/profile.ts";
import type { ProductCard } from "#contract/product-card.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { endRefusedSession } from "#app/lib/session.server.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { guards } from "#app/middleware/registry.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";

export const middleware = guards(["check-query-params", {}]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const t = getInstance(context).t;
  const session = context.get(sessionContext);
  let products: ProductCard[] = [];
  if (session.accessToken !== null) {
    try {
      // `view=cards` (the default) answers product cards; `view=ids` only ids.
      products = (await context.get(apiContext).send(profileApi.listFavourites, { query: { lang, view: "cards" } })).data as ProductCard[];
    } catch (error) {
      // A token the API refuses (signed out on all devices, ADR 017): this visitor is anonymous.
      if (!(error instanceof ApiClientError) || error.status !== 401) throw error;
      endRefusedSession(session);
    }
  }
  return { signedIn: session.accessToken !== null, products, seo: { title: t("favourites.title") } };
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { signedIn, products } = loaderData;
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
          <p className="muted">{t("favourites.count", { count: products.length })}</p>
          <ProductGrid products={products} />
        </>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
