/**
 * Connectivity notices (issue 6 point 3), browser only: going offline shows a lasting toast with a
 * link to the saved pages; coming back shows a short "back online". Used by the hydrated areas'
 * client platform and by the public documents' runtime. Returns a stop function.
 */
import { localePath, type Lang } from "../i18n.ts";
import { OFFLINE_PATH } from "./cache-rules.ts";
import { dismissToast, showToast } from "./toast.ts";

const OFFLINE_TOAST_ID = "connectivity";

export interface ConnectivityTexts {
  wentOffline: string;
  backOnline: string;
  savedLink: string;
  close: string;
}

/** The notices' strings from a translate function. */
export function connectivityTexts(
  t: (key: "offline.wentOffline" | "offline.backOnline" | "offline.savedLink" | "toast.close") => string,
): ConnectivityTexts {
  return {
    wentOffline: t("offline.wentOffline"),
    backOnline: t("offline.backOnline"),
    savedLink: t("offline.savedLink"),
    close: t("toast.close"),
  };
}

export function watchConnectivity(lang: Lang, texts: () => ConnectivityTexts): () => void {
  const offline = () => {
    const t = texts();
    showToast({
      id: OFFLINE_TOAST_ID,
      message: t.wentOffline,
      tone: "warning",
      duration: 0,
      actions: [
        { label: t.savedLink, onClick: () => window.location.assign(localePath(lang, OFFLINE_PATH)) },
        { label: t.close, onClick: () => dismissToast(OFFLINE_TOAST_ID) },
      ],
    });
  };
  const online = () => showToast({ id: OFFLINE_TOAST_ID, message: texts().backOnline, tone: "success" });
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  return () => {
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}
