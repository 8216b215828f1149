/**
 * `/okved?q=&page=`: the OKVED2 classifier (economic activities) as a tree of its sections with a search
 * by code prefix or words in three languages (ADR 003); query parameters are checked by the
 * `check-query-params` guard. The page and its data: app/routes/site/components/classifier-index.tsx,
 * app/lib/classifier-loaders.server.ts.
 */
import type { Route } from "./+types/okved";
import { ClassifierIndex } from "./components/classifier-index.tsx";
import { classifierIndexQuery, loadClassifierIndex } from "#app/lib/classifier-loaders.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { guards } from "#app/middleware/registry.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(["check-query-params", classifierIndexQuery], "reset-page");

export const loader = (args: Route.LoaderArgs) => loadClassifierIndex(args, "okved");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ClassifierIndex data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
