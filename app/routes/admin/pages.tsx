/** `/admin/pages`: the site's content pages (spec §2 `talp`, `liaozhong`), whether they are written yet, and links to edit and view them (issue 7). */
import type { Route } from "./+types/pages";
import { AdminHeader, formatDateTime, nameIn } from "./components/ui.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as pagesApi from "#contract/admin/pages.ts";
import { adminMeta } from "./lib/meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { AdminTable, translatedInto } from "./components/table.tsx";

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
      <AdminTable
        rows={loaderData.pages}
        rowKey={(page) => page.slug}
        columns={[
          {
            title: t("admin.fields.title"),
            cell: (page) => (
              <>
                <LocaleLink to={`/admin/pages/${page.slug}`}>{nameIn(page.title, lang)}</LocaleLink>
                {Object.keys(page.body).length === 0 ? <span className="badge badge-warn">{t("admin.pages.noText")}</span> : null}
              </>
            ),
          },
          { title: t("admin.pages.address"), cell: (page) => <LocaleLink to={`/${page.slug}`}>/{page.slug}</LocaleLink> },
          { title: t("admin.pages.kind"), cell: (page) => t(`admin.pages.kinds.${page.kind}`) },
          { title: t("admin.fields.translations"), cell: (page) => translatedInto(page.body) || "—" },
          {
            title: t("admin.sorts.updatedAt"),
            className: "nowrap",
            cell: (page) => (page.stored ? formatDateTime(page.updatedAt, lang) : t("admin.pages.default")),
          },
        ]}
      />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
