/** `/profile/quotes`: the quotes the supplier's company sent, last changed first, with their status. */
import type { Route } from "./+types/profile-quotes";
import rfqStyles from "../styles/rfq.css?url";
import * as quotesApi from "#contract/quotes.ts";
import { formatMoney } from "../components/catalog/format.ts";
import { LocaleLink } from "../components/locale-link.tsx";
import { RfqCard, RfqCardList } from "../components/rfq/rfq-parts.tsx";
import { apiContext } from "../context.ts";
import { pageLang } from "../lib/i18n.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { privatePageHeaders } from "../lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: quotes } = await context.get(apiContext).send(quotesApi.listOwnQuotes, { query: { lang: pageLang(request) } });
  return { quotes, seo: { title: getInstance(context).t("rfq.quotes.title") } };
}

export const headers = privatePageHeaders;

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

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
