/**
 * `/admin/service-types/{id}` (`new` to create): names and descriptions per language, icon, order;
 * delete when nobody offers it (issue 7). Loader and action: app/routes/admin/lib/dictionaries.server.ts.
 */
import type { Route } from "./+types/service-type";
import { DictionaryEditPage } from "./components/dictionary-edit.tsx";
import { IconSelect } from "./components/icon-select.tsx";
import { InputField } from "#app/components/form/field.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { adminMeta } from "./lib/meta.ts";
import { editAction, loadEditPage, SERVICE_TYPES } from "./lib/dictionaries.server.ts";
import { useT } from "#app/lib/use-t.ts";
import { ServiceTypeSchema } from "#contract/admin/service-types.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export const loader = (args: Route.LoaderArgs) => loadEditPage(args, SERVICE_TYPES);

export const action = (args: Route.ActionArgs) => editAction(args, SERVICE_TYPES);

export default function AdminServiceType({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { record: type } = loaderData;
  const [form, fields] = useZodForm(ServiceTypeSchema, {
    lastResult: actionData?.result,
    defaultValue: type
      ? { slug: type.slug, name: type.name, description: type.description, icon: type.icon ?? "", position: String(type.position) }
      : { position: "0" },
  });
  return (
    <DictionaryEditPage kind="serviceTypes" data={loaderData} form={form} inUse={Boolean(type && type.offerCount > 0)}>
      <div className="admin-form-row">
        <InputField field={fields.slug} label={t("admin.fields.slug")} hint={t("admin.form.slugHint")} autoComplete="off" />
        <IconSelect field={fields.icon} />
        <InputField field={fields.position} label={t("admin.fields.position")} type="number" min={0} hint={t("admin.form.positionHint")} />
      </div>
      <LocalizedField field={fields.name} label={t("admin.fields.name")} requiredLangs={["ru"]} layout="columns" />
      <LocalizedField field={fields.description} label={t("admin.fields.description")} multiline rows={3} layout="columns" />
    </DictionaryEditPage>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
