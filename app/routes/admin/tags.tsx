/**
 * `/admin/tags`: press-centre tags (issue 7) — create one, rename or re-slug one (each row's form
 * unfolds), delete one (its stories stay). Works without JavaScript; a refused form comes back with
 * its fields' errors and what was typed.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/tags";
import { AdminHeader, AdminSection, confirmDelete, nameIn } from "./components/ui.tsx";
import { TableHead } from "#app/components/table-head.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as tagsApi from "#contract/admin/tags.ts";
import { TagSchema, type AdminTag } from "#contract/admin/tags.ts";
import type { RouteBodyInput } from "#contract/route.ts";
import { ADMIN_ERRORS, invalid, payloadOf } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { LANG_NAMES, LANGS } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField } from "#app/components/form/field.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  return { tags: (await context.get(apiContext).send(tagsApi.listTags)).data, title: getInstance(context).t("admin.nav.tags") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");
  const api = context.get(apiContext);
  if (intent === "delete") {
    try {
      await api.send(tagsApi.deleteTag, { params: { id } });
    } catch (error) {
      return replyWithApiError(null, error, { ...ADMIN_ERRORS, data: { target: id } });
    }
    return localizedRedirect(request, "/admin/tags", "admin.flash.deleted");
  }
  const submission = parseWithZod(formData, { schema: TagSchema });
  const target = intent === "update" ? id : "new";
  if (submission.status !== "success") return invalid(submission, { target });
  try {
    // The form's own values: the API validates them with the same schema.
    const body = payloadOf(submission) as RouteBodyInput<typeof tagsApi.createTag>;
    if (intent === "update") await api.send(tagsApi.updateTag, { params: { id }, body });
    else await api.send(tagsApi.createTag, { body });
  } catch (error) {
    return replyWithApiError(submission, error, { ...ADMIN_ERRORS, data: { target } });
  }
  return localizedRedirect(request, "/admin/tags", intent === "update" ? "admin.flash.saved" : "admin.flash.created");
}

type Result = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | undefined;

function EditRow({ tag, result }: { tag: AdminTag; result: Result }) {
  const t = useT();
  const lang = useLang();
  const initial = (result?.initialValue ?? { slug: tag.slug, name: tag.name }) as { slug?: string; name?: Record<string, string> };
  const errors = result?.error ?? {};
  const id = (field: string) => `tag-${tag.id}-${field}`;
  return (
    <tr>
      <td data-label={t("admin.fields.name")}>
        <details open={Boolean(result)}>
          <summary>{nameIn(tag.name, lang) || tag.slug}</summary>
          <Form method="post" className="admin-form">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={tag.id} />
            <div className="field admin-field">
              <label htmlFor={id("slug")}>{t("admin.fields.slug")}</label>
              <input
                id={id("slug")}
                name="slug"
                defaultValue={initial.slug ?? ""}
                aria-invalid={errors.slug ? true : undefined}
                aria-describedby={id("slug-error")}
              />
              <FieldError id={id("slug-error")} errors={errors.slug ?? undefined} />
            </div>
            {LANGS.map((l) => (
              <div key={l} className="field admin-field">
                <label htmlFor={id(l)}>{LANG_NAMES[l]}</label>
                <input
                  id={id(l)}
                  name={`name.${l}`}
                  lang={l}
                  defaultValue={initial.name?.[l] ?? ""}
                  aria-invalid={errors[`name.${l}`] ? true : undefined}
                  aria-describedby={id(`${l}-error`)}
                />
                <FieldError id={id(`${l}-error`)} errors={errors[`name.${l}`] ?? undefined} />
              </div>
            ))}
            <FormErrors errors={errors[""] ?? undefined} />
            <div className="admin-actions-row">
              <button type="submit" className="button button-small">
                {t("admin.form.save")}
              </button>
            </div>
          </Form>
        </details>
      </td>
      <td data-label={t("admin.fields.slug")}>
        <code>{tag.slug}</code>
      </td>
      <td className="num" data-label={t("admin.tags.stories")}>
        {tag.storyCount}
      </td>
      <td data-label={t("admin.form.delete")}>
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={tag.id} />
          <button type="submit" className="button-link" onClick={confirmDelete(t("admin.form.confirmDelete"))}>
            {t("admin.form.delete")}
          </button>
        </Form>
      </td>
    </tr>
  );
}

export default function AdminTags({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const target = actionData && "target" in actionData ? actionData.target : null;
  const [form, fields] = useZodForm(TagSchema, {
    lastResult: target === "new" ? actionData?.result : undefined,
  });
  return (
    <>
      <AdminHeader
        title={t("admin.nav.tags")}
        lead={t("admin.tags.lead")}
        actions={
          <LocaleLink to="/admin/press" className="button button-secondary button-small">
            {t("admin.nav.press")}
          </LocaleLink>
        }
      />
      <AdminSection title={t("admin.tags.new")}>
        <Form method="post" {...getFormProps(form)} className="admin-form">
          <input type="hidden" name="intent" value="create" />
          <InputField field={fields.slug} label={t("admin.fields.slug")} hint={t("admin.form.slugHint")} autoComplete="off" />
          <LocalizedField field={fields.name} label={t("admin.fields.name")} requiredLangs={["ru"]} layout="columns" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("admin.form.create")}
          </button>
        </Form>
      </AdminSection>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-cards">
          <TableHead
            columns={[
              { title: t("admin.fields.name") },
              { title: t("admin.fields.slug") },
              { title: t("admin.tags.stories"), className: "num" },
              { title: <span className="visually-hidden">{t("admin.form.delete")}</span> },
            ]}
          />
          <tbody>
            {loaderData.tags.map((tag) => (
              <EditRow
                key={`${tag.id}-${target === String(tag.id) ? "err" : "ok"}`}
                tag={tag}
                result={target === String(tag.id) ? (actionData?.result as Result) : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
