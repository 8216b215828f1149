/** `/press_center`: news and articles, newest first, filterable by tag; `page` is guarded. */
import * as storiesApi from "#contract/stories.ts";
import { z } from "zod";
import type { Route } from "./+types/press-center";
import { StoryGrid } from "./components/story-teaser.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageTools, requirePageInRange } from "#app/lib/page-loader.server.ts";
import { pageParam } from "#app/lib/query-schema.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { guards } from "#app/middleware/registry.ts";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export const middleware = guards(
  "check-query-params-page",
  ["check-query-params", { page: pageParam, tag: z.string().regex(/^[a-z0-9-]{1,60}$/) }],
  "reset-page",
);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, t, url, lang } = pageTools({ context, request });
  const tag = url.searchParams.get("tag") ?? undefined;
  const [stories, tags] = await Promise.all([
    api.send(storiesApi.listStories, { query: { lang, tag, page: url.searchParams.get("page") ?? undefined, perPage: 12 } }),
    api.send(storiesApi.listTags, { query: { lang } }).then((r) => r.data),
  ]);
  const meta = stories.meta;
  requirePageInRange(request, meta);
  const currentTag = tags.find((x) => x.slug === tag);
  if (tag && !currentTag) pageNotFound(request);
  return {
    stories: stories.data,
    tags,
    tag: currentTag ?? null,
    meta,
    seo: { title: currentTag ? `${t("press.title")}: ${currentTag.name.text}` : t("press.title"), description: t("press.description") },
  };
}

export default function PressCenter({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="page">
      <PageHeader title={loaderData.seo.title} lead={t("press.description")}>
        <ul className="chips">
          <li>
            <LocaleLink to="/press_center" className={loaderData.tag ? "chip chip-light" : "chip chip-active"}>
              {t("press.all")}
            </LocaleLink>
          </li>
          {loaderData.tags.map((tag) => (
            <li key={tag.slug}>
              <LocaleLink
                to={`/press_center?tag=${tag.slug}`}
                className={loaderData.tag?.slug === tag.slug ? "chip chip-active" : "chip chip-light"}
              >
                {tag.name.text} <span className="muted">{tag.storyCount}</span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      </PageHeader>
      {loaderData.stories.length === 0 ? <p className="empty">{t("press.none")}</p> : null}
      <StoryGrid stories={loaderData.stories} />
      <Pagination page={loaderData.meta.page} pages={loaderData.meta.pages} />
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
