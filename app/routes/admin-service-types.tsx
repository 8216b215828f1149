/** `/admin/service-types`: service types in their order, with how many suppliers offer each (issue 7). */
import type { Route } from "./+types/admin-service-types";
import { AdminTable, translatedInto } from "../components/admin/table.tsx";
import { AdminHeader, nameIn } from "../components/admin/ui.tsx";
import { Icon, iconOf } from "../components/icon.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { apiContext } from "../context.ts";
import * as serviceTypesApi from "../../contract/admin/service-types.ts";
import { adminMeta } from "../lib/admin-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { requireStaffData } from "../lib/admin-guard.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  return {
    types: (await context.get(apiContext).send(serviceTypesApi.listServiceTypes)).data,
    title: getInstance(context).t("admin.nav.serviceTypes"),
  };
}

export default function AdminServiceTypes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <AdminHeader
        title={t("admin.nav.serviceTypes")}
        lead={t("admin.serviceTypes.lead")}
        create={{ to: "/admin/service-types/new", label: t("admin.serviceTypes.new") }}
      />
      <AdminTable
        rows={loaderData.types}
        rowKey={(type) => type.id}
        columns={[
          { title: t("admin.fields.position"), className: "num", cell: (type) => type.position },
          {
            title: t("admin.fields.name"),
            cell: (type) => (
              <>
                <Icon name={iconOf(type.icon)} size={16} />{" "}
                <LocaleLink to={`/admin/service-types/${type.id}`}>{nameIn(type.name, lang) || type.slug}</LocaleLink>
              </>
            ),
          },
          { title: t("admin.fields.slug"), cell: (type) => <code>{type.slug}</code> },
          {
            title: t("admin.serviceTypes.offers"),
            className: "num",
            cell: (type) => <LocaleLink to={`/admin/services?serviceType=${type.id}`}>{type.offerCount}</LocaleLink>,
          },
          { title: t("admin.fields.translations"), cell: (type) => translatedInto(type.name) },
        ]}
      />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
