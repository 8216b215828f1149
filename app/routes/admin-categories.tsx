/** `/admin/categories`: the category tree with product counts; each opens its edit form (issue 7). */
import type { Route } from "./+types/admin-categories";
import { AdminHeader, nameIn } from "../components/admin/ui.tsx";
import { Icon, iconOf } from "../components/icon.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { apiContext } from "../context.ts";
import * as categoriesApi from "../../contract/admin/categories.ts";
import { adminMeta } from "../lib/admin-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { requireStaffData } from "../lib/admin-guard.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  return { categories: (await context.get(apiContext).send(categoriesApi.listCategories)).data, title: getInstance(context).t("admin.nav.categories") };
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const depth = new Map<number, number>();
  for (const c of loaderData.categories) depth.set(c.id, c.parentId ? (depth.get(c.parentId) ?? 0) + 1 : 0);
  return (
    <>
      <AdminHeader
        title={t("admin.nav.categories")}
        lead={t("admin.categories.lead")}
        actions={
          <LocaleLink to="/admin/categories/new" className="button button-small">
            {t("admin.categories.new")}
          </LocaleLink>
        }
      />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-cards">
          <thead>
            <tr>
              <th>{t("admin.fields.name")}</th>
              <th>{t("admin.fields.slug")}</th>
              <th className="num">{t("admin.fields.position")}</th>
              <th className="num">{t("admin.fields.products")}</th>
              <th>{t("admin.fields.translations")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.categories.map((c) => (
              <tr key={c.id}>
                <td data-label={t("admin.fields.name")} style={{ paddingLeft: `${10 + (depth.get(c.id) ?? 0) * 22}px` }}>
                  <Icon name={iconOf(c.icon)} size={16} /> <LocaleLink to={`/admin/categories/${c.id}`}>{nameIn(c.name, lang) || c.slug}</LocaleLink>
                </td>
                <td data-label={t("admin.fields.slug")}>
                  <code>{c.slug}</code>
                </td>
                <td className="num" data-label={t("admin.fields.position")}>
                  {c.position}
                </td>
                <td className="num" data-label={t("admin.fields.products")}>
                  <LocaleLink to={`/admin/products?category=${c.id}`}>{c.productCount.toLocaleString()}</LocaleLink>
                </td>
                <td data-label={t("admin.fields.translations")}>{(["ru", "en", "zh"] as const).filter((l) => c.name[l]).join(" · ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
