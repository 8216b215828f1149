import type { Route } from "./+types/tnved";
import { ClassifierIndex } from "../components/classifier/classifier-index.tsx";
import { classifierIndexQuery, loadClassifierIndex } from "../lib/classifier-loaders.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { guards } from "../middleware/registry.ts";
import { documentHandle } from "../lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(["check-query-params", classifierIndexQuery], "reset-page");

export const loader = (args: Route.LoaderArgs) => loadClassifierIndex(args, "tnved");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ClassifierIndex data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
