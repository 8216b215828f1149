/**
 * "Save for offline" for the current page (issue 6 point 3): keeps the page in the saved cache so it
 * opens without a connection and is listed on the offline page. Generic: any public page can render
 * it (classifier code, product, supplier and story pages). Rendered only where the browser can keep
 * pages (Cache Storage and a service worker), after hydration. The favourites list is a signed-in
 * page and is never kept (security review F8); its products are, each from its own page.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isSaved, offlineSupported, pageTitle, removeSavedPage, savePage } from "../../lib/pwa/offline-pages.ts";
import { showToast } from "../../lib/pwa/toast.ts";
import { Hint } from "../hint.tsx";
import { Icon } from "../icon.tsx";
import { useT } from "../../lib/use-t.ts";

export function SaveForOffline() {
  const t = useT();
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const [state, setState] = useState<"unsupported" | "idle" | "saved" | "busy">("unsupported");

  useEffect(() => {
    setState(offlineSupported() ? (isSaved(url) ? "saved" : "idle") : "unsupported");
  }, [url]);

  if (state === "unsupported") return null;
  const toggle = async () => {
    const wasSaved = state === "saved";
    setState("busy");
    try {
      if (wasSaved) {
        await removeSavedPage(url);
        setState("idle");
        showToast({ message: t("offline.removed"), tone: "info" });
      } else {
        await savePage(url, pageTitle(document.title));
        setState("saved");
        showToast({ message: t("offline.savedToast"), tone: "success" });
      }
    } catch (error) {
      console.warn("Saving for offline failed", error);
      setState(wasSaved ? "saved" : "idle");
      showToast({ message: t("offline.saveFailed"), tone: "error" });
    }
  };
  const saved = state === "saved";
  return (
    <Hint text={saved ? t("offline.savedHint") : t("offline.saveHint")}>
      <button
        type="button"
        className={`button button-small ${saved ? "button-saved" : "button-secondary"}`}
        disabled={state === "busy"}
        onClick={() => void toggle()}
      >
        <Icon name={saved ? "bookmark-check" : "download"} size={16} /> {saved ? t("offline.saved") : t("offline.save")}
      </button>
    </Hint>
  );
}
