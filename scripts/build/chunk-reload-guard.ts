/**
 * Vite plugin: routes React Router's "route module failed to load → reload" through our guard.
 *
 * React Router 8 (`lib/dom/ssr/routeModules.js`, `loadRouteModule`) calls `window.location.reload()`
 * whenever a route chunk's `import()` fails, with no limit: a chunk that stays unreachable reloads
 * on every navigation. The spec (§8) wants one reload guarded by a 10 s window in sessionStorage.
 * `Location.reload` cannot be replaced at run time (the property is unforgeable), so this plugin
 * rewrites that one call, in the client build only, to ask `window.__postavkaChunkError(error)`
 * (installed by app/entry.client.tsx, app/lib/pwa/chunk-errors.ts). It answers undefined while it
 * reloads (React Router then waits forever, as it does for its own reload), or a stand-in route module
 * that explains the failure: a thrown error here would leave the page blank (React Router 8 renders
 * no error boundary for a failed lazy route).
 *
 * The build fails if the pattern is no longer found, so a React Router upgrade cannot silently drop
 * the guard (see ADR 005).
 */
import type { Plugin } from "vite";

const TARGET = /[\\/]react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]routeModules\.js$/;
const CALL = "window.location.reload();";
const GUARDED =
  'const standIn = typeof window.__postavkaChunkError === "function" ? window.__postavkaChunkError(error) : void window.location.reload(); if (standIn) return standIn;';

export function chunkReloadGuard(): Plugin {
  let patched = false;
  return {
    name: "postavka:chunk-reload-guard",
    apply: "build",
    transform(code, id) {
      if (this.environment?.name !== "client" || !TARGET.test(id)) return null;
      if (!code.includes(CALL)) this.error(`chunk-reload-guard: "${CALL}" not found in ${id}; re-check React Router's loadRouteModule`);
      patched = true;
      return { code: code.replace(CALL, GUARDED), map: null };
    },
    buildEnd() {
      if (this.environment?.name === "client" && !patched) this.error("chunk-reload-guard: React Router's routeModules.js was not bundled; the guard is missing");
    },
  };
}
