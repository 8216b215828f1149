/**
 * `/tnved?q=&page=`: the TN VED EAEU classifier (customs goods codes, provisional 2017 codes marked as
 * such) as a tree with a search by code prefix or words in three languages (ADR 003); the same page as
 * `/okved` over the other classifier (app/routes/site/components/classifier-index.tsx).
 */
import type { Route } from "./+types/tnved";
import { ClassifierIndex } from "./components/classifier-index.tsx";
import { classifierIndexQuery, loadClassifierIndex } from "#app/lib/classifier-loaders.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { guards } from "#app/middleware/registry.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(["check-query-params", classifierIndexQuery], "reset-page");

export const loader = (args: Route.LoaderArgs) => loadClassifierIndex(args, "tnved");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ClassifierIndex data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
