import type { Route } from "./+types/okved-code";
import { ClassifierCodePage } from "../components/classifier/classifier-code.tsx";
import { loadClassifierCode } from "../lib/classifier-loaders.server.ts";
import { routeMeta } from "../lib/route-meta.ts";

export const loader = (args: Route.LoaderArgs) => loadClassifierCode(args, "okved");

export default ClassifierCodePage;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
