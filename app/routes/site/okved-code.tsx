/**
 * `/okved/:code`: one OKVED2 code with its path, children, and the suppliers and products filed under
 * it. A code typed in another spelling redirects to its canonical URL; an unknown one is a 404
 * (app/lib/classifier-loaders.server.ts).
 */
import type { Route } from "./+types/okved-code";
import { ClassifierCodePage } from "./components/classifier-code.tsx";
import { loadClassifierCode } from "#app/lib/classifier-loaders.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const loader = (args: Route.LoaderArgs) => loadClassifierCode(args, "okved");

export default ClassifierCodePage;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
