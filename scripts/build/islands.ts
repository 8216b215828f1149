/**
 * Builds the runtime of public documents (ADR 035) after `react-router build`, before the service
 * worker (so its chunks are precached): app/islands/boot.ts and, as lazily imported chunks, each
 * island and React with react-dom's client. A build of its own, not part of React Router's client
 * build, so that the boot module shares no chunk with the router (the framework chunk holds React
 * Router and i18next; an island needs neither).
 *
 * Output: `build/client/assets/islands/*.js` (fingerprinted, served immutable) and
 * `build/client/islands.json` `{ boot, buildId }` that the server reads at start
 * (server/http.ts `readIslandsBuild`). Throws (failing the build) when Vite does.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Rollup } from "vite";
import type { IslandsBuild } from "#contract/web-services.ts";
import { readBuildId } from "./service-worker.ts";

export async function buildIslands({ root, clientDir }: { root: string; clientDir: string }): Promise<IslandsBuild> {
  const result = await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    oxc: { jsx: { runtime: "automatic", development: false } },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      target: "es2022",
      minify: true,
      sourcemap: false,
      assetsInlineLimit: 0,
      // Islands load after the page is shown: no preload polyfill, no CSS (the page has its styles).
      modulePreload: { polyfill: false },
      cssCodeSplit: false,
      rolldownOptions: {
        input: { boot: path.join(root, "app/islands/boot.ts") },
        output: {
          entryFileNames: "assets/islands/[name]-[hash].js",
          chunkFileNames: "assets/islands/[name]-[hash].js",
          assetFileNames: "assets/[name]-[hash][extname]",
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const entry = outputs.flatMap((output) => output.output).find((chunk) => chunk.type === "chunk" && chunk.isEntry);
  if (!entry) throw new Error("islands: the build produced no boot module");
  const info: IslandsBuild = { boot: `/${entry.fileName}`, buildId: readBuildId(clientDir) };
  writeFileSync(path.join(clientDir, "islands.json"), JSON.stringify(info));
  console.log(`islands: ${info.boot}`);
  return info;
}
