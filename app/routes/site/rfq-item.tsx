/**
 * `/rfq/:id` (public, three languages): one buying request — its terms and language, never the
 * buyer's contacts. A supplier's people see "Send a quote" (or "Change your quote"); visitors a
 * sign-in link. A private request is shown only to the invited companies' people and the buyer (a
 * 404 to anyone else, as for a request that does not exist); drafts and requests under review too.
 */
import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/rfq-item";
import rfqStyles from "#app/styles/rfq.css?url";
import * as rfqApi from "#contract/rfq.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { RfqFacts, RfqStatus } from "#app/components/rfq/rfq-parts.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useT } from "#app/lib/use-t.ts";
import type { RootData } from "#app/root.tsx";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const rfq = (await orNotFound(request, context.get(apiContext).send(rfqApi.getRfq, { params: { id: params.id }, query: { lang } }))).data;
  // A private request, or one seen by a signed-in person (their own buttons), is no one else's page.
  const shared = rfq.visibility === "public" && !rfq.viewer.isBuyer && !rfq.viewer.canQuote && !rfq.viewer.myQuoteId;
  return data(
    { rfq, seo: { title: rfq.title, description: rfq.description.slice(0, 250) } },
    { headers: { "Cache-Control": shared ? "public, max-age=60" : "private, no-store" } },
  );
}

export default function PublicRfq({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useRouteLoaderData<RootData>("root")?.user;
  const { rfq } = loaderData;
  return (
    <main id="main" className="page page-narrow rfq-public">
      <Breadcrumbs items={[{ to: "/rfq", label: t("rfq.public.title") }]} />
      <article className="rfq-article">
        <h1 lang={rfq.lang}>{rfq.title}</h1>
        <p className="rfq-card-meta">
          <RfqStatus status={rfq.status} />
          <span className="muted small">{t("rfq.writtenIn", { lang: t(`rfq.langNames.${rfq.lang}`) })}</span>
          <span className="muted small">
            {t("rfq.public.buyer")}: {rfq.buyerCompany ?? t("rfq.public.privateBuyer")}
          </span>
          <span className="muted small">{t("rfq.public.quoteCount", { count: rfq.quoteCount })}</span>
        </p>
        <p className="rfq-description" lang={rfq.lang}>
          {rfq.description}
        </p>
        <h2>{t("rfq.public.details")}</h2>
        <RfqFacts rfq={rfq} />
        {rfq.files.length ? (
          <ul className="rfq-files">
            {rfq.files.map((f) => (
              <li key={f.id}>
                <a href={f.url}>{f.originalName ?? f.url}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="page-actions">
          {rfq.viewer.myQuoteId ? (
            <LocaleLink to={`/profile/quotes/${rfq.viewer.myQuoteId}`} className="button button-secondary">
              {t("rfq.public.editQuote")}
            </LocaleLink>
          ) : rfq.viewer.canQuote ? (
            <LocaleLink to={`/profile/quotes/new?rfq=${rfq.id}`} className="button button-primary">
              {t("rfq.public.quote")}
            </LocaleLink>
          ) : rfq.status !== "open" ? (
            <p className="notice">{t("rfq.public.closed")}</p>
          ) : rfq.viewer.isBuyer ? (
            <LocaleLink to={`/profile/rfq/${rfq.id}`} className="button button-secondary">
              {t("rfq.own.title")}
            </LocaleLink>
          ) : user?.organization ? (
            // An employee whose company role does not answer buyers (a member): say so, not "sign in".
            <p className="notice">{t("rfq.public.onlySalesQuote")}</p>
          ) : (
            <LocaleLink
              to={`/auth?redirectTo=${encodeURIComponent(`/profile/quotes/new?rfq=${rfq.id}`)}`}
              className="button button-primary"
            >
              {t("rfq.public.signIn")}
            </LocaleLink>
          )}
        </div>
      </article>
    </main>
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: rfqStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
