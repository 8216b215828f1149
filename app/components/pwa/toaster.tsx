/**
 * The toast region of every page: the island app/islands/toaster.tsx (flash message, client toasts,
 * install offer). Hydrated at idle when there is a flash message to close, otherwise on demand (the
 * first toast or install offer) by the document runtime; inside the hydrated areas, with the page.
 */
import type { ShownFlash } from "#app/lib/flash.ts";
import { Island } from "#app/islands/island.tsx";
import ToasterIsland from "#app/islands/toaster.tsx";

export function Toaster({ flash }: { flash: ShownFlash | null }) {
  return <Island name="toaster" load={flash ? "idle" : "demand"} component={ToasterIsland} props={{ flash }} />;
}
