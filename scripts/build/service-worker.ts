/**
 * Runs after `react-router build` (the `buildEnd` hook in react-router.config.ts, so `npm run build`,
 * `npm run demo` and `npm test` all get it):
 *
 * 1. bundles app/sw/service-worker.ts (Workbox modules included) into one classic script with Vite;
 * 2. injects the precache list with workbox-build's injectManifest into `build/client/sw.js`:
 *    the fingerprinted assets (their names are their revisions), icons, and the offline page of each
 *    language (revision: the build id, so a new build refreshes them). Only `build/client` is
 *    precached (STACK-NOTES: Workbox trap); pages go through the worker's network-first route;
 * 3. writes the build-version files the client polls (ADR 005): `build/client/builds/latest.json`
 *    `{ id, timestamp }` and `build/client/builds/meta/{id}.json` (the same object). The id is React
 *    Router's manifest version, which the page knows as `window.__reactRouterManifest.version`.
 *
 * Throws (failing the build) when the manifest version cannot be found or Workbox reports an error.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { injectManifest } from "workbox-build";
import { offlinePaths } from "#app/lib/pwa/cache-rules.ts";

export interface BuildInfo {
  id: string;
  /** Build time, ms since the epoch. */
  timestamp: number;
}

/** React Router's manifest version, from the `assets/manifest-<version>.js` that sets `window.__reactRouterManifest`. */
export function readBuildId(clientDir: string): string {
  const assets = path.join(clientDir, "assets");
  for (const name of readdirSync(assets).filter((n) => /^manifest-[\w-]+\.js$/.test(n))) {
    const source = readFileSync(path.join(assets, name), "utf8");
    const version = source.startsWith("window.__reactRouterManifest=") ? /"version":"([^"]+)"/.exec(source)?.[1] : undefined;
    if (version) return version;
  }
  throw new Error(`service worker: no React Router manifest version in ${assets}`);
}

export async function buildServiceWorker({ root, clientDir }: { root: string; clientDir: string }): Promise<BuildInfo> {
  const info: BuildInfo = { id: readBuildId(clientDir), timestamp: Date.now() };
  const builds = path.join(clientDir, "builds");
  mkdirSync(path.join(builds, "meta"), { recursive: true });
  writeFileSync(path.join(builds, "latest.json"), JSON.stringify(info));
  writeFileSync(path.join(builds, "meta", `${info.id}.json`), JSON.stringify(info));

  const tmp = mkdtempSync(path.join(os.tmpdir(), "postavka-sw-"));
  try {
    await build({
      configFile: false,
      root,
      logLevel: "warn",
      publicDir: false,
      // Workbox drops its development logging behind this check.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: tmp,
        emptyOutDir: true,
        target: "es2022",
        minify: true,
        sourcemap: false,
        lib: { entry: path.join(root, "app/sw/service-worker.ts"), formats: ["iife"], name: "postavkaServiceWorker", fileName: () => "sw.js" },
      },
    });
    const result = await injectManifest({
      swSrc: path.join(tmp, "sw.js"),
      swDest: path.join(clientDir, "sw.js"),
      globDirectory: clientDir,
      globPatterns: ["assets/**/*.{js,css,svg}", "icons/*.png", "favicon.svg"],
      // Third-party bundles of single pages (Scalar's 4 MB API reference): fetched by that page only.
      globIgnores: ["assets/vendor/**"],
      // Fingerprinted file names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      additionalManifestEntries: offlinePaths().map((url) => ({ url, revision: info.id })),
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    });
    for (const warning of result.warnings) console.warn(`service worker: ${warning}`);
    console.log(`service worker: build/client/sw.js, ${result.count} precached files (${(result.size / 1024).toFixed(0)} KiB), build ${info.id}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return info;
}
