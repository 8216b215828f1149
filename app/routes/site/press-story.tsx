/** `/press_center/{id}`: one story, its Markdown body rendered without raw HTML. */
import * as storiesApi from "#contract/stories.ts";
import { SaveForOffline } from "#app/components/pwa/save-offline.tsx";
import type { Route } from "./+types/press-story";
import { formatDate } from "#app/components/catalog/format.ts";
import { Text, TextParagraph } from "#app/components/catalog/text.tsx";
import { JsonLd } from "./components/structured.tsx";
import { apiContext } from "#app/context.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { renderMarkdown } from "#app/lib/markdown.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Breadcrumbs } from "./components/breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { StoryTags } from "./components/story-teaser.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = pageLang(request);
  const story = await orNotFound(
    request,
    context
      .get(apiContext)
      .send(storiesApi.getStory, { params: { id: params.id }, query: { lang } })
      .then((r) => r.data),
  );
  return {
    story,
    html: story.body ? renderMarkdown(story.body.text) : "",
    seo: { title: story.title.text, description: story.lead?.text.slice(0, 250) },
  };
}

export default function PressStory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { story } = loaderData;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: story.title.text,
    datePublished: story.publishedAt,
    image: story.cover ? [story.cover.url] : undefined,
    inLanguage: story.title.lang,
  };
  return (
    <main id="main" className="page page-narrow">
      <JsonLd data={jsonLd} />
      <Breadcrumbs items={[{ to: "/press_center", label: t("press.title") }]} />
      <article className="story">
        <p className="muted story-meta">
          {formatDate(story.publishedAt, lang)} <SaveForOffline />
        </p>
        <h1>
          <Text value={story.title} />
        </h1>
        <TextParagraph value={story.lead} className="page-lead" />
        {story.cover ? (
          <img
            className="story-cover"
            src={story.cover.url}
            alt=""
            width={story.cover.width ?? undefined}
            height={story.cover.height ?? undefined}
          />
        ) : null}
        {/* oxlint-disable-next-line react/no-danger -- renderMarkdown output: markdown-it with raw HTML off (markdown.server.ts) */}
        <div className="story-body" lang={story.body?.lang} dangerouslySetInnerHTML={{ __html: loaderData.html }} />
        <StoryTags tags={story.tags} />
      </article>
    </main>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
