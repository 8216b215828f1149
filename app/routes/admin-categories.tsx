/** `/admin/categories`: the category tree with product counts; each opens its edit form (issue 7). */
import type { Route } from "./+types/admin-categories";
import { AdminTable, translatedInto } from "../components/admin/table.tsx";
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
import { formatCount } from "../components/catalog/format.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  return {
    categories: (await context.get(apiContext).send(categoriesApi.listCategories)).data,
    title: getInstance(context).t("admin.nav.categories"),
  };
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
        create={{ to: "/admin/categories/new", label: t("admin.categories.new") }}
      />
      <AdminTable
        rows={loaderData.categories}
        rowKey={(c) => c.id}
        columns={[
          {
            title: t("admin.fields.name"),
            style: (c) => ({ paddingLeft: `${10 + (depth.get(c.id) ?? 0) * 22}px` }),
            cell: (c) => (
              <>
                <Icon name={iconOf(c.icon)} size={16} />{" "}
                <LocaleLink to={`/admin/categories/${c.id}`}>{nameIn(c.name, lang) || c.slug}</LocaleLink>
              </>
            ),
          },
          { title: t("admin.fields.slug"), cell: (c) => <code>{c.slug}</code> },
          { title: t("admin.fields.position"), className: "num", cell: (c) => c.position },
          {
            title: t("admin.fields.products"),
            className: "num",
            cell: (c) => <LocaleLink to={`/admin/products?category=${c.id}`}>{formatCount(c.productCount, lang)}</LocaleLink>,
          },
          { title: t("admin.fields.translations"), cell: (c) => translatedInto(c.name) },
        ]}
      />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
