/**
 * The island runtime of public documents (ADR 035), browser only: finds the `<postavka-island>`
 * elements that app/islands/island.tsx rendered and hydrates each one as its own React root when its
 * `data-load` strategy says so. React and each island's code are separate chunks, fetched only then:
 * a page whose islands never wake loads no React at all.
 *
 * A chunk that fails to load (a deploy replaced it, the network dropped) reloads the page once per
 * 10 s (spec §8, app/lib/reload-guard.ts); within that window the server's HTML stays, which works
 * as it does without JavaScript.
 */
import type { ComponentType } from "react";
import { idle } from "../lib/pwa/app-updates.ts";
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnce } from "../lib/reload-guard.ts";
import { ISLAND_TAG, type IslandLoad, type IslandName } from "./names.ts";
import type { IslandTexts } from "./texts.ts";

type IslandModule = { default: unknown };

const MODULES: Record<IslandName, () => Promise<IslandModule>> = {
  favourite: () => import("./favourite.tsx"),
  "save-offline": () => import("./save-offline.tsx"),
  toaster: () => import("./toaster.tsx"),
  "offline-marker": () => import("./offline-marker.tsx"),
  "yandex-map": () => import("./yandex-map.tsx"),
  "offline-pages": () => import("./offline-pages.tsx"),
};

const INTERACTIONS = ["pointerover", "touchstart", "focusin"] as const;

let texts: Partial<IslandTexts> = {};
const hydrations = new WeakMap<Element, Promise<void>>();
const scheduled = new WeakSet<Element>();
let observer: IntersectionObserver | undefined;

/** The page's island strings (from its page data), passed to every island as `texts`. */
export function setIslandTexts(value: Partial<IslandTexts>): void {
  texts = value;
}

function failed(element: HTMLElement, error: unknown): void {
  element.dataset.islandState = "failed";
  if (isChunkLoadError(error)) {
    const reloading = reloadOnce({
      storage: sessionStorage,
      key: CHUNK_RELOAD_KEY,
      now: Date.now(),
      reload: () => window.location.reload(),
    });
    if (reloading) return;
  }
  console.warn(`Island "${element.dataset.island}" did not start`, error);
}

/** Hydrates one island (once; later calls get the same promise). Never rejects. */
export function hydrateIsland(element: HTMLElement): Promise<void> {
  const running = hydrations.get(element);
  if (running) return running;
  const name = element.dataset.island as IslandName;
  const load = MODULES[name];
  const started = load
    ? Promise.all([load(), import("react"), import("react-dom/client")])
        .then(([{ default: Component }, { createElement }, { hydrateRoot }]) => {
          const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
          hydrateRoot(element, createElement(Component as ComponentType<Record<string, unknown>>, { ...props, texts }));
          element.dataset.islandState = "hydrated";
        })
        .catch((error: unknown) => failed(element, error))
    : Promise.resolve();
  hydrations.set(element, started);
  return started;
}

function islands(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(ISLAND_TAG)];
}

function whenVisible(element: HTMLElement): void {
  // The island element is `display: contents` (no box of its own): watch what it rendered.
  const target = element.firstElementChild;
  if (!target || !("IntersectionObserver" in window)) return idle(() => void hydrateIsland(element));
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      const island = entry.target.closest<HTMLElement>(ISLAND_TAG);
      if (island) idle(() => void hydrateIsland(island));
    }
  });
  observer.observe(target);
}

function onFirstInteraction(element: HTMLElement): void {
  const wake = () => {
    for (const type of INTERACTIONS) element.removeEventListener(type, wake);
    void hydrateIsland(element);
  };
  for (const type of INTERACTIONS) element.addEventListener(type, wake, { passive: true });
}

/** Schedules every island under `root` not scheduled yet (a live search brings new ones). */
export function scanIslands(root: ParentNode = document): void {
  for (const element of islands(root)) {
    if (scheduled.has(element)) continue;
    scheduled.add(element);
    const strategy = element.dataset.load as IslandLoad;
    if (strategy === "load") void hydrateIsland(element);
    else if (strategy === "idle") idle(() => void hydrateIsland(element));
    else if (strategy === "visible") whenVisible(element);
    else if (strategy === "interaction") onFirstInteraction(element);
  }
}

/** Hydrates the islands of one kind now (the toaster on its first toast, the saved-copy marker). */
export function hydrateNamed(name: IslandName): Promise<void> {
  return Promise.all(
    islands()
      .filter((element) => element.dataset.island === name)
      .map(hydrateIsland),
  ).then(() => undefined);
}

/** Hydrates every island on the page, whatever its strategy (measurements, tests). */
export function hydrateAll(): Promise<void> {
  return Promise.all(islands().map(hydrateIsland)).then(() => undefined);
}
