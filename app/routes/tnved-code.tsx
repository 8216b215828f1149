import type { Route } from "./+types/tnved-code";
import { ClassifierCode } from "../components/classifier/classifier-code.tsx";
import { loadClassifierCode } from "../lib/classifier-loaders.server.ts";
import { routeMeta } from "../lib/route-meta.ts";

export const loader = (args: Route.LoaderArgs) => loadClassifierCode(args, "tnved");

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ClassifierCode
      classifier={loaderData.classifier}
      node={loaderData.node}
      products={loaderData.products}
      suppliers={loaderData.suppliers}
    />
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
