/**
 * The island vocabulary shared by the server's `<Island>` (island.tsx), the browser runtime
 * (runtime.ts, boot.ts) and the islands: kept apart so that the boot module imports neither React
 * nor i18next.
 */
export const ISLAND_TAG = "postavka-island";
export type IslandLoad = "load" | "idle" | "visible" | "interaction" | "demand";
export type IslandName = "favourite" | "save-offline" | "toaster" | "offline-marker" | "yandex-map" | "offline-pages";

/** A favourite star changed `{ productId, on }` (optimistically, before the server answers). */
export const FAVOURITE_EVENT = "postavka:favourite";
/** Fired once the server has stored the change (the hydrated areas reload their data on it). */
export const FAVOURITE_SAVED_EVENT = "postavka:favourite-saved";
export interface FavouriteEventDetail {
  productId: number;
  on: boolean;
}
