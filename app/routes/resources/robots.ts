/** `/robots.txt`: everything public may be crawled; private areas and API calls may not. */
import type { Route } from "./+types/robots";
import { servicesContext } from "#app/context.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  const origin = context.get(servicesContext).publicUrl ?? new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /app/",
    "Disallow: /dev/",
    "Disallow: /profile",
    "Disallow: /*/profile",
    "Disallow: /admin",
    "Disallow: /*/admin",
    "Disallow: /_locale",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
