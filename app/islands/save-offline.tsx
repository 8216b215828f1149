/**
 * "Save for offline" for one page (issue 6 point 3, issue 17 §4), an island (ADR 035): keeps the page
 * in the saved cache so it opens without a connection and is listed on the offline page. Renders
 * nothing on the server and until the browser shows it can keep pages (Cache Storage and a service
 * worker): a button that cannot work is never shown. The favourites list is a signed-in page and is
 * never kept (security review F8); its products are, each from its own page.
 */
import { useEffect, useState } from "react";
import { Hint } from "../components/hint.tsx";
import { Icon } from "../components/icon.tsx";
import { isSaved, offlineSupported, pageTitle, removeSavedPage, savePage } from "../lib/pwa/offline-pages.ts";
import { showToast } from "../lib/pwa/toast.ts";
import { islandT, type IslandTexts } from "./texts.ts";

export interface SaveOfflineProps {
  /** The page's path and query. */
  url: string;
}

export default function SaveForOffline({ url, texts }: SaveOfflineProps & { texts: IslandTexts }) {
  const t = islandT(texts);
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
