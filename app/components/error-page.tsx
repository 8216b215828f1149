/**
 * The error page (spec §2, §8): 'Page Not Found' for 404, 'Internal Server Error' for anything else,
 * with the status code and message. The heading is in the page's language; the spec's English
 * wording is kept beside it where the language differs.
 */
import { useEffect, useState } from "react";
import { OFFLINE_RELOAD_KEY, reloadOnce } from "../lib/reload-guard.ts";
import { LocaleLink } from "./locale-link.tsx";
import { Icon } from "./icon.tsx";
import { useT } from "../lib/use-t.ts";

export function ErrorPage({ status, message }: { status: number; message: string }) {
  const t = useT();
  const notFound = status === 404;
  const heading = notFound ? t("errors.notFound") : t("errors.internal");
  const specText = notFound ? "Page Not Found" : "Internal Server Error";
  return (
    <main id="main" className="page error-page">
      <Icon name="circle-alert" size={48} className="error-icon" />
      <p className="error-status">{status}</p>
      <h1>{heading}</h1>
      {heading !== specText ? (
        <p className="error-spec" lang="en">
          {specText}
        </p>
      ) : null}
      {message ? <p className="error-message">{message}</p> : null}
      <p>{notFound ? t("errors.notFoundText") : t("errors.internalText")}</p>
      <p>
        <LocaleLink to="/" className="button">
          {t("errors.home")}
        </LocaleLink>
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
    const reloaded = reloadOnce({ storage: sessionStorage, key: OFFLINE_RELOAD_KEY, now: Date.now(), reload: () => window.location.reload() });
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
