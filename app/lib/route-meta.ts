/** Builds a route's `meta` from its loader's `seo` and the root loader's origin, language and app name. */
import type { MetaDescriptor } from "react-router";
import type { RootData } from "../root.tsx";
import { seoMeta } from "./seo.ts";

export interface Seo {
  title: string;
  description?: string;
  /** Query string kept in the canonical URL (e.g. "?page=2"); default none. */
  canonicalSearch?: string;
}

type MetaArgs = {
  loaderData?: unknown;
  location: { pathname: string };
  matches: ({ id: string; loaderData?: unknown } | undefined)[];
};

export function routeMeta({ loaderData, location, matches }: MetaArgs): MetaDescriptor[] {
  const rootMatch = matches.find((m) => m?.id === "root");
  const root = rootMatch?.loaderData as RootData | undefined;
  const seo = (loaderData as { seo?: Seo } | undefined)?.seo;
  if (!root || !seo) return [];
  return seoMeta({
    title: seo.title,
    description: seo.description,
    appName: root.appName,
    origin: root.origin,
    pathname: location.pathname,
    search: seo.canonicalSearch,
    lang: root.lang,
  });
}
