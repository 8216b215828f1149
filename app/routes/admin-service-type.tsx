/** `/admin/service-types/{id}` (`new` to create): names and descriptions per language, icon, order; delete when nobody offers it (issue 7). */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin-service-type";
import { AdminHeader, confirmDelete, nameIn } from "../components/admin/ui.tsx";
import { AuditList } from "../components/admin/audit-list.tsx";
import { apiContext } from "../context.ts";
import { adminApi, type AuditRow } from "../lib/admin-api.server.ts";
import { ADMIN_ERRORS, invalid, payloadOf } from "../lib/admin-actions.server.ts";
import { adminMeta } from "../lib/admin-meta.ts";
import { pageNotFound } from "../lib/errors.ts";
import { ICON_NAMES } from "../lib/icon-names.ts";
import { pageLang } from "../lib/i18n.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { ServiceTypeSchema } from "../../server/admin/schemas.ts";
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
  if (params.id === "new") return { type: null, history: [] as AuditRow[], title: t("admin.serviceTypes.new") };
  const type = (await api.serviceTypes()).find((s) => String(s.id) === params.id);
  if (!type) pageNotFound(request);
  const history = (await api.audit({ entityType: "service_type", entityId: params.id, limit: 20 })).data;
  return { type, history, title: nameIn(type.name, lang) || type.slug };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const api = adminApi(context.get(apiContext));
  const submission = parseWithZod(formData, { schema: ServiceTypeSchema });
  if (formData.get("intent") === "delete") {
    try {
      await api.deleteServiceType(params.id);
    } catch (error) {
      return replyWithApiError(submission, error, ADMIN_ERRORS);
    }
    return localizedRedirect(request, "/admin/service-types", "admin.flash.deleted");
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    const saved = await api.saveServiceType(params.id === "new" ? null : params.id, payloadOf(submission));
    return localizedRedirect(request, `/admin/service-types/${saved.id}`, params.id === "new" ? "admin.flash.created" : "admin.flash.saved");
  } catch (error) {
    return replyWithApiError(submission, error, ADMIN_ERRORS);
  }
}

export default function AdminServiceType({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { type } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: type ? { slug: type.slug, name: type.name, description: type.description, icon: type.icon ?? "", position: String(type.position) } : { position: "0" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ServiceTypeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle";
  return (
    <>
      <AdminHeader back={{ to: "/admin/service-types", label: t("admin.nav.serviceTypes") }} title={type ? nameIn(type.name, lang) || type.slug : t("admin.serviceTypes.new")} />
      <section className="admin-section">
        <Form method="post" {...getFormProps(form)} className="admin-form">
          <div className="admin-form-row">
            <InputField field={fields.slug} label={t("admin.fields.slug")} hint={t("admin.form.slugHint")} autoComplete="off" />
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
          <LocalizedField field={fields.description} label={t("admin.fields.description")} multiline rows={3} layout="columns" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="admin-actions-row">
            <button type="submit" className="button" disabled={busy}>
              {type ? t("admin.form.save") : t("admin.form.create")}
            </button>
            {type ? (
              <button type="submit" name="intent" value="delete" className="button button-secondary" formNoValidate onClick={confirmDelete(t("admin.form.confirmDelete"))} disabled={busy || type.offerCount > 0} title={type.offerCount > 0 ? t("admin.errors.in_use") : undefined}>
                {t("admin.form.delete")}
              </button>
            ) : null}
          </div>
        </Form>
      </section>
      {type ? (
        <section className="admin-section">
          <h2>{t("admin.moderation.history")}</h2>
          <AuditList rows={loaderData.history} onRecord />
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
