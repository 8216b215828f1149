/** Press-centre stories in a list (`StoryGrid`), each with cover, date, title, lead and tags. */
import type { StoryCard } from "#contract/stories.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { formatDate } from "#app/components/catalog/format.ts";
import { Text, TextParagraph } from "#app/components/catalog/text.tsx";

export function StoryTeaser({ story }: { story: StoryCard }) {
  const lang = useLang();
  return (
    <article className="story-card card">
      {story.cover ? (
        <img src={story.cover.url} alt="" width={story.cover.width ?? undefined} height={story.cover.height ?? undefined} loading="lazy" />
      ) : null}
      <div>
        <p className="muted">{formatDate(story.publishedAt, lang)}</p>
        <h2>
          <LocaleLink to={`/press_center/${story.slug}`}>
            <Text value={story.title} />
          </LocaleLink>
        </h2>
        <TextParagraph value={story.lead} className="clamp-3" />
        <StoryTags tags={story.tags} />
      </div>
    </article>
  );
}

/** A story's tags, each a link to the press centre filtered by it. */
export function StoryTags({ tags }: { tags: StoryCard["tags"] }) {
  return (
    <p className="tag-line">
      {tags.map((tag) => (
        <LocaleLink key={tag.slug} to={`/press_center?tag=${tag.slug}`} className="badge">
          {tag.name.text}
        </LocaleLink>
      ))}
    </p>
  );
}

export function StoryGrid({ stories }: { stories: StoryCard[] }) {
  return (
    <ul className="story-grid">
      {stories.map((story) => (
        <li key={story.id}>
          <StoryTeaser story={story} />
        </li>
      ))}
    </ul>
  );
}
