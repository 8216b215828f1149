/**
 * "Save for offline" for the current page (issue 6 point 3, issue 17 §4): the island
 * app/islands/save-offline.tsx for this page's path and query, hydrated once it scrolls into view.
 * Product, supplier, classifier code and story pages render it.
 */
import { useLocation } from "react-router";
import { Island } from "#app/islands/island.tsx";
import SaveOfflineIsland from "#app/islands/save-offline.tsx";

export function SaveForOffline() {
  const location = useLocation();
  return (
    <Island name="save-offline" load="visible" component={SaveOfflineIsland} props={{ url: `${location.pathname}${location.search}` }} />
  );
}
