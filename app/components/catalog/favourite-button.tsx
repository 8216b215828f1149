/**
 * The favourite toggle of product cards and the product page (spec §4): the island
 * app/islands/favourite.tsx with this page's state — saved or not (from the root loader's favourite
 * ids), signed in or not, and the path to come back to. Hydrated on the first pointer, touch or focus.
 */
import { useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Island } from "#app/islands/island.tsx";
import FavouriteStar from "#app/islands/favourite.tsx";
import { usePagePathOverride } from "#app/lib/card-fragments.tsx";

export function FavouriteButton({ productId, large = false }: { productId: number; large?: boolean }) {
  const lang = useLang();
  const location = useLocation();
  // Inside a card being stored for reuse, the page's path is a sentinel filled in per page (ADR 077).
  const pagePath = usePagePathOverride();
  const root = useRouteLoaderData<RootData>("root");
  return (
    <Island
      name="favourite"
      load="interaction"
      component={FavouriteStar}
      props={{
        productId,
        on: root?.user?.favouriteIds.includes(productId) ?? false,
        large,
        action: localePath(lang, "/favourite"),
        redirectTo: pagePath ?? `${location.pathname}${location.search}`,
        signedIn: Boolean(root?.user),
      }}
    />
  );
}
