/**
 * `/profile/quotes/requests`: buying requests that reached the supplier's company — matched by its
 * products' TN VED heading, category or OKVED activities, or invited by the buyer — newest first,
 * each with why it matched and a link to quote (or to the company's quote). The link to quote is
 * for the roles that answer buyers (owner, admin, sales — ADR 009); a `member` reads the list with a
 * note saying who quotes. A company that is not published yet sees why it gets no requests (security
 * review N9: only a published company acts as a supplier).
 */
import type { Route } from "./+types/quote-requests";
import rfqStyles from "#app/styles/rfq.css?url";
import * as quotesApi from "#contract/quotes.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { RfqCard, RfqCardList, RfqFacts, RfqStatus } from "#app/components/rfq/rfq-parts.tsx";
import { apiContext, profileContext } from "#app/context.ts";
import { mayAnswerBuyers } from "#contract/profile/fields.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  let matched: quotesApi.MatchedRfq[] = [];
  let unpublished = false;
  try {
    matched = (await context.get(apiContext).send(quotesApi.listMatchedRfqs, { query: { lang: pageLang(request), page: 1, perPage: 50 } }))
      .data;
  } catch (error) {
    if (!(error instanceof ApiClientError && error.code === "company_not_published")) throw error;
    unpublished = true;
  }
  const canQuote = mayAnswerBuyers(context.get(profileContext).organization?.role ?? "");
  return { matched, canQuote, unpublished, seo: { title: getInstance(context).t("rfq.matched.title") } };
}

export default function MatchedRequests({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="rfq-page">
      <h1>{t("rfq.matched.title")}</h1>
      <p className="muted">{t("rfq.matched.lead")}</p>
      {loaderData.unpublished ? <p className="notice">{t("rfq.errors.company_not_published")}</p> : null}
      {loaderData.canQuote || loaderData.unpublished ? null : <p className="notice">{t("profileEmployees.answerBuyersOnly.quote")}</p>}
      <RfqCardList items={loaderData.matched} empty={t("rfq.matched.empty")}>
        {({ rfq, reason, myQuote }) => (
          <RfqCard key={rfq.id} title={rfq.title} lang={rfq.lang}>
            <p className="rfq-card-meta">
              <RfqStatus status={rfq.status} />
              <span className="badge">{t(`rfq.matched.reason.${reason}`)}</span>
              <span className="muted small">{t("rfq.writtenIn", { lang: t(`rfq.langNames.${rfq.lang}`) })}</span>
            </p>
            <RfqFacts rfq={rfq} />
            <p>
              {myQuote ? (
                <LocaleLink to={`/profile/quotes/${myQuote.id}`} className="button button-secondary">
                  {t("rfq.matched.viewQuote")}
                </LocaleLink>
              ) : rfq.status === "open" && loaderData.canQuote ? (
                <LocaleLink to={`/profile/quotes/new?rfq=${rfq.id}`} className="button button-primary">
                  {t("rfq.matched.quote")}
                </LocaleLink>
              ) : null}
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
