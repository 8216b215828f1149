/**
 * The chunk-load guard's browser side (spec §8). scripts/build/chunk-reload-guard.ts makes React
 * Router call `window.__postavkaChunkError(error)` when a route module fails to load. During a
 * navigation this reloads once (app/lib/reload-guard.ts), into the page the user was opening; within
 * 10 s of the last such reload it does not reload again and answers with a stand-in route module
 * whose page explains the failure (inside the normal layout). A failure while only prefetching (a
 * hovered link) never reloads: the click that may follow is handled then.
 */
import type { ComponentType } from "react";
import type { ClientInstrumentation } from "react-router";
import { CHUNK_RELOAD_KEY, reloadOnce } from "../reload-guard.ts";

type StandInModule = { default: ComponentType };

declare global {
  interface Window {
    __postavkaChunkError?: (error: unknown) => StandInModule | undefined;
  }
}

let pendingPath: string | null = null;

/**
 * Router instrumentation (passed to HydratedRouter) noting where a navigation is heading, before the
 * router loads the target route's code: a failed chunk then reloads into the page the user chose.
 */
export const navigationTarget: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(navigate, info) {
        pendingPath = typeof info.to === "string" ? info.to : null;
        try {
          await navigate();
        } finally {
          pendingPath = null;
        }
      },
    });
  },
};

/** Installs the guard; `Failed` is the page shown instead of a route whose code did not load. */
export function installChunkErrorGuard(Failed: ComponentType): void {
  const standIn: StandInModule = { default: Failed };
  window.__postavkaChunkError = (error: unknown) => {
    console.warn("Route code failed to load", error);
    const target = pendingPath;
    if (!target) return standIn;
    const reloading = reloadOnce({
      storage: sessionStorage,
      key: CHUNK_RELOAD_KEY,
      now: Date.now(),
      reload: () => window.location.assign(target),
    });
    return reloading ? undefined : standIn;
  };
}
