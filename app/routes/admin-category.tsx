/**
 * `/admin/categories/{id}` (`new` to create): a category's slug, names in Russian (required),
 * English and Chinese, icon, parent, order and TN VED headings; delete when unused (issue 7).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin-category";
import { AdminHeader, confirmDelete, nameIn } from "../components/admin/ui.tsx";
import { AuditList } from "../components/admin/audit-list.tsx";
import { apiContext } from "../context.ts";
import { ApiClientError } from "../lib/api-client.server.ts";
import { adminApi, type AuditRow } from "../lib/admin-api.server.ts";
import { ADMIN_ERRORS, invalid, payloadOf } from "../lib/admin-actions.server.ts";
import { adminMeta } from "../lib/admin-meta.ts";
import { pageNotFound } from "../lib/errors.ts";
import { ICON_NAMES } from "../lib/icon-names.ts";
import { pageLang } from "../lib/i18n.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { CategorySchema } from "../../server/admin/schemas.ts";
import { requireStaffData } from "../lib/admin-guard.server.ts";
import { localizedRedirect } from "../lib/redirect.server.ts";
import { FormErrors } from "../components/form/errors.tsx";
import { InputField, SelectField } from "../components/form/field.tsx";
import { LocalizedField } from "../components/form/localized-field.tsx";
import { replyWithApiError } from "../lib/forms/api-errors.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  const api = adminApi(context.get(apiContext));
  const t = getInstance(context).t;
  const lang = pageLang(request);
  const all = await api.categories();
  if (params.id === "new") return { category: null, all, history: [] as AuditRow[], title: t("admin.categories.new") };
  const category = all.find((c) => String(c.id) === params.id);
  if (!category) pageNotFound(request);
  const history = (await api.audit({ entityType: "category", entityId: params.id, limit: 20 })).data;
  return { category, all, history, title: nameIn(category.name, lang) || category.slug };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = adminApi(context.get(apiContext));
  const submission = parseWithZod(formData, { schema: CategorySchema });
  if (formData.get("intent") === "delete") {
    try {
      await api.deleteCategory(params.id);
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409) return replyWithApiError(submission, error, ADMIN_ERRORS);
      throw error;
    }
    return localizedRedirect(request, "/admin/categories", "admin.flash.deleted");
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    const saved = await api.saveCategory(params.id === "new" ? null : params.id, payloadOf(submission));
    return localizedRedirect(request, `/admin/categories/${saved.id}`, params.id === "new" ? "admin.flash.created" : "admin.flash.saved");
  } catch (error) {
    return replyWithApiError(submission, error, ADMIN_ERRORS);
  }
}

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { category, all } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: category
      ? { slug: category.slug, name: category.name, icon: category.icon ?? "", parentId: category.parentId ? String(category.parentId) : "", position: String(category.position), tnvedHeadings: category.tnvedHeadings.join(", ") }
      : { position: "0" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategorySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Not itself nor anything under it: the API refuses cycles too.
  const below = new Set<number>(category ? [category.id] : []);
  for (const c of all) if (c.parentId !== null && below.has(c.parentId)) below.add(c.id);
  const parents = all.filter((c) => !below.has(c.id));
  const busy = navigation.state !== "idle";
  return (
    <>
      <AdminHeader back={{ to: "/admin/categories", label: t("admin.nav.categories") }} title={category ? nameIn(category.name, lang) || category.slug : t("admin.categories.new")} />
      <section className="admin-section">
        <Form method="post" {...getFormProps(form)} className="admin-form">
          <div className="admin-form-row">
            <InputField field={fields.slug} label={t("admin.fields.slug")} hint={t("admin.form.slugHint")} autoComplete="off" />
            <SelectField field={fields.parentId} label={t("admin.fields.parent")}>
              <option value="">{t("admin.categories.top")}</option>
              {parents.map((c) => (
                <option key={c.id} value={c.id}>
                  {nameIn(c.name, lang) || c.slug}
                </option>
              ))}
            </SelectField>
            <SelectField field={fields.icon} label={t("admin.fields.icon")}>
              <option value="">{t("admin.form.none")}</option>
              {ICON_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <InputField field={fields.position} label={t("admin.fields.position")} type="number" min={0} hint={t("admin.form.positionHint")} />
          </div>
          <LocalizedField field={fields.name} label={t("admin.fields.name")} requiredLangs={["ru"]} layout="columns" />
          <InputField field={fields.tnvedHeadings} label={t("admin.fields.tnvedHeadings")} hint={t("admin.categories.headingsHint")} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="admin-actions-row">
            <button type="submit" className="button" disabled={busy}>
              {category ? t("admin.form.save") : t("admin.form.create")}
            </button>
            {category ? (
              <button type="submit" name="intent" value="delete" className="button button-secondary" formNoValidate onClick={confirmDelete(t("admin.form.confirmDelete"))} disabled={busy || category.productCount > 0 || category.childCount > 0} title={category.productCount > 0 || category.childCount > 0 ? t("admin.errors.in_use") : undefined}>
                {t("admin.form.delete")}
              </button>
            ) : null}
          </div>
          <p className="small muted">{t("admin.categories.cacheNote")}</p>
        </Form>
      </section>
      {category ? (
        <section className="admin-section">
          <h2>{t("admin.moderation.history")}</h2>
          <AuditList rows={loaderData.history} onRecord />
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
