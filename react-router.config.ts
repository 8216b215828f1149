import path from "node:path";
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { unstable_optimizeDeps: true },
  // The public documents' island runtime (ADR 035), the service worker and the build-version files
  // are made from the finished client build; then every text file gets its brotli and gzip copies.
  // Last, the server's own TypeScript is compiled to build/node (ADR 078).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const { buildIslands } = await import("./scripts/build/islands.ts");
    const { buildServiceWorker } = await import("./scripts/build/service-worker.ts");
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    await buildIslands({ root: viteConfig.root, clientDir });
    await buildServiceWorker({ root: viteConfig.root, clientDir });
    const { precompress } = await import("./scripts/build/precompress.ts");
    const compressed = await precompress(clientDir);
    console.log(
      `precompressed: ${compressed.files} files, ${(compressed.bytes / 1024).toFixed(0)} KiB → ${(compressed.brotliBytes / 1024).toFixed(0)} KiB brotli`,
    );
    const { buildServer } = await import("./scripts/build/server.ts");
    const server = await buildServer({ root: viteConfig.root });
    console.log(`server compiled to build/node: ${server.files} files, ${(server.bytes / 1048576).toFixed(1)} MB`);
  },
} satisfies Config;
