/**
 * The marker of a page shown from the service worker's cache (issue 6 point 3), an island (ADR 035):
 * a bar above the header saying the copy is saved and how old it is, with a link to the saved pages
 * and, once the connection is back, a button to load the current version. The worker puts the copy's
 * time in `<meta name="postavka-cached-at">`; the server never renders the bar (its pages are live).
 */
import { useEffect, useState } from "react";
import { Icon } from "../components/icon.tsx";
import { localePath, type Lang } from "../lib/i18n.ts";
import { CACHED_AT_META, OFFLINE_PATH } from "../lib/pwa/cache-rules.ts";
import { hasUnsavedInput } from "../lib/pwa/unsaved-input.ts";
import { timeAgo } from "../lib/relative-time.ts";
import { islandT, type IslandTexts } from "./texts.ts";

export interface OfflineMarkerProps {
  lang: Lang;
}

export default function OfflineMarker({ lang, texts }: OfflineMarkerProps & { texts: IslandTexts }) {
  const t = islandT(texts);
  const [cachedAt, setCachedAt] = useState<Date | null>(null);
  const [online, setOnline] = useState(true);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const content = document.querySelector(`meta[name="${CACHED_AT_META}"]`)?.getAttribute("content");
    if (content) setCachedAt(new Date(content));
    setOnline(navigator.onLine);
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const tick = setInterval(() => setNow(new Date()), 60_000);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      clearInterval(tick);
    };
  }, []);

  if (!cachedAt) return null;
  return (
    <div className="offline-marker" role="status">
      <Icon name="wifi-off" size={18} />
      <p>
        <strong>{t("offline.marker")}</strong> {t("offline.markerAge", { age: timeAgo(cachedAt, now > cachedAt ? now : cachedAt, lang) })}
      </p>
      <a href={localePath(lang, OFFLINE_PATH)}>{t("offline.savedLink")}</a>
      {online ? (
        <button
          type="button"
          className="button button-small"
          onClick={() => (!hasUnsavedInput() || window.confirm(t("update.unsaved"))) && window.location.reload()}
        >
          <Icon name="refresh-cw" size={16} /> {t("offline.refresh")}
        </button>
      ) : null}
    </div>
  );
}
