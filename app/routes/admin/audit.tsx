/**
 * `/admin/audit`: the audit log (issue 7) — every admin action, newest first, filtered by actor,
 * record type and id, action and a date range (UTC days), 50 a page. A GET form: works without
 * JavaScript and every filtered view has its own URL. Bad parameters show the API's message.
 */
import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { AuditList } from "./components/audit-list.tsx";
import { AdminHeader, Pagination } from "./components/ui.tsx";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import * as auditApi from "#contract/admin/audit.ts";
import type { RouteQueryInput } from "#contract/route.ts";
import { adminMeta } from "./lib/meta.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "#contract/admin/constants.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { ChoiceFilter, FilterActions } from "./components/filter-parts.tsx";

const KEYS = ["actor", "entityType", "entityId", "action", "from", "to", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  const url = documentUrl(request);
  const filters = Object.fromEntries(KEYS.map((k) => [k, url.searchParams.get(k) ?? ""])) as Record<(typeof KEYS)[number], string>;
  const t = getInstance(context).t;
  try {
    // The page's query as typed: the API validates it (a bad value comes back as a 400 named below).
    const result = await context
      .get(apiContext)
      .send(auditApi.listAudit, { query: { ...filters, limit: 50 } as RouteQueryInput<typeof auditApi.listAudit> });
    return { rows: result.data, meta: result.meta, filters, error: null as string | null, title: t("admin.audit.title") };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 400) {
      return {
        rows: [],
        meta: { page: 1, pages: 1, total: 0, perPage: 50, actors: [] },
        filters,
        error: (error.issues ?? []).map((i) => i.path).join(", "),
        title: t("admin.audit.title"),
      };
    }
    throw error;
  }
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { rows, meta, filters } = loaderData;
  return (
    <>
      <AdminHeader title={t("admin.audit.title")} lead={t("admin.audit.lead")} />
      <Form method="get" className="admin-section audit-filters" aria-label={t("admin.filters.title")}>
        <div className="field admin-field">
          <label htmlFor="audit-actor">{t("admin.audit.who")}</label>
          <input id="audit-actor" name="actor" defaultValue={filters.actor} list="audit-actors" placeholder={t("admin.audit.actorHint")} />
          <datalist id="audit-actors">
            {meta.actors.map((a) => (
              <option key={a.label} value={a.label} />
            ))}
          </datalist>
        </div>
        <ChoiceFilter
          name="entityType"
          label={t("admin.audit.record")}
          value={filters.entityType}
          values={AUDIT_ENTITY_TYPES}
          prefix="admin.entities."
        />
        <div className="field admin-field">
          <label htmlFor="audit-id">{t("admin.audit.recordId")}</label>
          <input id="audit-id" name="entityId" defaultValue={filters.entityId} inputMode="text" />
        </div>
        <ChoiceFilter name="action" label={t("admin.audit.action")} value={filters.action} values={AUDIT_ACTIONS} prefix="admin.actions." />
        <div className="field admin-field">
          <label htmlFor="audit-from">{t("admin.filters.from")}</label>
          <input id="audit-from" type="date" name="from" defaultValue={filters.from} />
        </div>
        <div className="field admin-field">
          <label htmlFor="audit-to">{t("admin.filters.to")}</label>
          <input id="audit-to" type="date" name="to" defaultValue={filters.to} />
        </div>
        <FilterActions />
      </Form>
      {loaderData.error ? (
        <p className="form-error" role="alert">
          {t("admin.filters.invalid", { fields: loaderData.error })}
        </p>
      ) : null}
      <p className="muted">{t("admin.audit.count", { count: meta.total })}</p>
      <AuditList rows={rows} />
      <Pagination page={meta.page} pages={meta.pages} />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
