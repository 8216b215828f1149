import path from "node:path";
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { unstable_optimizeDeps: true },
  // The service worker and the build-version files are made from the finished client build.
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const { buildServiceWorker } = await import("./scripts/build/service-worker.ts");
    await buildServiceWorker({ root: viteConfig.root, clientDir: path.join(reactRouterConfig.buildDirectory, "client") });
  },
} satisfies Config;
