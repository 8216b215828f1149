import path from "node:path";
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { unstable_optimizeDeps: true },
  // The public documents' island runtime (ADR 035), the service worker and the build-version files
  // are made from the finished client build; then every text file gets its brotli and gzip copies.
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
  },
} satisfies Config;
