/**
 * Vite plugin: Scalar's API reference (the standalone browser bundle of @scalar/api-reference),
 * served from our own origin for `/api-docs` (ADR 024) — never from a CDN. The client build emits
 * it as `assets/vendor/scalar-<content hash>.js` (cached as immutable like every fingerprinted
 * asset; kept out of the service worker's precache, it is 4 MB that only that page needs), and the
 * development server answers the same URL from node_modules. `virtual:scalar-url` exports the URL.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "virtual:scalar-url";

/** The bundle's file: the package's exports hide it, so it is found next to the package's entry. */
function bundlePath(root: string): string {
  const entry = createRequire(path.join(root, "package.json")).resolve("@scalar/api-reference");
  return path.join(path.dirname(entry), "browser", "standalone.js");
}

export function scalarAsset(root = process.cwd()): Plugin {
  let cached: { source: Buffer; fileName: string } | undefined;
  const bundle = () => {
    if (!cached) {
      const source = readFileSync(bundlePath(root));
      cached = { source, fileName: `assets/vendor/scalar-${createHash("sha256").update(source).digest("hex").slice(0, 10)}.js` };
    }
    return cached;
  };
  return {
    name: "postavka:scalar-asset",
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    load(id) {
      return id === `\0${VIRTUAL}` ? `export default ${JSON.stringify(`/${bundle().fileName}`)};` : null;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url !== `/${bundle().fileName}`) return next();
        res.setHeader("content-type", "text/javascript; charset=utf-8");
        res.end(bundle().source);
      });
    },
    generateBundle() {
      // Only the browser's build: the server never serves it from its own output.
      if (this.environment.config.consumer !== "client") return;
      this.emitFile({ type: "asset", fileName: bundle().fileName, source: bundle().source });
    },
  };
}
