/** `/admin/pages`: the site's content pages (spec §2 `talp`, `liaozhong`), whether they are written yet, and links to edit and view them (issue 7). */
import type { Route } from "./+types/admin-pages";
import { AdminHeader, formatDateTime, nameIn } from "../components/admin/ui.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { apiContext } from "../context.ts";
import * as pagesApi from "../../contract/admin/pages.ts";
import { adminMeta } from "../lib/admin-meta.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { requireStaffData } from "../lib/admin-guard.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  return { pages: (await context.get(apiContext).send(pagesApi.listPages)).data, title: getInstance(context).t("admin.nav.pages") };
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <AdminHeader title={t("admin.nav.pages")} lead={t("admin.pages.lead")} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-cards">
          <thead>
            <tr>
              <th>{t("admin.fields.title")}</th>
              <th>{t("admin.pages.address")}</th>
              <th>{t("admin.pages.kind")}</th>
              <th>{t("admin.fields.translations")}</th>
              <th>{t("admin.sorts.updatedAt")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((page) => (
              <tr key={page.slug}>
                <td data-label={t("admin.fields.title")}>
                  <LocaleLink to={`/admin/pages/${page.slug}`}>{nameIn(page.title, lang)}</LocaleLink>
                  {Object.keys(page.body).length === 0 ? <span className="badge badge-warn">{t("admin.pages.noText")}</span> : null}
                </td>
                <td data-label={t("admin.pages.address")}>
                  <LocaleLink to={`/${page.slug}`}>/{page.slug}</LocaleLink>
                </td>
                <td data-label={t("admin.pages.kind")}>{t(`admin.pages.kinds.${page.kind}`)}</td>
                <td data-label={t("admin.fields.translations")}>{(["ru", "en", "zh"] as const).filter((l) => page.body[l]).join(" · ") || "—"}</td>
                <td className="nowrap" data-label={t("admin.sorts.updatedAt")}>
                  {page.stored ? formatDateTime(page.updatedAt, lang) : t("admin.pages.default")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
