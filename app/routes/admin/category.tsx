/**
 * `/admin/categories/{id}` (`new` to create): a category's slug, names in Russian (required),
 * English and Chinese, icon, parent, order and TN VED headings; delete when unused (issue 7).
 * Loader and action: app/routes/admin/lib/dictionaries.server.ts.
 */
import type { Route } from "./+types/category";
import { DictionaryEditPage } from "./components/dictionary-edit.tsx";
import { nameIn } from "./components/ui.tsx";
import { IconSelect } from "./components/icon-select.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { adminMeta } from "./lib/meta.ts";
import { CATEGORIES, editAction, loadEditPage } from "./lib/dictionaries.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { CategorySchema } from "#contract/admin/categories.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export const loader = (args: Route.LoaderArgs) => loadEditPage(args, CATEGORIES);

export const action = (args: Route.ActionArgs) => editAction(args, CATEGORIES);

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { record: category, all } = loaderData;
  const [form, fields] = useZodForm(CategorySchema, {
    lastResult: actionData?.result,
    defaultValue: category
      ? {
          slug: category.slug,
          name: category.name,
          icon: category.icon ?? "",
          parentId: category.parentId ? String(category.parentId) : "",
          position: String(category.position),
          tnvedHeadings: category.tnvedHeadings.join(", "),
        }
      : { position: "0" },
  });
  // Not itself nor anything under it: the API refuses cycles too.
  const below = new Set<number>(category ? [category.id] : []);
  for (const c of all) if (c.parentId !== null && below.has(c.parentId)) below.add(c.id);
  const parents = all.filter((c) => !below.has(c.id));
  return (
    <DictionaryEditPage
      kind="categories"
      data={loaderData}
      form={form}
      inUse={Boolean(category && (category.productCount > 0 || category.childCount > 0))}
      note={<p className="small muted">{t("admin.categories.cacheNote")}</p>}
    >
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
        <IconSelect field={fields.icon} />
        <InputField field={fields.position} label={t("admin.fields.position")} type="number" min={0} hint={t("admin.form.positionHint")} />
      </div>
      <LocalizedField field={fields.name} label={t("admin.fields.name")} requiredLangs={["ru"]} layout="columns" />
      <InputField field={fields.tnvedHeadings} label={t("admin.fields.tnvedHeadings")} hint={t("admin.categories.headingsHint")} />
    </DictionaryEditPage>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
