/** `/profile/quotes`: the quotes the supplier's company sent, last changed first, with their status. */
import type { Route } from "./+types/quotes";
import rfqStyles from "#app/styles/rfq.css?url";
import * as quotesApi from "#contract/quotes.ts";
import { formatMoney } from "#app/components/catalog/format.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { RfqCard, RfqCardList } from "#app/components/rfq/rfq-parts.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: quotes } = await context.get(apiContext).send(quotesApi.listOwnQuotes, { query: { lang: pageLang(request) } });
  return { quotes, seo: { title: getInstance(context).t("rfq.quotes.title") } };
}

export default function OwnQuotes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="rfq-page">
      <div className="section-heading">
        <h1>{t("rfq.quotes.title")}</h1>
        <LocaleLink to="/profile/quotes/requests">{t("rfq.matched.title")}</LocaleLink>
      </div>
      <RfqCardList items={loaderData.quotes} empty={t("rfq.quotes.empty")}>
        {(q) => (
          <RfqCard key={q.id} to={`/profile/quotes/${q.id}`} title={q.rfq.title} lang={q.rfq.lang}>
            <p className="rfq-card-meta">
              <span className={`badge rfq-quote-${q.status}`}>{t(`rfq.quotes.status.${q.status}`)}</span>
              <span>{formatMoney(q.priceFrom, q.currency, lang)}</span>
              <span>{t("rfq.compare.days", { count: q.leadTimeDays })}</span>
              <span>{`${q.incoterms} ${q.incotermsPlace}`}</span>
            </p>
          </RfqCard>
        )}
      </RfqCardList>
    </section>
  );
}

export const headers = privatePageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
