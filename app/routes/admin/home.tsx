/** `/admin`: what needs doing (the moderation queue), the directory's figures and the latest actions. */
import type { Route } from "./+types/home";
import { AuditList } from "./components/audit-list.tsx";
import { AdminHeader } from "./components/ui.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import * as homeApi from "#contract/admin/home.ts";
import { adminMeta } from "./lib/meta.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { formatCount } from "#app/components/catalog/format.ts";
import { useLang } from "#app/lib/use-lang.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireStaffData(context);
  const summary = (await context.get(apiContext).send(homeApi.getSummary)).data;
  return { summary, title: getInstance(context).t("admin.home.title") };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { summary } = loaderData;
  const tiles: { to: string; value: number; label: string; warn?: boolean }[] = [
    {
      to: "/admin/moderation?kind=company",
      value: summary.queue.company,
      label: t("admin.home.queueCompanies"),
      warn: summary.queue.company > 0,
    },
    {
      to: "/admin/moderation?kind=product",
      value: summary.queue.product,
      label: t("admin.home.queueProducts"),
      warn: summary.queue.product > 0,
    },
    { to: "/admin/moderation?kind=rfq", value: summary.queue.rfq, label: t("rfq.admin.tab"), warn: summary.queue.rfq > 0 },
    { to: "/admin/companies?status=published", value: summary.companies.published ?? 0, label: t("admin.home.published") },
    { to: "/admin/companies?status=blocked", value: summary.companies.blocked ?? 0, label: t("admin.home.blockedCompanies") },
    { to: "/admin/users", value: summary.users.total, label: t("admin.home.users") },
    { to: "/admin/users?blocked=yes", value: summary.users.blocked, label: t("admin.home.blockedUsers") },
    { to: "/admin/users?role=MODERATOR&role=ADMIN", value: summary.users.staff, label: t("admin.home.staff") },
  ];
  return (
    <>
      <AdminHeader title={t("admin.home.title")} lead={t("admin.home.lead")} />
      <ul className="admin-tiles">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <LocaleLink to={tile.to} className={`admin-tile${tile.warn ? " admin-tile-warn" : ""}`}>
              <span className="admin-tile-value">{formatCount(tile.value, lang)}</span>
              <span className="admin-tile-label">{tile.label}</span>
            </LocaleLink>
          </li>
        ))}
      </ul>
      <section className="admin-section">
        <div className="admin-header-row">
          <h2>{t("admin.home.recent")}</h2>
          <LocaleLink to="/admin/audit">{t("admin.home.allActions")}</LocaleLink>
        </div>
        <AuditList rows={summary.recentActions} />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
