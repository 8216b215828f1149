/**
 * The toast region: one persistent live region (so additions are announced) in the corner of the
 * page. Shows the install offer, the client's toasts (app/lib/pwa/toast.ts) and the server's flash
 * message, which is rendered into the HTML and so also reaches visitors without JavaScript.
 */
import { useState, useSyncExternalStore } from "react";
import type { ShownFlash } from "../../lib/flash.ts";
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type Toast } from "../../lib/pwa/toast.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Icon } from "../icon.tsx";
import { InstallOffer } from "./install-offer.tsx";
import { useT } from "../../lib/use-t.ts";

export function Toaster({ flash }: { flash: ShownFlash | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const [flashOpen, setFlashOpen] = useState(true);
  const all: Toast[] = [...(flash && flashOpen ? [{ id: "flash", message: flash.text, tone: flash.tone, duration: 0 }] : []), ...toasts];
  return (
    <section className="toasts" aria-label={t("toast.region")}>
      <div role="status" aria-live="polite" className="toasts-list">
        <InstallOffer />
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
