/**
 * Address suggestions for the company form (DESIGN §7): a search box under the address that asks the
 * DaData-compatible provider through the route's action (POST /dev/address, called server-side so
 * the token never reaches the browser) and offers the matching addresses.
 *
 * - Without JavaScript: "Find address" submits the whole form (`intent=findAddress`, nothing saved,
 *   every typed value kept) and the page comes back with the choices as buttons (`addressPick` =
 *   the choice as JSON); pressing one returns the form with the address, city and coordinates filled.
 * - With JavaScript: the choices appear under the box as you type (a fetcher, debounced, stale answers
 *   ignored) and a click fills the fields in place (`onPick`).
 * Without a configured provider the answer says so and, with JavaScript, the box hides itself.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AddressSuggestion } from "#contract/suggestions.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useT } from "#app/lib/use-t.ts";

/** The action's answer to a search. */
export interface AddressLookup {
  q: string;
  status: "ok" | "unconfigured" | "unavailable";
  items: AddressSuggestion[];
}

/** What a chosen suggestion sets on the form. */
export interface AddressChoice {
  value: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

export function addressChoiceOf(s: AddressSuggestion): AddressChoice {
  return { value: s.value, city: s.city, latitude: s.latitude, longitude: s.longitude };
}

const DEBOUNCE_MS = 300;

export function AddressFinder({
  lookup,
  onPick,
  defaultQuery = "",
}: {
  lookup: AddressLookup | null;
  onPick: (choice: AddressChoice) => void;
  defaultQuery?: string;
}) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ address?: AddressLookup }>();
  const [q, setQ] = useState(lookup?.q ?? defaultQuery);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const live = fetcher.data?.address;
  // Only the answer to what the box says now counts (a slower, older answer is ignored).
  const shown = hydrated ? (live && live.q === q.trim() ? live : null) : lookup;
  if (hydrated && live?.status === "unconfigured") return null;

  const search = (text: string) => {
    clearTimeout(timer.current);
    const query = text.trim();
    if (query.length < 3) return;
    timer.current = setTimeout(() => {
      void fetcher.submit({ intent: "suggestAddress", addressQuery: query }, { method: "post" });
      setOpen(true);
    }, DEBOUNCE_MS);
  };

  return (
    <div className="field address-finder">
      <label htmlFor={`${id}-q`}>{t("profileCompany.address.find")}</label>
      <div className="field-row">
        <input
          id={`${id}-q`}
          type="search"
          name="addressQuery"
          value={q}
          autoComplete="off"
          maxLength={300}
          placeholder={t("profileCompany.address.placeholder")}
          aria-describedby={`${id}-hint`}
          aria-controls={`${id}-list`}
          onChange={(event) => {
            setQ(event.currentTarget.value);
            if (hydrated) search(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            // Enter searches; it must not save the whole form.
            if (event.key === "Enter" && hydrated) {
              event.preventDefault();
              search(q);
            }
          }}
        />
        <button
          type="submit"
          name="intent"
          value="findAddress"
          formNoValidate
          className="button button-secondary"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            search(q);
          }}
        >
          {t("profileCompany.address.findButton")}
        </button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t("profileCompany.address.hint")}
      </p>
      {shown && (!hydrated || open) ? (
        shown.status !== "ok" ? (
          <p className="lookup-notice lookup-none" role="status">
            {t(`profileCompany.address.${shown.status}`)}
          </p>
        ) : shown.items.length === 0 ? (
          <p className="muted small" role="status">
            {t("profileCompany.address.nothing", { q: shown.q })}
          </p>
        ) : (
          <ul id={`${id}-list`} className="address-suggestions" aria-label={t("profileCompany.address.choices")}>
            {shown.items.map((item) => (
              <li key={`${item.fiasId ?? ""}${item.value}`}>
                {hydrated ? (
                  <button
                    type="button"
                    className="address-suggestion"
                    onClick={() => {
                      onPick(addressChoiceOf(item));
                      setQ("");
                      setOpen(false);
                    }}
                  >
                    {item.value}
                  </button>
                ) : (
                  <button
                    type="submit"
                    name="addressPick"
                    value={JSON.stringify(addressChoiceOf(item))}
                    formNoValidate
                    className="address-suggestion"
                  >
                    {item.value}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
