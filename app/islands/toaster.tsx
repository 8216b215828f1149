/**
 * The toast region as an island (ADR 035): the server's flash message (in the HTML, so it also
 * reaches visitors without JavaScript), the client's toasts (app/lib/pwa/toast.ts) and the install
 * offer. One persistent live region, so additions are announced. The runtime hydrates it when the
 * page has a flash to close, when the first toast is shown, or when the browser offers installation.
 */
import { useState, useSyncExternalStore } from "react";
import { Icon } from "../components/icon.tsx";
import type { ShownFlash } from "../lib/flash.ts";
import { dismissInstall, promptInstall, shouldOfferInstall, subscribeInstall } from "../lib/pwa/install-prompt.ts";
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type Toast } from "../lib/pwa/toast.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { islandT, type IslandT, type IslandTexts } from "./texts.ts";

export interface ToasterProps {
  flash: ShownFlash | null;
}

export default function Toaster({ flash, texts }: ToasterProps & { texts: IslandTexts }) {
  const t = islandT(texts);
  const hydrated = useHydrated();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const [flashOpen, setFlashOpen] = useState(true);
  const all: Toast[] = [...(flash && flashOpen ? [{ id: "flash", message: flash.text, tone: flash.tone, duration: 0 }] : []), ...toasts];
  return (
    <section className="toasts" aria-label={t("toast.region")}>
      <div role="status" aria-live="polite" className="toasts-list">
        <InstallOffer t={t} />
        {all.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`} data-toast={toast.id}>
            <p className="toast-message">{toast.message}</p>
            {toast.actions?.length ? (
              <p className="toast-actions">
                {toast.actions.map((action, i) => (
                  <button
                    key={action.label}
                    type="button"
                    className={i === 0 ? "button button-small" : "button button-small button-secondary"}
                    onClick={action.onClick}
                  >
                    {action.label}
                  </button>
                ))}
              </p>
            ) : null}
            {hydrated && !toast.actions?.length ? (
              <button
                type="button"
                className="toast-close"
                aria-label={t("toast.close")}
                onClick={() => (toast.id === "flash" ? setFlashOpen(false) : dismissToast(toast.id))}
              >
                <Icon name="x" size={16} />
              </button>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * The install offer (spec §1; app/lib/pwa/install-prompt.ts), shown only while the browser offers
 * installation, the visitor has moved past the landing page (ADR 021) and has not hidden it: a card
 * in the toast region, so its late arrival never shifts the layout.
 */
function InstallOffer({ t }: { t: IslandT }) {
  const available = useSyncExternalStore(subscribeInstall, shouldOfferInstall, () => false);
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
