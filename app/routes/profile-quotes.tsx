/** `/profile/quotes`: the quotes the supplier's company sent, last changed first, with their status. */
import type { Route } from "./+types/profile-quotes";
import rfqStyles from "../styles/rfq.css?url";
import * as quotesApi from "../../contract/quotes.ts";
import { formatMoney } from "../components/catalog/format.ts";
import { LocaleLink } from "../components/locale-link.tsx";
import { apiContext } from "../context.ts";
import { pageLang } from "../lib/i18n.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: quotes } = await context.get(apiContext).send(quotesApi.listOwnQuotes, { query: { lang: pageLang(request) } });
  return { quotes, seo: { title: getInstance(context).t("rfq.quotes.title") } };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
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
      {loaderData.quotes.length === 0 ? (
        <p className="card empty-state">{t("rfq.quotes.empty")}</p>
      ) : (
        <ul className="rfq-list">
          {loaderData.quotes.map((q) => (
            <li key={q.id} className="card rfq-card">
              <h2>
                <LocaleLink to={`/profile/quotes/${q.id}`}>
                  <span lang={q.rfq.lang}>{q.rfq.title}</span>
                </LocaleLink>
              </h2>
              <p className="rfq-card-meta">
                <span className={`badge rfq-quote-${q.status}`}>{t(`rfq.quotes.status.${q.status}`)}</span>
                <span>{formatMoney(q.priceFrom, q.currency, lang)}</span>
                <span>{t("rfq.compare.days", { count: q.leadTimeDays })}</span>
                <span>{`${q.incoterms} ${q.incotermsPlace}`}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
