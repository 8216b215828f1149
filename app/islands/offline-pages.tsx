/**
 * The lists of the offline page (issue 6 point 3), an island hydrated at once (ADR 035): pages the
 * user saved and pages they visited that the service worker still holds, each with the age of its
 * copy, and the `?from=` notice of the worker's fallback. All of it is read in the browser (Cache
 * Storage, localStorage, the URL) — the worker serves this page from its precache, so the server
 * can know none of it. `from` goes through the navigation-safety check: only a same-origin path
 * becomes a link. Its strings come as props (only this page needs them).
 */
import { useEffect, useState } from "react";
import { Icon } from "../components/icon.tsx";
import { splitLocalePath, type Lang } from "../lib/i18n.ts";
import { safeInternalPath } from "../lib/navigation-safety.ts";
import { listOfflinePages, offlineSupported, removeSavedPage, type OfflineListing } from "../lib/pwa/offline-pages.ts";
import { timeAgo } from "../lib/relative-time.ts";
import { fillTemplate } from "./texts.ts";

export interface OfflinePagesProps {
  lang: Lang;
  strings: {
    notSaved: string;
    tryAgain: string;
    refused: string;
    unsupported: string;
    savedHeading: string;
    savedEmpty: string;
    visitedHeading: string;
    visitedEmpty: string;
    /** With `{{age}}`. */
    copyAge: string;
    remove: string;
  };
}

type Listing = { saved: OfflineListing[]; visited: OfflineListing[] };
type From = { path: string } | { refused: true } | null;

export default function OfflinePages({ lang, strings }: OfflinePagesProps) {
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
    <>
      {from && "path" in from ? (
        <div className="notice notice-warn" role="alert">
          <p>
            {strings.notSaved} <code>{from.path}</code>
          </p>
          <p>
            <a className="button button-small" href={from.path}>
              <Icon name="refresh-cw" size={16} /> {strings.tryAgain}
            </a>
          </p>
        </div>
      ) : null}
      {from && "refused" in from ? (
        <p className="notice notice-warn" role="alert">
          {strings.refused}
        </p>
      ) : null}
      {!supported ? <p className="notice">{strings.unsupported}</p> : null}
      {listing ? (
        <>
          <OfflineList lang={lang} strings={strings} kind="saved" entries={listing.saved} onRemove={remove} />
          <OfflineList lang={lang} strings={strings} kind="visited" entries={listing.visited} />
        </>
      ) : null}
    </>
  );
}

function OfflineList({
  lang,
  strings,
  kind,
  entries,
  onRemove,
}: {
  lang: Lang;
  strings: OfflinePagesProps["strings"];
  kind: "saved" | "visited";
  entries: OfflineListing[];
  onRemove?: (url: string) => Promise<void>;
}) {
  const now = new Date();
  return (
    <section className="offline-list">
      <h2>{strings[`${kind}Heading`]}</h2>
      {entries.length === 0 ? (
        <p className="empty">{strings[`${kind}Empty`]}</p>
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
                  <>
                    {" "}
                    · {fillTemplate(strings.copyAge, { age: timeAgo(entry.cachedAt, now > entry.cachedAt ? now : entry.cachedAt, lang) })}
                  </>
                ) : null}
              </span>
              {onRemove ? (
                <button
                  type="button"
                  className="button button-small button-secondary offline-remove"
                  onClick={() => void onRemove(entry.url)}
                >
                  <Icon name="trash-2" size={16} /> {strings.remove}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
