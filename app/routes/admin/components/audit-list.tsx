/**
 * Rows of the audit log (issue 7): when, who (and their site role), what was done to which record
 * (a link to it), and the changed fields before and after, folded.
 */
import type { AuditRow } from "#contract/admin/audit.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { AdminSection, formatDateTime } from "./ui.tsx";
import { AdminTable } from "./table.tsx";

/** Where a record of the log is managed in the admin area. */
export function entityPath(type: string, id: string): string | null {
  switch (type) {
    case "company":
      return `/admin/companies/${id}`;
    case "product":
      return `/admin/moderation/product/${id}`;
    case "user":
      return `/admin/users/${id}`;
    case "category":
      return `/admin/categories/${id}`;
    case "service_type":
      return `/admin/service-types/${id}`;
    case "story":
      return `/admin/press/${id}`;
    case "tag":
      return "/admin/tags";
    case "page":
      return `/admin/pages/${id}`;
    default:
      return null;
  }
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 1);
}

/** `compact`: a short list for a narrow column; `onRecord`: the rows are one record's history (no link to it). */
export function AuditList({ rows, compact, onRecord }: { rows: AuditRow[]; compact?: boolean; onRecord?: boolean }) {
  const t = useT();
  const lang = useLang();
  if (rows.length === 0) return <p className="admin-empty">{t("admin.audit.empty")}</p>;
  if (compact) {
    // A narrow column (a record's history): one short entry per action.
    return (
      <ul className="audit-compact">
        {rows.map((row) => {
          const path = entityPath(row.entityType, row.entityId);
          return (
            <li key={row.id}>
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>
              <span>
                <strong>{t(`admin.actions.${row.action}`, { defaultValue: row.action })}</strong>
                {path && !onRecord ? (
                  <>
                    {" "}
                    <LocaleLink to={path}>#{row.entityId}</LocaleLink>
                  </>
                ) : null}
              </span>
              <span className="muted">
                {row.actorLabel} · {t(`admin.roles.${row.actorRole}`, { defaultValue: row.actorRole })}
              </span>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <AdminTable
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { title: t("admin.audit.when"), className: "nowrap", cell: (row) => formatDateTime(row.createdAt, lang) },
        {
          title: t("admin.audit.who"),
          cell: (row) => (
            <>
              {row.actorUserId ? (
                <LocaleLink to={`/admin/users/${row.actorUserId}`}>{row.actorLabel}</LocaleLink>
              ) : (
                <code>{row.actorLabel}</code>
              )}{" "}
              <span className="badge">{t(`admin.roles.${row.actorRole}`, { defaultValue: row.actorRole })}</span>
            </>
          ),
        },
        {
          title: t("admin.audit.action"),
          cell: (row) => t(`admin.actions.${row.action}`, { defaultValue: row.action }),
        },
        !onRecord && {
          title: t("admin.audit.record"),
          cell: (row) => {
            const path = entityPath(row.entityType, row.entityId);
            return (
              <>
                {t(`admin.entities.${row.entityType}`, { defaultValue: row.entityType })}{" "}
                {path ? <LocaleLink to={path}>#{row.entityId}</LocaleLink> : `#${row.entityId}`}
              </>
            );
          },
        },
        {
          title: t("admin.audit.change"),
          cell: (row) => (
            <details className="audit-details">
              <summary>{t("admin.audit.show")}</summary>
              <p className="small muted">{t("admin.audit.before")}</p>
              <pre className="audit-change">{pretty(row.before)}</pre>
              <p className="small muted">{t("admin.audit.after")}</p>
              <pre className="audit-change">{pretty(row.after)}</pre>
              {row.requestId || row.ip ? (
                <p className="small muted">
                  {row.ip ? `IP ${row.ip}` : ""} {row.requestId ? `· ${t("admin.audit.request")} ${row.requestId}` : ""}
                </p>
              ) : null}
            </details>
          ),
        },
      ]}
    />
  );
}

/** A record page's "History" section: the record's own audit rows (`compact` in a narrow column). */
export function HistorySection({ rows, compact }: { rows: AuditRow[]; compact?: boolean }) {
  const t = useT();
  return (
    <AdminSection title={t("admin.moderation.history")}>
      <AuditList rows={rows} compact={compact} onRecord />
    </AdminSection>
  );
}
