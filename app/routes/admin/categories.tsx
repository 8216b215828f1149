/** `/admin/categories`: the category tree with product counts; each opens its edit form (issue 7). */
import type { Route } from "./+types/categories";
import { DictionaryListPage, useDictionaryColumns } from "./components/dictionary-list.tsx";
import { adminMeta } from "./lib/meta.ts";
import { CATEGORIES, loadListPage } from "./lib/dictionaries.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatCount } from "#app/components/catalog/format.ts";

export const loader = (args: Route.LoaderArgs) => loadListPage(args, CATEGORIES);

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const depth = new Map<number, number>();
  for (const c of loaderData.records) depth.set(c.id, c.parentId ? (depth.get(c.parentId) ?? 0) + 1 : 0);
  const { name, slug, position, usage, translations } = useDictionaryColumns<(typeof loaderData.records)[number]>("categories", (c) => ({
    paddingLeft: `${10 + (depth.get(c.id) ?? 0) * 22}px`,
  }));
  return (
    <DictionaryListPage
      kind="categories"
      records={loaderData.records}
      columns={[
        name,
        slug,
        position,
        usage(
          t("admin.fields.products"),
          (c) => `/admin/products?category=${c.id}`,
          (c) => formatCount(c.productCount, lang),
        ),
        translations,
      ]}
    />
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
