/** `/{lang}/liaozhong` (spec §2): a content page on the default layout, written in the admin area (issue 7; app/routes/site/components/content-page.tsx). */
import type { Route } from "./+types/liaozhong";
import { ContentPage } from "./components/content-page.tsx";
import { loadContentPage } from "./lib/content-page.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import pageStyles from "./content-page.css?url";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, "liaozhong");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} html={loaderData.html} />;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = (args) => routeMeta(args);
