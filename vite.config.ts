import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { chunkReloadGuard } from "./scripts/build/chunk-reload-guard.ts";
import { localeParts } from "./scripts/build/locale-parts.ts";
import { scalarAsset } from "./scripts/build/scalar-asset.ts";

// Every page loads the framework and the app shell (root, layouts, header, client platform). Kept
// as two chunks instead of ~15 small ones: over HTTP/1.1 (6 connections) each extra request on a
// first visit costs a round trip (Lighthouse's mobile FCP). Lazily loaded libraries stay separate.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|cookie|set-cookie-parser)[\\/]/;
const SHELL =
  /[\\/]app[\\/](components[\\/](site-chrome|icon|locale-link|hint|error-page|pwa[\\/][^\\/]+)|lib[\\/](i18n|locale-areas|locale-loaders|use-lang|use-hydrated|flash|hints|navigation-safety|reload-guard|relative-time|viewport|route-meta|seo|icon-names|pwa[\\/][^\\/]+))\.tsx?$/;

export default defineConfig({
  plugins: [reactRouter(), chunkReloadGuard(), localeParts(), scalarAsset()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 2 },
            { name: "shell", test: SHELL, priority: 1 },
          ],
        },
      },
    },
  },
  server: { hmr: true },
});
