/**
 * The error page (spec §2, §8): 'Page Not Found' for 404, 'Internal Server Error' for anything else,
 * with the status code and message. The heading is in the page's language; the spec's English
 * wording is kept beside it where the language differs. Its buttons clear the app's error (spec §4,
 * app/lib/app-error.ts): "Try again" reloads this address (not for a 404), "home" redirects.
 */
import { useEffect, useState, type ReactNode } from "react";
import { Link, isRouteErrorResponse, useLocation } from "react-router";
import { clearErrorHref } from "../lib/app-error.ts";
import { useLang } from "../lib/use-lang.ts";
import { OFFLINE_RELOAD_KEY, reloadOnce } from "../lib/reload-guard.ts";
import { LocaleLink } from "./locale-link.tsx";
import { Icon } from "./icon.tsx";
import { useT } from "../lib/use-t.ts";
import { SiteFooter, SiteHeader } from "./site-chrome.tsx";

export function ErrorPage({
  status,
  message = "",
  heading,
  text,
  className,
}: {
  status: number;
  message?: string;
  heading?: string;
  text?: string;
  className?: string;
}) {
  const t = useT();
  const location = useLocation();
  const lang = useLang();
  const notFound = status === 404;
  // 503: the database is briefly out of reach (server/db/unavailable.ts); the page says to retry.
  const unavailable = status === 503;
  const title = heading ?? (notFound ? t("errors.notFound") : unavailable ? t("errors.unavailable") : t("errors.internal"));
  // The spec's English wording of a 404 or 500, beside a heading in another language.
  const specText = heading ? null : notFound ? "Page Not Found" : unavailable ? "Service Unavailable" : "Internal Server Error";
  return (
    <main id="main" className={`page error-page${className ? ` ${className}` : ""}`}>
      <Icon name="circle-alert" size={48} className="error-icon" />
      <p className="error-status">{status}</p>
      <h1>{title}</h1>
      {specText && title !== specText ? (
        <p className="error-spec" lang="en">
          {specText}
        </p>
      ) : null}
      {message ? <p className="error-message">{message}</p> : null}
      <p>{text ?? (notFound ? t("errors.notFoundText") : unavailable ? t("errors.unavailableText") : t("errors.internalText"))}</p>
      <p className="error-actions">
        {/* Clearing the app's error (app/lib/app-error.ts): this page again, except for a missing one; or home. */}
        {notFound ? null : (
          <Link to={clearErrorHref(location, lang)} replace className="button">
            <Icon name="refresh-cw" size={16} /> {t("errors.tryAgain")}
          </Link>
        )}
        <Link to={clearErrorHref(location, lang, "/")} className={notFound ? "button" : "button button-secondary"}>
          {t("errors.home")}
        </Link>
      </p>
    </main>
  );
}

/**
 * A navigation that failed for want of a connection (its data request) or of a code chunk the guard
 * would not reload again (spec §8). For a failed data request the page reloads once (10 s guard), so
 * the service worker can serve its saved copy or the offline page; within the guard window it explains.
 */
export function ConnectionErrorPage({ chunk }: { chunk: boolean }) {
  const t = useT();
  const [reloading, setReloading] = useState(!chunk);
  useEffect(() => {
    if (chunk) return;
    const reloaded = reloadOnce({
      storage: sessionStorage,
      key: OFFLINE_RELOAD_KEY,
      now: Date.now(),
      reload: () => window.location.reload(),
    });
    setReloading(reloaded);
  }, [chunk]);
  return (
    <main id="main" className="page error-page">
      <Icon name={chunk ? "circle-alert" : "wifi-off"} size={48} className="error-icon" />
      <h1>{chunk ? t("offline.chunkHeading") : t("offline.errorTitle")}</h1>
      <p>{reloading ? t("offline.reloading") : chunk ? t("offline.chunkText") : t("offline.errorText")}</p>
      <p className="error-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          <Icon name="refresh-cw" size={16} /> {t("offline.tryAgain")}
        </button>
        <LocaleLink to="/offline" reloadDocument className="button button-secondary">
          {t("offline.savedLink")}
        </LocaleLink>
      </p>
    </main>
  );
}

/** Stands in for a route whose code could not be loaded again within 10 s (app/lib/pwa/chunk-errors.ts). */
export function ChunkLoadFailed() {
  return <ConnectionErrorPage chunk />;
}

/**
 * The status and message of a route's error: a thrown `data({ message }, { status })` (pageNotFound)
 * gives both; any other response its status and status text; anything else is a 500 whose message
 * only development shows.
 */
export function routeErrorInfo(error: unknown, showMessage = false): { status: number; message: string } {
  if (isRouteErrorResponse(error))
    return { status: error.status, message: (error.data as { message?: string } | null)?.message ?? `${error.status} ${error.statusText}` };
  return { status: 500, message: showMessage && error instanceof Error ? error.message : "" };
}

/** A whole error document of an error boundary: its title, and the site's header and footer around `children`. */
export function ErrorDocument({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <SiteHeader />
      {children}
      <SiteFooter />
    </>
  );
}

/** The error page of a status (404, 500…) as a whole document. */
export function StatusErrorDocument({ status, message }: { status: number; message: string }) {
  const t = useT();
  return (
    <ErrorDocument title={status === 404 ? t("errors.notFound") : status === 503 ? t("errors.unavailable") : t("errors.internal")}>
      <ErrorPage status={status} message={message} />
    </ErrorDocument>
  );
}
