/**
 * The favourite star of product cards and the product page (spec §4), an island (ADR 035).
 *
 * A form posting to `/{lang}/favourite` (app/routes/resources/favourite.ts): without JavaScript, or for a
 * visitor who is not signed in (sent to sign in and back), the browser submits it. Hydrated and
 * signed in, the star changes at once (optimistic), the form is sent with `fetch` (`js=1`, answered
 * with `{ id, favourite }`), and a `postavka:favourite` event `{ productId, on }` tells the rest of the
 * page: the other stars of the same product and the header's count (app/islands/boot.ts); once the
 * server has stored it, `postavka:favourite-saved` makes the hydrated areas' root route revalidate. A failed request puts the star back.
 */
import { useEffect, useState, type FormEvent } from "react";
import { Icon } from "../components/icon.tsx";
import { showToast } from "../lib/pwa/toast.ts";
import { FAVOURITE_EVENT, FAVOURITE_SAVED_EVENT, type FavouriteEventDetail } from "./names.ts";
import { islandT, type IslandTexts } from "./texts.ts";

export interface FavouriteProps {
  productId: number;
  /** Saved as a favourite when the page was rendered. */
  on: boolean;
  large?: boolean;
  /** `/{lang}/favourite`. */
  action: string;
  /** Where the no-JavaScript post returns: this page's path and query. */
  redirectTo: string;
  signedIn: boolean;
}

export default function FavouriteStar({
  productId,
  on: initial,
  large = false,
  action,
  redirectTo,
  signedIn,
  texts,
}: FavouriteProps & { texts: IslandTexts }) {
  const t = islandT(texts);
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<FavouriteEventDetail>).detail;
      if (detail.productId === productId) setOn(detail.on);
    };
    window.addEventListener(FAVOURITE_EVENT, onChange);
    return () => window.removeEventListener(FAVOURITE_EVENT, onChange);
  }, [productId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!signedIn) return;
    event.preventDefault();
    if (busy) return;
    const next = !on;
    const body = new FormData(event.currentTarget);
    body.set("js", "1");
    const announce = (value: boolean) =>
      window.dispatchEvent(new CustomEvent<FavouriteEventDetail>(FAVOURITE_EVENT, { detail: { productId, on: value } }));
    setBusy(true);
    announce(next);
    fetch(action, { method: "POST", body, credentials: "same-origin", headers: { accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`favourite: HTTP ${response.status}`);
        window.dispatchEvent(new CustomEvent<FavouriteEventDetail>(FAVOURITE_SAVED_EVENT, { detail: { productId, on: next } }));
      })
      .catch((error: unknown) => {
        console.warn(error);
        announce(!next);
        showToast({ message: t("favourites.failed"), tone: "error" });
      })
      .finally(() => setBusy(false));
  };

  const label = on ? t("favourites.remove") : t("favourites.add");
  return (
    <form method="post" action={action} className={large ? "favourite-form favourite-form-large" : "favourite-form"} onSubmit={submit}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="favourite" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
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
    </form>
  );
}
