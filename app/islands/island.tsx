/**
 * `<Island>`: marks one interactive widget of a server-rendered document (ADR 035). On the server it
 * renders `<postavka-island data-island="name" data-load="…" data-props="{json}">` around the
 * component's own HTML; in the browser app/islands/runtime.ts hydrates that element alone with
 * `hydrateRoot(element, <Component {...props} texts={…} />)` — same props, same strings, so the
 * markup matches. Inside a fully hydrated page (profile, admin, development) the element is part of
 * the router's tree and is hydrated with it; the runtime is not loaded there.
 *
 * Island components must not use router hooks, i18next or `useId` in what they render on the server
 * (each island is its own React root in the browser, so ids would differ): they get everything from
 * props and `texts` (app/islands/texts.ts). Props must be JSON.
 *
 * `load` — when the runtime hydrates it: `load` (at once), `idle` (requestIdleCallback), `visible`
 * (scrolled into view, then idle), `interaction` (first pointer, touch or focus inside it), `demand`
 * (only when the runtime asks: the toaster on its first toast, the offline marker on a cached copy).
 */
import { createContext, createElement, useContext, type ComponentType, type ReactNode } from "react";
import { useT } from "../lib/use-t.ts";
import { ISLAND_TAG, type IslandLoad, type IslandName } from "./names.ts";
import { collectIslandTexts, type IslandTexts } from "./texts.ts";

const TextsContext = createContext<IslandTexts | null>(null);

/** Hands the page's island strings (collected once by the root layout) to every `<Island>` below. */
export function IslandTextsProvider({ texts, children }: { texts: IslandTexts; children: ReactNode }) {
  return createElement(TextsContext.Provider, { value: texts }, children);
}

/** The island strings of the page (from IslandTextsProvider, else collected here). */
export function useIslandTexts(): IslandTexts {
  const provided = useContext(TextsContext);
  const t = useT();
  return provided ?? collectIslandTexts(t);
}

export function Island<P extends object>({
  name,
  load,
  component,
  props,
}: {
  name: IslandName;
  load: IslandLoad;
  component: ComponentType<P & { texts: IslandTexts }>;
  props: P;
}) {
  const texts = useIslandTexts();
  return createElement(
    ISLAND_TAG,
    { "data-island": name, "data-load": load, "data-props": JSON.stringify(props) },
    createElement(component, { ...props, texts }),
  );
}
