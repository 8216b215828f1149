/**
 * `/admin/press/{id}` (`new` to create): a press-centre story (issue 7) — slug, the language it was
 * written in, title, lead and Markdown body per language, tags, status and publication moment (UTC;
 * a future one schedules it), and the cover image. "Preview" renders the Markdown on the server
 * exactly as the story page will (app/lib/markdown.server.ts: no raw HTML, safe links) without
 * saving; the form keeps what was typed. All forms work without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/story";
import { AdminHeader, AdminSection, DeleteButton, nameIn, StatusBadge } from "./components/ui.tsx";
import { ArticleActions, ArticleFields, MarkdownPreview } from "./components/article-fields.tsx";
import { AuditList } from "./components/audit-list.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { ADMIN_ERRORS, invalid, payloadOf } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { type Lang, LANG_OPTIONS, pageLang } from "#app/lib/i18n.ts";
import { renderPreview } from "#app/lib/markdown.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import * as storiesApi from "#contract/admin/stories.ts";
import * as tagsApi from "#contract/admin/tags.ts";
import { StorySchema, type AdminStoryDetail } from "#contract/admin/stories.ts";
import type { RouteBodyInput } from "#contract/route.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { apiErrorMessages, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  const api = context.get(apiContext);
  const t = getInstance(context).t;
  const lang = pageLang(request);
  const tags = (await api.send(tagsApi.listTags)).data;
  if (params.id === "new") return { story: null as AdminStoryDetail | null, tags, title: t("admin.press.new") };
  const story = (await orNotFound(request, api.send(storiesApi.getStory, { params: { id: params.id } }))).data;
  return { story, tags, title: nameIn(story.title, lang) || story.slug };
}

/** "YYYY-MM-DDTHH:mm" in UTC for a datetime-local input. */
const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const api = context.get(apiContext);
  const isNew = params.id === "new";
  if (intent === "cover" || intent === "removeCover") {
    try {
      if (intent === "removeCover") await api.send(storiesApi.removeCover, { params: { id: params.id } });
      else {
        const file = formData.get("file");
        if (!(file instanceof File) || file.size === 0) return data({ cover: ["file_required"] }, { status: 400 });
        const form = new FormData();
        form.set("file", file);
        await api.send(storiesApi.setCover, { params: { id: params.id }, form });
      }
    } catch (error) {
      const { messages, status } = apiErrorMessages(error, ADMIN_ERRORS);
      return data({ cover: messages }, { status });
    }
    return localizedRedirect(
      request,
      `/admin/press/${params.id}`,
      intent === "cover" ? "admin.flash.coverSaved" : "admin.flash.coverRemoved",
    );
  }
  if (intent === "delete") {
    try {
      await api.send(storiesApi.deleteStory, { params: { id: params.id } });
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) pageNotFound(request);
      throw error;
    }
    return localizedRedirect(request, "/admin/press", "admin.flash.deleted");
  }
  const submission = parseWithZod(formData, { schema: StorySchema });
  if (intent === "preview") {
    return { result: submission.reply(), preview: renderPreview(payloadOf(submission).body as Partial<Record<Lang, string>>) };
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    // The form's own values: the API validates them with the same schema.
    const body = payloadOf(submission) as RouteBodyInput<typeof storiesApi.createStory>;
    const { data: saved } = isNew
      ? await api.send(storiesApi.createStory, { body })
      : await api.send(storiesApi.updateStory, { params: { id: params.id }, body });
    return localizedRedirect(request, `/admin/press/${saved.id}`, isNew ? "admin.flash.created" : "admin.flash.saved");
  } catch (error) {
    return replyWithApiError(submission, error, ADMIN_ERRORS);
  }
}

export default function AdminStoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { story, tags } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const preview = actionData && "preview" in actionData ? (actionData.preview as Partial<Record<Lang, string>>) : null;
  const coverErrors = actionData && "cover" in actionData ? actionData.cover : null;
  const [form, fields] = useZodForm(StorySchema, {
    lastResult: result,
    defaultValue: story
      ? {
          slug: story.slug,
          title: story.title,
          lead: story.lead,
          body: story.body,
          sourceLang: story.sourceLang,
          status: story.status,
          publishedAt: toLocalInput(story.publishedAt),
          // Checkbox values are strings; the schema's union type does not say so.
          tagIds: story.tagIds.map(String) as never,
        }
      : { sourceLang: lang, status: "draft" },
  });
  const chosen = new Set([fields.tagIds.initialValue ?? []].flat().map(String));
  const busy = navigation.state !== "idle";
  return (
    <>
      <AdminHeader
        back={{ to: "/admin/press", label: t("admin.nav.press") }}
        title={story ? nameIn(story.title, lang) || story.slug : t("admin.press.new")}
        actions={
          story && story.status === "published" ? (
            <LocaleLink to={`/press_center/${story.id}`} className="button button-secondary button-small">
              {t("admin.moderation.publicPage")}
            </LocaleLink>
          ) : null
        }
      />
      <div className="admin-grid admin-grid-aside">
        <section className="admin-section">
          <Form method="post" {...getFormProps(form)} className="admin-form">
            <div className="admin-form-row">
              <InputField field={fields.slug} label={t("admin.fields.slug")} hint={t("admin.form.slugHint")} autoComplete="off" />
              <SelectField field={fields.sourceLang} label={t("admin.fields.sourceLang")} options={LANG_OPTIONS} />
              <SelectField field={fields.status} label={t("admin.fields.status")}>
                <option value="draft">{t("admin.status.draft")}</option>
                <option value="published">{t("admin.status.published")}</option>
              </SelectField>
              <InputField
                field={fields.publishedAt}
                label={t("admin.press.publishedAt")}
                type="datetime-local"
                hint={t("admin.press.publishedAtHint")}
              />
            </div>
            <ArticleFields fields={fields} titleHint={t("admin.press.sourceHint")} bodyLabel={t("admin.press.body")} bodyRows={12} />
            <fieldset className="admin-facet">
              <legend>{t("admin.nav.tags")}</legend>
              {tags.length === 0 ? <p className="muted small">{t("admin.press.noTags")}</p> : null}
              {tags.map((tag) => (
                <label key={`${tag.id}-${fields.tagIds.key ?? ""}`} htmlFor={`tag-${tag.id}`}>
                  <input
                    type="checkbox"
                    id={`tag-${tag.id}`}
                    name={fields.tagIds.name}
                    value={tag.id}
                    defaultChecked={chosen.has(String(tag.id))}
                  />
                  {nameIn(tag.name, lang) || tag.slug}
                </label>
              ))}
            </fieldset>
            <FormErrors id={form.errorId} errors={form.errors} />
            <ArticleActions busy={busy} saveLabel={story ? t("admin.form.save") : t("admin.form.create")}>
              {story ? <DeleteButton busy={busy} /> : null}
            </ArticleActions>
          </Form>
          <MarkdownPreview preview={preview} />
        </section>
        <aside className="admin-decision">
          {story ? (
            <AdminSection title={t("admin.press.cover")}>
              <div className="admin-cover">
                {story.cover ? (
                  <img
                    src={story.cover.url}
                    alt={t("admin.press.cover")}
                    width={story.cover.width ?? undefined}
                    height={story.cover.height ?? undefined}
                  />
                ) : (
                  <p className="muted">{t("admin.press.noCover")}</p>
                )}
                <Form method="post" encType="multipart/form-data" className="admin-form">
                  <input type="hidden" name="intent" value="cover" />
                  <div className="field admin-field">
                    <label htmlFor="cover-file">{t("admin.press.coverFile")}</label>
                    <input
                      id="cover-file"
                      type="file"
                      name="file"
                      accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                      aria-describedby="cover-error"
                    />
                    <FieldError id="cover-error" errors={coverErrors} />
                  </div>
                  <button type="submit" className="button button-secondary" disabled={busy}>
                    {t("admin.press.upload")}
                  </button>
                </Form>
                {story.cover ? (
                  <Form method="post" className="admin-form">
                    <input type="hidden" name="intent" value="removeCover" />
                    <button type="submit" className="button-link" disabled={busy}>
                      {t("admin.press.removeCover")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </AdminSection>
          ) : (
            <p className="notice">{t("admin.press.coverAfterSave")}</p>
          )}
          {story ? (
            <AdminSection title={t("admin.fields.status")}>
              <p>
                <StatusBadge status={story.status} />
              </p>
              <h2>{t("admin.moderation.history")}</h2>
              <AuditList rows={story.history} compact onRecord />
            </AdminSection>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
