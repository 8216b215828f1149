/**
 * Header (brand, main navigation, language switcher) and footer of the default layout.
 * The server picks the header's form from the `viewport` cookie (spec §9): on phones (xs, sm) the
 * navigation, the languages and the currency sit behind a "Menu" disclosure (a `<details>`, so it
 * works without JavaScript) and the header is one or two rows (at most 120 px at 390 px, issue 26
 * §7); otherwise (a wider screen, or one not known yet) both forms are sent and the stylesheet shows
 * the one that fits the width, so a window narrowed since the cookie was written still gets the menu.
 */
import { Form, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { LANGS, LANG_NAMES, localePath, splitLocalePath } from "../lib/i18n.ts";
import { useLang } from "../lib/use-lang.ts";
import { FALLBACK_DEVICE_CLASS, isCompact } from "../lib/viewport.ts";
import type { RootData } from "../root.tsx";
import { CurrencyChooser } from "./money/money.tsx";
import type { LayoutData } from "../layouts/default.tsx";
import { formatQuantity } from "./catalog/format.ts";
import { Text } from "./catalog/text.tsx";
import { Icon } from "./icon.tsx";
import { LocaleLink, localeHref } from "./locale-link.tsx";
import { useT } from "../lib/use-t.ts";
import { personName } from "#contract/people.ts";
import { useIsDocument } from "../lib/documents.ts";
import { ChromeFragments, ChromeSlot, useChromeFragments } from "../lib/chrome-fragments.tsx";

export function SiteHeader() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const deviceClass = root?.viewport ?? FALLBACK_DEVICE_CLASS;
  // Known phone: the menu alone. Otherwise both, and the stylesheet shows the one that fits the width:
  // not known yet (a first visit, no cookie), and also a screen last seen wide — a window narrowed since,
  // or a tablet turned, must not get the desktop bar wrapped over 240 px (issue 26 §7) because of a
  // cookie written at another width.
  const mode = root?.viewportKnown && isCompact(deviceClass) ? "compact" : "adaptive";
  // A document's header for an anonymous visitor is rendered once per key and reused (ADR 060).
  const fragments = useChromeFragments();
  const isDocument = useIsDocument();
  if (fragments && isDocument && root && !root.user) {
    const { rest, prefixed } = splitLocalePath(location.pathname);
    const key = ChromeFragments.headerKey({ lang, prefixed, mode, currency: root.money?.currency ?? "", rest, search: location.search });
    if (key !== null && fragments.claim("header", key, rest)) return <ChromeSlot part="header" />;
  }
  const nav = [
    { to: "/catalog", label: t("nav.catalog") },
    { to: "/suppliers", label: t("nav.suppliers") },
    { to: "/rfq", label: t("rfq.nav.public") },
    { to: "/services", label: t("nav.services") },
    { to: "/okved", label: t("nav.okved") },
    { to: "/tnved", label: t("nav.tnved") },
    { to: "/press_center", label: t("nav.press") },
    { to: "/search", label: t("nav.search") },
  ];
  const links = (
    <nav aria-label={t("nav.main")} className="main-nav">
      {nav.map((item) => (
        <NavLink key={item.to} to={localeHref(lang, item.to)} className="main-nav-link" prefetch="intent">
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
  const menu = (
    // Remounted on navigation so the menu closes after a link is followed. A <details>: no JavaScript needed.
    <details className="nav-menu header-narrow" key={location.pathname}>
      <summary className="nav-menu-toggle">
        <Icon name="menu" size={20} /> {t("nav.menu")}
      </summary>
      <div className="nav-menu-panel">
        {links}
        <LanguageSwitcher />
        <CurrencyChooser />
      </div>
    </details>
  );
  return (
    <header className={`site-header site-header-${mode}`}>
      <a className="skip-link" href="#main">
        {t("nav.skip")}
      </a>
      <div className="site-header-inner">
        <LocaleLink to="/" className="brand" aria-label={`${t("app.name")}: ${t("nav.home")}`}>
          {/* The «П» mark is drawn by CSS: visible text must stay within the link's accessible name. */}
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{t("app.name")}</span>
        </LocaleLink>
        {mode === "compact" ? null : (
          <div className="header-wide">
            {links}
            <LanguageSwitcher />
            <CurrencyChooser />
          </div>
        )}
        <AccountLinks />
        {menu}
      </div>
    </header>
  );
}

/**
 * Who is signed in (spec task: "the header shows who is signed in"): favourites with their count and
 * a sign-out button (a POST form, so it works without JavaScript), or a sign-in link that returns here.
 */
export function AccountLinks() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const user = root?.user;
  const here = `${location.pathname}${location.search}`;
  if (!user) {
    const onAuth = splitLocalePath(location.pathname).rest.startsWith("/auth");
    return (
      <LocaleLink to={onAuth ? "/auth" : `/auth?redirectTo=${encodeURIComponent(here)}`} className="account-link" prefetch="intent">
        <Icon name="log-in" size={18} /> <span>{t("auth.signInLink")}</span>
      </LocaleLink>
    );
  }
  return (
    <div className="account">
      <LocaleLink to="/favorites" className="account-link" title={t("favourites.title")}>
        <Icon name="star" size={18} />{" "}
        <span className="account-count" data-favourite-count="">
          {user.favouriteIds.length}
        </span>
        <span className="visually-hidden">{t("favourites.title")}</span>
      </LocaleLink>
      {user.unreadNotifications > 0 ? (
        <LocaleLink
          to={user.organization ? "/profile/inbox" : "/profile/inquiries"}
          className="account-link account-inquiries"
          title={t("inquiries.headerBadge", { count: user.unreadNotifications })}
        >
          <Icon name="file-text" size={18} /> <span className="account-count">{user.unreadNotifications}</span>
          <span className="visually-hidden">{t("inquiries.headerBadge", { count: user.unreadNotifications })}</span>
        </LocaleLink>
      ) : null}
      {user.role === "ADMIN" || user.role === "MODERATOR" ? (
        // Site staff (issue 7) reach the admin area from the header; their name still opens the profile.
        <LocaleLink to="/admin" className="account-link" title={t("admin.nav.headerLink")}>
          <Icon name="landmark" size={18} />
          <span className="visually-hidden">{t("admin.nav.headerLink")}</span>
        </LocaleLink>
      ) : null}
      <LocaleLink
        to="/profile"
        className="account-link account-name"
        title={[personName(user), user.organization?.name].filter(Boolean).join(" · ")}
      >
        <Icon name="user" size={18} />{" "}
        <span className="account-name-text">
          {user.firstName} {user.lastName}
        </span>
      </LocaleLink>
      <Form method="post" action={localeHref(lang, "/logout")} className="account-logout">
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className="button-link" title={t("auth.signOut")}>
          <Icon name="log-out" size={18} /> <span className="visually-hidden">{t("auth.signOut")}</span>
        </button>
      </Form>
    </div>
  );
}

/**
 * Links to the same page in each language through `/_locale`, which stores the choice in the
 * locale cookie (365 days) and redirects; works without JavaScript.
 */
export function LanguageSwitcher() {
  const t = useT();
  const location = useLocation();
  const { lang, rest } = splitLocalePath(location.pathname);
  return (
    <nav className="lang-switcher" aria-label={t("lang.label")}>
      <Icon name="languages" size={18} />
      <ul>
        {LANGS.map((code) => {
          const target = `${localePath(code, rest)}${location.search}`;
          return (
            <li key={code}>
              {code === lang ? (
                <span aria-current="true" className="lang-current" lang={code} title={t("lang.current", { name: LANG_NAMES[code] })}>
                  {LANG_NAMES[code]}
                </span>
              ) : (
                <a
                  href={`/_locale?${new URLSearchParams({ lang: code, to: target })}`}
                  hrefLang={code}
                  lang={code}
                  rel="alternate nofollow"
                >
                  {LANG_NAMES[code]}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The footer's links, in order: each path with the translation key of its label. */
const FOOTER_LINKS: Record<string, string> = {
  "/catalog": "nav.catalog",
  "/suppliers": "nav.suppliers",
  "/services": "nav.services",
  "/rfq": "rfq.nav.public",
  "/payment-routes": "paymentRoutes.nav",
  "/press_center": "nav.press",
  "/okved": "classifier.okved.title",
  "/tnved": "classifier.tnved.title",
  "/search": "nav.search",
  "/api-docs": "footer.api",
  "/offline": "offline.savedLink",
  "/_icons": "footer.icons",
};

/**
 * Footer links loaded as whole documents, not client navigations: Scalar's reference
 * (routes/site/api-docs.ts, outside the app) and the saved pages (the service worker serves them from its precache).
 */
const FULL_LOAD_LINKS = new Set(["/api-docs", "/offline"]);

/**
 * Footer: about, the catalogue's top categories with their product counts and its size (from the
 * default layout's app data; absent on error pages and when it failed to load), data sources, links.
 */
export function SiteFooter() {
  const t = useT();
  const lang = useLang();
  const layout = useRouteLoaderData<LayoutData>("layouts/default");
  const categories = layout?.topCategories ?? [];
  const catalogue = layout?.catalogue;
  // A document's footer depends only on the language and the app data: rendered once per both and reused (ADR 060).
  const fragments = useChromeFragments();
  const isDocument = useIsDocument();
  if (fragments && isDocument && layout) {
    if (fragments.claim("footer", `footer|${lang}|${JSON.stringify(layout)}`)) return <ChromeSlot part="footer" />;
  }
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div>
          <p className="footer-brand">{t("app.name")}</p>
          <p>{t("footer.about")}</p>
          {catalogue && catalogue.products > 0 ? (
            <p className="footer-size">
              {t("footer.size", {
                products: formatQuantity(String(catalogue.products), lang),
                suppliers: formatQuantity(String(catalogue.suppliers), lang),
              })}
            </p>
          ) : null}
        </div>
        {categories.length > 0 ? (
          <nav aria-label={t("footer.categories")}>
            <p className="footer-heading">{t("footer.categories")}</p>
            <ul className="footer-links footer-categories">
              {categories.map((category) => (
                <li key={category.id}>
                  <LocaleLink to={`/catalog/${category.id}`}>
                    <Text value={category.name} />
                  </LocaleLink>{" "}
                  <span className="muted">{formatQuantity(String(category.productCount), lang)}</span>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div>
          <p className="footer-heading">{t("footer.sources")}</p>
          <p className="footer-sources">{t("footer.sourcesText")}</p>
        </div>
        <nav aria-label={t("nav.main")}>
          <ul className="footer-links">
            {Object.entries(FOOTER_LINKS).map(([to, label]) => (
              <li key={to}>
                <LocaleLink to={to} reloadDocument={FULL_LOAD_LINKS.has(to)}>
                  {t(label)}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
