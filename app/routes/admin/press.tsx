/** `/admin/press`: press-centre stories, drafts included, newest first; search and status filter (issue 7). */
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/press";
import { AdminHeader, AdminResults, formatDateTime, nameIn, StatusBadge } from "./components/ui.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as storiesApi from "#contract/admin/stories.ts";
import * as tagsApi from "#contract/admin/tags.ts";
import { adminMeta } from "./lib/meta.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { AdminTable, translatedInto } from "./components/table.tsx";
import { ChoiceFilter } from "./components/filter-parts.tsx";

const Query = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(storiesApi.STORY_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  const query = Query.parse(Object.fromEntries(documentUrl(request).searchParams));
  const api = context.get(apiContext);
  const [result, tagList] = await Promise.all([
    api.send(storiesApi.listStories, { query: { ...query, limit: 20 } }),
    api.send(tagsApi.listTags),
  ]);
  return { stories: result.data, meta: result.meta, tags: tagList.data, query, title: getInstance(context).t("admin.nav.press") };
}

export default function AdminPress({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { stories, meta, query, tags } = loaderData;
  const tagName = new Map(tags.map((tag) => [tag.id, nameIn(tag.name, lang)]));
  return (
    <>
      <AdminHeader
        title={t("admin.nav.press")}
        lead={t("admin.press.listLead")}
        create={{ to: "/admin/press/new", label: t("admin.press.new") }}
      />
      <Form method="get" className="inline-filters">
        <label className="field">
          <span>{t("admin.filters.q")}</span>
          <input type="search" name="q" defaultValue={query.q ?? ""} />
        </label>
        <ChoiceFilter
          name="status"
          label={t("admin.fields.status")}
          value={query.status}
          values={storiesApi.STORY_STATUSES}
          prefix="admin.status."
        />
        <button type="submit" className="button">
          {t("admin.filters.apply")}
        </button>
      </Form>
      <AdminResults items={stories} empty={t("admin.filters.nothing")} meta={meta}>
        <AdminTable
          rows={stories}
          rowKey={(story) => story.id}
          columns={[
            {
              title: t("admin.fields.title"),
              cell: (story) => <LocaleLink to={`/admin/press/${story.id}`}>{nameIn(story.title, lang) || story.slug}</LocaleLink>,
            },
            {
              title: t("admin.fields.status"),
              cell: (story) => (
                <>
                  <StatusBadge status={story.status} />
                  {story.status === "published" && story.publishedAt && new Date(story.publishedAt) > new Date() ? (
                    <span className="badge badge-warn">{t("admin.press.scheduled")}</span>
                  ) : null}
                </>
              ),
            },
            { title: t("admin.sorts.publishedAt"), className: "nowrap", cell: (story) => formatDateTime(story.publishedAt, lang) },
            {
              title: t("admin.nav.tags"),
              cell: (story) =>
                story.tagIds
                  .map((id) => tagName.get(id))
                  .filter(Boolean)
                  .join(", ") || "—",
            },
            { title: t("admin.fields.translations"), cell: (story) => translatedInto(story.title) },
          ]}
        />
      </AdminResults>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
