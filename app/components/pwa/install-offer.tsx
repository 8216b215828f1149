/**
 * The install offer (spec §1; app/lib/pwa/install-prompt.ts), shown only while the browser offers
 * installation and the user has not hidden it: a card in the toast region with an "Install app"
 * button and × to hide it for good. It floats over the page rather than sitting in the header, so its
 * late arrival (the browser decides after the service worker is up) never shifts the layout. It
 * appears from the visitor's second page in the tab (ADR 021): the first client navigation marks the
 * tab as engaged.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { dismissInstall, markEngaged, promptInstall, shouldOfferInstall, subscribeInstall } from "../../lib/pwa/install-prompt.ts";
import { Icon } from "../icon.tsx";
import { useT } from "../../lib/use-t.ts";

export function InstallOffer() {
  const t = useT();
  const available = useSyncExternalStore(subscribeInstall, shouldOfferInstall, () => false);
  const { key } = useLocation();
  const landing = useRef(key);
  useEffect(() => {
    if (key !== landing.current) markEngaged();
  }, [key]);
  if (!available) return null;
  return (
    <div className="toast toast-install" role="group" aria-label={t("install.label")}>
      <p className="toast-message">{t("install.offer")}</p>
      <p className="toast-actions">
        <button type="button" className="button button-small" onClick={() => void promptInstall()}>
          <Icon name="monitor-down" size={16} /> {t("install.button")}
        </button>
      </p>
      <button type="button" className="toast-close" aria-label={t("install.dismiss")} onClick={dismissInstall}>
        <Icon name="x" size={16} />
      </button>
    </div>
  );
}
