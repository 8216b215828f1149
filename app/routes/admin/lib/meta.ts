/** `meta` of admin pages: "{title} | {app name}" from the loader's `title`, never indexed. */
import type { MetaDescriptor } from "react-router";

type MetaArgs = { loaderData?: unknown; matches: ({ id: string; loaderData?: unknown } | undefined)[] };

export function adminMeta({ loaderData, matches }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { appName?: string } | undefined;
  const title = (loaderData as { title?: string } | undefined)?.title;
  return [
    { title: title ? `${title} | ${root?.appName ?? "Postavka"}` : (root?.appName ?? "Postavka") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
