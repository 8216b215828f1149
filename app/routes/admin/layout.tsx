/**
 * `/{lang}/admin` (and unprefixed, Russian): the admin area's frame (issue 7) — the site header, a
 * side navigation with the moderation queue's size, and the page. Its middleware
 * (app/routes/admin/lib/guard.server.ts) sends anonymous visitors to sign in and shows everyone who is not
 * site staff the 403 page below, which says nothing about the area (no counts, no names).
 */
import { NavLink, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { privateStringsMiddleware } from "#app/lib/locale-loaders.ts";
import type { Route } from "./+types/layout";
import { SiteHeader } from "#app/components/site-chrome.tsx";
import { Icon } from "#app/components/icon.tsx";
import { localeHref } from "#app/components/locale-link.tsx";
import { ErrorDocument, ErrorPage, routeErrorInfo, StatusErrorDocument } from "#app/components/error-page.tsx";
import { apiContext } from "#app/context.ts";
import * as moderationApi from "#contract/admin/moderation.ts";
import { requireStaff, requireStaffData } from "./lib/guard.server.ts";
import type { IconName } from "#app/lib/icon-names.ts";
import { RECORDS, type RecordsKind } from "./lib/records.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import adminStyles from "./admin.css?url";

export const middleware: Route.MiddlewareFunction[] = [requireStaff];
/** The areas' own strings are not in a public page's download (ADR 021). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [privateStringsMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const me = requireStaffData(context);
  const queue = await context
    .get(apiContext)
    .send(moderationApi.listQueue, { query: { limit: 1, lang: "ru" } })
    .then((r) => r.meta.counts)
    .catch(() => ({ company: 0, product: 0, rfq: 0 }));
  return { me, queue };
}

export type AdminLayoutData = Awaited<ReturnType<typeof loader>>;

/** The record lists' entries, in the navigation's order; their paths are the lists' own (app/routes/admin/lib/records.ts). */
const RECORD_NAV: Record<RecordsKind, { label: string; icon: IconName }> = {
  company: { label: "admin.nav.companies", icon: "building-2" },
  product: { label: "admin.nav.products", icon: "package" },
  service: { label: "admin.nav.services", icon: "truck" },
  user: { label: "admin.nav.users", icon: "user" },
  employees: { label: "admin.nav.employees", icon: "factory" },
  "legal-entities": { label: "admin.nav.legalEntities", icon: "landmark" },
  rfq: { label: "admin.nav.rfq", icon: "file-text" },
  inquiries: { label: "admin.nav.inquiries", icon: "tag" },
};

const SECTIONS: { title: string; items: { to: string; label: string; icon: IconName; end?: boolean }[] }[] = [
  {
    title: "admin.nav.work",
    items: [
      { to: "/admin", label: "admin.nav.overview", icon: "house", end: true },
      { to: "/admin/moderation", label: "admin.nav.moderation", icon: "check" },
      { to: "/admin/claims", label: "admin.claims.claims", icon: "building-2" },
      { to: "/admin/messages", label: "admin.messages.nav", icon: "circle-alert" },
      { to: "/admin/order-disputes", label: "orders.adminDisputes.nav", icon: "circle-alert" },
      { to: "/admin/audit", label: "admin.nav.audit", icon: "book-open" },
    ],
  },
  {
    title: "admin.nav.records",
    items: (Object.keys(RECORD_NAV) as RecordsKind[]).map((kind) => ({ to: RECORDS[kind].path, ...RECORD_NAV[kind] })),
  },
  {
    title: "admin.nav.content",
    items: [
      { to: "/admin/categories", label: "admin.nav.categories", icon: "folder-tree" },
      { to: "/admin/service-types", label: "admin.nav.serviceTypes", icon: "list-tree" },
      { to: "/admin/press", label: "admin.nav.press", icon: "file-text" },
      { to: "/admin/tags", label: "admin.nav.tags", icon: "tag" },
      { to: "/admin/pages", label: "admin.nav.pages", icon: "globe" },
    ],
  },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const waiting = loaderData.queue.company + loaderData.queue.product + loaderData.queue.rfq;
  return (
    <>
      <SiteHeader />
      <div className="admin-shell">
        <nav className="admin-nav" aria-label={t("admin.nav.label")}>
          <p className="admin-nav-role">
            <Icon name="user" size={16} /> {t(`admin.roles.${loaderData.me.role}`)}
          </p>
          {SECTIONS.map((section) => (
            <div key={section.title} className="admin-nav-section">
              <p className="admin-nav-title">{t(section.title)}</p>
              <ul>
                {section.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={localeHref(lang, item.to)} end={item.end} className="admin-nav-link" prefetch="intent">
                      <Icon name={item.icon} size={18} />
                      <span>{t(item.label)}</span>
                      {item.to === "/admin/moderation" && waiting > 0 ? (
                        <span className="admin-count" title={t("admin.moderation.waiting", { count: waiting })}>
                          {waiting}
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="main" className="admin-main">
          <Outlet />
        </main>
      </div>
    </>
  );
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/** The staff member and permissions for child routes' components. */
export function useStaff() {
  return useRouteLoaderData<AdminLayoutData>("routes/admin")?.me ?? null;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const { status, message } = routeErrorInfo(error);
  if (status !== 403) return <StatusErrorDocument status={status} message={message} />;
  return (
    <ErrorDocument title={t("admin.forbidden.title")}>
      <meta name="robots" content="noindex" />
      <ErrorPage status={403} heading={t("admin.forbidden.title")} text={t("admin.forbidden.text")} className="admin-forbidden" />
    </ErrorDocument>
  );
}
