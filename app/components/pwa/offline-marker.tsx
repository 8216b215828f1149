/**
 * The saved-copy marker (app/islands/offline-marker.tsx) above the header of every page. The document
 * runtime hydrates it only on a page the service worker served from its cache; inside the hydrated
 * areas it goes away after the next client navigation, which is live.
 */
import { useRef } from "react";
import { useLocation } from "react-router";
import { Island } from "#app/islands/island.tsx";
import OfflineMarkerIsland from "#app/islands/offline-marker.tsx";
import { useLang } from "#app/lib/use-lang.ts";

export function OfflineMarker() {
  const lang = useLang();
  const location = useLocation();
  const firstKey = useRef(location.key);
  if (location.key !== firstKey.current) return null;
  return <Island name="offline-marker" load="demand" component={OfflineMarkerIsland} props={{ lang }} />;
}
