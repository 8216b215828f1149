/** `/admin/press`: press-centre stories, drafts included, newest first; search and status filter (issue 7). */
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-press";
import { AdminHeader, formatDateTime, nameIn, Pagination, StatusBadge } from "../components/admin/ui.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { apiContext } from "../context.ts";
import * as storiesApi from "../../contract/admin/stories.ts";
import * as tagsApi from "../../contract/admin/tags.ts";
import { adminMeta } from "../lib/admin-meta.ts";
import { documentUrl } from "../lib/document-url.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { requireStaffData } from "../lib/admin-guard.server.ts";

const Query = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(["draft", "published"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  const query = Query.parse(Object.fromEntries(documentUrl(request).searchParams));
  const api = context.get(apiContext);
  const [result, tagList] = await Promise.all([api.send(storiesApi.listStories, { query: { ...query, limit: 20 } }), api.send(tagsApi.listTags)]);
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
        actions={
          <LocaleLink to="/admin/press/new" className="button button-small">
            {t("admin.press.new")}
          </LocaleLink>
        }
      />
      <Form method="get" className="inline-filters">
        <label className="field">
          <span>{t("admin.filters.q")}</span>
          <input type="search" name="q" defaultValue={query.q ?? ""} />
        </label>
        <label className="field">
          <span>{t("admin.fields.status")}</span>
          <select name="status" defaultValue={query.status ?? ""}>
            <option value="">{t("admin.filters.any")}</option>
            <option value="draft">{t("admin.status.draft")}</option>
            <option value="published">{t("admin.status.published")}</option>
          </select>
        </label>
        <button type="submit" className="button">
          {t("admin.filters.apply")}
        </button>
      </Form>
      {stories.length === 0 ? (
        <p className="admin-empty">{t("admin.filters.nothing")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <thead>
              <tr>
                <th>{t("admin.fields.title")}</th>
                <th>{t("admin.fields.status")}</th>
                <th>{t("admin.sorts.publishedAt")}</th>
                <th>{t("admin.nav.tags")}</th>
                <th>{t("admin.fields.translations")}</th>
              </tr>
            </thead>
            <tbody>
              {stories.map((story) => {
                const scheduled = story.status === "published" && story.publishedAt && new Date(story.publishedAt) > new Date();
                return (
                  <tr key={story.id}>
                    <td data-label={t("admin.fields.title")}>
                      <LocaleLink to={`/admin/press/${story.id}`}>{nameIn(story.title, lang) || story.slug}</LocaleLink>
                    </td>
                    <td data-label={t("admin.fields.status")}>
                      <StatusBadge status={story.status} />
                      {scheduled ? <span className="badge badge-warn">{t("admin.press.scheduled")}</span> : null}
                    </td>
                    <td className="nowrap" data-label={t("admin.sorts.publishedAt")}>
                      {formatDateTime(story.publishedAt, lang)}
                    </td>
                    <td data-label={t("admin.nav.tags")}>{story.tagIds.map((id) => tagName.get(id)).filter(Boolean).join(", ") || "—"}</td>
                    <td data-label={t("admin.fields.translations")}>{(["ru", "en", "zh"] as const).filter((l) => story.title[l]).join(" · ")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={meta.page} pages={meta.pages} />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
