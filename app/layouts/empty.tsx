/**
 * Empty layout (spec §2 "Layouts: default, empty and svg-sprite"): the page alone, for the sign-in
 * flow (`/auth`, `/auth/code`, `/auth/registration`, `/auth/undo-contact`), where the site's
 * navigation, footer and account links would only lead away from the step at hand. What stays is the
 * way out a visitor needs on any page: the brand (a link home) and the language switcher, since each
 * language has its own sign-in route (spec §2). No loader: the footer's app data is not needed here.
 */
import { Outlet } from "react-router";
import { LanguageSwitcher } from "../components/site-chrome.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { useT } from "../lib/use-t.ts";

export default function EmptyLayout() {
  const t = useT();
  return (
    <div className="layout-empty">
      {/* No skip link: there is no navigation to skip, only the brand and the three languages. */}
      <header className="site-header">
        <div className="site-header-inner">
          <LocaleLink to="/" className="brand" aria-label={`${t("app.name")}: ${t("nav.home")}`}>
            <span className="brand-mark" aria-hidden="true" />
            <span className="brand-name">{t("app.name")}</span>
          </LocaleLink>
          <LanguageSwitcher />
        </div>
      </header>
      <Outlet />
    </div>
  );
}
