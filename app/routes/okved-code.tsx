import type { Route } from "./+types/okved-code";
import { ClassifierCodePage } from "../components/classifier/classifier-code.tsx";
import { loadClassifierCode } from "../lib/classifier-loaders.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { documentHandle } from "../lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const loader = (args: Route.LoaderArgs) => loadClassifierCode(args, "okved");

export default ClassifierCodePage;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
