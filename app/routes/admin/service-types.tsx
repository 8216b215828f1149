/** `/admin/service-types`: service types in their order, with how many suppliers offer each (issue 7). */
import type { Route } from "./+types/service-types";
import { DictionaryListPage, useDictionaryColumns } from "./components/dictionary-list.tsx";
import { adminMeta } from "./lib/meta.ts";
import { loadListPage, SERVICE_TYPES } from "./lib/dictionaries.server.ts";
import { useT } from "#app/lib/use-t.ts";

export const loader = (args: Route.LoaderArgs) => loadListPage(args, SERVICE_TYPES);

export default function AdminServiceTypes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { name, slug, position, usage, translations } = useDictionaryColumns<(typeof loaderData.records)[number]>("serviceTypes");
  return (
    <DictionaryListPage
      kind="serviceTypes"
      records={loaderData.records}
      columns={[
        position,
        name,
        slug,
        usage(
          t("admin.serviceTypes.offers"),
          (type) => `/admin/services?serviceType=${type.id}`,
          (type) => type.offerCount,
        ),
        translations,
      ]}
    />
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
