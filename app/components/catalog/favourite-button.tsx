/**
 * The favourite toggle of product cards and the product page (spec §4). A form posting to
 * `/favourite`: without JavaScript the page reloads in place; with it a fetcher submits, the star
 * changes at once (optimistic) and React Router then reloads the favourites list. Anonymous visitors
 * go through sign-in and come back to the same page.
 */
import { useT } from "../../lib/use-t.ts";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "../../root.tsx";
import { localePath } from "../../lib/i18n.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useLang } from "../../lib/use-lang.ts";
import { Icon } from "../icon.tsx";

export function FavouriteButton({ productId, large = false }: { productId: number; large?: boolean }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const hydrated = useHydrated();
  const root = useRouteLoaderData<RootData>("root");
  const fetcher = useFetcher<{ favourite?: boolean }>({ key: `favourite-${productId}` });
  const saved = root?.user?.favouriteIds.includes(productId) ?? false;
  const pending = fetcher.formData?.get("favourite");
  const on = pending != null ? pending === "1" : saved;
  const label = on ? t("favourites.remove") : t("favourites.add");
  return (
    <fetcher.Form
      method="post"
      action={localePath(lang, "/favourite")}
      className={large ? "favourite-form favourite-form-large" : "favourite-form"}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="favourite" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated && root?.user ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        className={on ? "favourite-button is-on" : "favourite-button"}
        aria-pressed={on}
        aria-label={label}
        title={label}
      >
        <Icon name="star" size={large ? 20 : 18} />
        {large ? <span>{on ? t("favourites.saved") : t("favourites.save")}</span> : null}
      </button>
    </fetcher.Form>
  );
}
