/**
 * `/profile` (spec §2): the signed-in user's section — their company, its legal entities, products
 * and employees, and their personal settings. Guarded by `profile-check-organization` (anonymous →
 * sign-in, no active company → `profile/start`). The layout renders the section navigation; the
 * company entries appear only once the user is an active employee. Nothing here is cached by the
 * service worker (ADR 004) and every response is `private, no-store`.
 */
import { NavLink, Outlet } from "react-router";
import { privateStringsMiddleware } from "#app/lib/locale-loaders.ts";
import type { Route } from "./+types/layout";
import { profileContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { localeHref } from "#app/components/locale-link.tsx";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { guards } from "#app/middleware/registry.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { personName } from "#contract/people.ts";

export const middleware = guards("profile-check-organization");
/** The areas' own strings are not in a public page's download (ADR 021). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [privateStringsMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  const lang = pageLang(request);
  const active = profile.organization?.employeeStatus === "active" ? profile.organization : null;
  // The company's name in the page's language when the company gave one.
  const organization = active ? { ...active, name: active.names?.[lang] || active.name } : null;
  return { user: { firstName: profile.firstName, lastName: profile.lastName }, organization };
}

/** Section navigation: [path, label key, needs an active company]. */
const SECTIONS: [string, string, boolean][] = [
  ["/profile", "profileNav.overview", true],
  ["/profile/dashboard", "dashboard.nav", true],
  ["/profile/company", "profileNav.company", true],
  ["/profile/legal_entities", "profileNav.legalEntities", true],
  ["/profile/payment-routes", "paymentRoutes.nav", true],
  ["/profile/product", "profileNav.products", true],
  ["/profile/price-list", "priceLists.nav", true],
  ["/profile/exchange-1c", "onecSettings.nav", true],
  ["/profile/employee", "profileNav.employees", true],
  ["/profile/company/api-keys", "apiKeys.nav", true],
  ["/profile/inbox", "inquiries.inbox", true],
  ["/profile/inquiries", "inquiries.myInquiries", false],
  ["/profile/rfq", "rfq.nav.requests", false],
  ["/profile/quotes/requests", "rfq.nav.matched", true],
  ["/profile/quotes", "rfq.nav.quotes", true],
  ["/profile/orders", "orders.nav", true],
  ["/profile/start", "profileNav.start", false],
  ["/profile/settings", "profileNav.settings", false],
];

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { organization, user } = loaderData;
  const sections = SECTIONS.filter(([path, , needsCompany]) => (organization ? path !== "/profile/start" : !needsCompany));

  return (
    <main id="main" className="page profile-page">
      <div className="profile-layout">
        <nav className="profile-nav card" aria-label={t("profileNav.label")}>
          <p className="profile-nav-who">
            <strong>{personName(user)}</strong>
            {organization ? <span className="muted">{organization.name}</span> : null}
          </p>
          <ul>
            {sections.map(([path, label]) => (
              <li key={path}>
                <NavLink to={localeHref(lang, path)} end={path === "/profile"} className="profile-nav-link">
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="profile-content">
          <Outlet />
        </div>
      </div>
    </main>
  );
}
export const headers = privatePageHeaders;
