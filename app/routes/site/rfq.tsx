/**
 * `/rfq` (public, crawlable, three languages): open public buying requests, newest first, with a
 * search box (`?q=`) and pages (`?page=`). No buyer contacts are shown — only a company name when
 * the buyer has one. Suppliers answer from the request's page. A search without hits says so, with
 * the words searched and a way back to every request (usability review #20), not "no open requests".
 */
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/rfq";
import rfqStyles from "#app/styles/rfq.css?url";
import * as rfqApi from "#contract/rfq.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { RfqCard, RfqCardList, RfqFacts } from "#app/components/rfq/rfq-parts.tsx";
import { apiContext } from "#app/context.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

const Query = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const query = Query.parse(Object.fromEntries(documentUrl(request).searchParams));
  const result = await context
    .get(apiContext)
    .send(rfqApi.listRfqs, { query: { lang, q: query.q || undefined, page: query.page, perPage: 20 } });
  const t = getInstance(context).t;
  return {
    items: result.data,
    meta: result.meta,
    q: query.q ?? "",
    seo: { title: t("rfq.public.title"), description: t("rfq.public.lead") },
  };
}

export default function PublicRfqs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { items, meta, q } = loaderData;
  return (
    <main id="main" className="page rfq-public">
      <PageHeader title={t("rfq.public.title")} lead={t("rfq.public.lead")}>
        <LocaleLink to="/profile/rfq/new" className="button button-primary">
          {t("rfq.public.post")}
        </LocaleLink>
      </PageHeader>
      <Form method="get" role="search" className="rfq-search">
        <label htmlFor="rfq-q" className="visually-hidden">
          {t("rfq.public.search")}
        </label>
        <input id="rfq-q" type="search" name="q" defaultValue={q} placeholder={t("rfq.public.search")} />
        <button type="submit" className="button">
          {t("rfq.public.searchButton")}
        </button>
      </Form>
      {items.length === 0 && q ? (
        <p className="card empty-state" data-testid="rfq-not-found">
          {t("rfq.public.notFound", { q })} <LocaleLink to="/rfq">{t("rfq.public.showAll")}</LocaleLink>
        </p>
      ) : null}
      <RfqCardList items={items} empty={q ? "" : t("rfq.public.empty")}>
        {(rfq) => (
          <RfqCard key={rfq.id} to={`/rfq/${rfq.id}`} title={rfq.title} lang={rfq.lang}>
            <p className="muted small">
              {rfq.buyerCompany ?? t("rfq.public.privateBuyer")} · {t("rfq.writtenIn", { lang: t(`rfq.langNames.${rfq.lang}`) })} ·{" "}
              {t("rfq.public.quoteCount", { count: rfq.quoteCount })}
            </p>
            <RfqFacts rfq={rfq} />
          </RfqCard>
        )}
      </RfqCardList>
      <Pagination page={meta.page} pages={meta.pages} />
    </main>
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
