/** `/profile/rfq`: the signed-in buyer's buying requests, newest first, with their status and quote counts. */
import type { Route } from "./+types/requests";
import rfqStyles from "#app/styles/rfq.css?url";
import * as rfqApi from "#contract/rfq.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { RfqCard, RfqCardList, RfqStatus } from "#app/components/rfq/rfq-parts.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: requests } = await context.get(apiContext).send(rfqApi.listOwnRfqs, { query: { lang: pageLang(request) } });
  return { requests, seo: { title: getInstance(context).t("rfq.own.title") } };
}

export default function OwnRfqs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="rfq-page">
      <div className="section-heading">
        <h1>{t("rfq.own.title")}</h1>
        <LocaleLink to="/profile/rfq/new" className="button button-primary">
          {t("rfq.own.new")}
        </LocaleLink>
      </div>
      <RfqCardList items={loaderData.requests} empty={t("rfq.own.empty")}>
        {(r) => (
          <RfqCard key={r.id} to={`/profile/rfq/${r.id}`} title={r.title} lang={r.lang}>
            <p className="rfq-card-meta">
              <RfqStatus status={r.status} />
              <span>{t(`rfq.visibility.${r.visibility}`).split(":")[0]}</span>
              <span>{t("rfq.own.quotes", { count: r.quoteCount })}</span>
              <span>
                {t("rfq.fields.deadline")}: {r.deadline}
              </span>
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
