/**
 * Route-change progress (spec §9: the default async loading delay is 200 ms): a thin bar at the top
 * of the page that appears only when a navigation has taken longer than 200 ms, so fast navigations
 * never flash it.
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useT } from "#app/lib/use-t.ts";

export const PROGRESS_DELAY_MS = 200;

export function RouteProgress() {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return <div className="route-progress" role="progressbar" aria-label={t("progress.loading")} />;
}
