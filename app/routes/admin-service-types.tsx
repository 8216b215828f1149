/** `/admin/service-types`: service types in their order, with how many suppliers offer each (issue 7). */
import type { Route } from "./+types/admin-service-types";
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
  return { types: (await context.get(apiContext).send(serviceTypesApi.listServiceTypes)).data, title: getInstance(context).t("admin.nav.serviceTypes") };
}

export default function AdminServiceTypes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <AdminHeader
        title={t("admin.nav.serviceTypes")}
        lead={t("admin.serviceTypes.lead")}
        actions={
          <LocaleLink to="/admin/service-types/new" className="button button-small">
            {t("admin.serviceTypes.new")}
          </LocaleLink>
        }
      />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-cards">
          <thead>
            <tr>
              <th className="num">{t("admin.fields.position")}</th>
              <th>{t("admin.fields.name")}</th>
              <th>{t("admin.fields.slug")}</th>
              <th className="num">{t("admin.serviceTypes.offers")}</th>
              <th>{t("admin.fields.translations")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.types.map((type) => (
              <tr key={type.id}>
                <td className="num" data-label={t("admin.fields.position")}>
                  {type.position}
                </td>
                <td data-label={t("admin.fields.name")}>
                  <Icon name={iconOf(type.icon)} size={16} /> <LocaleLink to={`/admin/service-types/${type.id}`}>{nameIn(type.name, lang) || type.slug}</LocaleLink>
                </td>
                <td data-label={t("admin.fields.slug")}>
                  <code>{type.slug}</code>
                </td>
                <td className="num" data-label={t("admin.serviceTypes.offers")}>
                  <LocaleLink to={`/admin/services?serviceType=${type.id}`}>{type.offerCount}</LocaleLink>
                </td>
                <td data-label={t("admin.fields.translations")}>{(["ru", "en", "zh"] as const).filter((l) => type.name[l]).join(" · ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
