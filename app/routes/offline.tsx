/**
 * `/offline` — the saved pages (issue 6 point 3): pages the user saved for offline and pages they
 * visited that the service worker still holds, each with the age of its copy; also the fallback the
 * worker sends a visitor to when a page is neither online nor kept (`?from=` names that page).
 *
 * The worker precaches this page per language and serves it from the precache, so the list and the
 * `from` notice are read in the browser (Cache Storage, localStorage, the URL), never from loader data.
 * `from` goes through the navigation-safety check: only a same-origin path becomes a link.
 */
import { useEffect, useState } from "react";
import type { Route } from "./+types/offline";
import { Icon } from "../components/icon.tsx";
import { splitLocalePath } from "../lib/i18n.ts";
import { safeInternalPath } from "../lib/navigation-safety.ts";
import { listOfflinePages, offlineSupported, removeSavedPage, type OfflineListing } from "../lib/pwa/offline-pages.ts";
import { timeAgo } from "../lib/relative-time.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { getInstance } from "../middleware/i18next.ts";
import { useT } from "../lib/use-t.ts";
import { PageHeader } from "../components/page-header.tsx";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { seo: { title: t("offline.title"), description: t("offline.lead") } };
}

type Listing = { saved: OfflineListing[]; visited: OfflineListing[] };
type From = { path: string } | { refused: true } | null;

export default function OfflinePage() {
  const t = useT();
  const [listing, setListing] = useState<Listing | null>(null);
  const [supported, setSupported] = useState(true);
  const [from, setFrom] = useState<From>(null);

  useEffect(() => {
    const raw = new URLSearchParams(window.location.search).get("from");
    if (raw) {
      const path = safeInternalPath(raw, window.location.origin);
      setFrom(path ? { path } : { refused: true });
    }
    setSupported(offlineSupported());
    void listOfflinePages().then(setListing);
  }, []);

  const remove = async (url: string) => {
    await removeSavedPage(url);
    setListing(await listOfflinePages());
  };

  return (
    <main id="main" className="page offline-page">
      <PageHeader title={t("offline.heading")} lead={t("offline.lead")} />
      {from && "path" in from ? (
        <div className="notice notice-warn" role="alert">
          <p>
            {t("offline.notSaved")} <code>{from.path}</code>
          </p>
          <p>
            <a className="button button-small" href={from.path}>
              <Icon name="refresh-cw" size={16} /> {t("offline.tryAgain")}
            </a>
          </p>
        </div>
      ) : null}
      {from && "refused" in from ? (
        <p className="notice notice-warn" role="alert">
          {t("flash.externalRefused")}
        </p>
      ) : null}
      <noscript>
        <p className="notice">{t("offline.needsJs")}</p>
      </noscript>
      {!supported ? <p className="notice">{t("offline.unsupported")}</p> : null}
      {listing ? (
        <>
          <OfflineList heading={t("offline.savedHeading")} empty={t("offline.savedEmpty")} entries={listing.saved} onRemove={remove} />
          <OfflineList heading={t("offline.visitedHeading")} empty={t("offline.visitedEmpty")} entries={listing.visited} />
        </>
      ) : null}
    </main>
  );
}

function OfflineList({
  heading,
  empty,
  entries,
  onRemove,
}: {
  heading: string;
  empty: string;
  entries: OfflineListing[];
  onRemove?: (url: string) => Promise<void>;
}) {
  const t = useT();
  const lang = useLang();
  const now = new Date();
  return (
    <section className="offline-list">
      <h2>{heading}</h2>
      {entries.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="code-list">
          {entries.map((entry) => (
            <li key={entry.url} className="code-item offline-item">
              {/* A document navigation, so the service worker answers with the stored copy. */}
              <a href={entry.url} className="offline-link" lang={splitLocalePath(entry.url).lang}>
                {entry.title || entry.url}
              </a>
              <span className="code-meta offline-meta">
                <span className="offline-url">{decodeURI(entry.url)}</span>
                {entry.cachedAt ? (
                  <> · {t("offline.copyAge", { age: timeAgo(entry.cachedAt, now > entry.cachedAt ? now : entry.cachedAt, lang) })}</>
                ) : null}
              </span>
              {onRemove ? (
                <button
                  type="button"
                  className="button button-small button-secondary offline-remove"
                  onClick={() => void onRemove(entry.url)}
                >
                  <Icon name="trash-2" size={16} /> {t("offline.remove")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
