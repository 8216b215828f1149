/**
 * Building blocks of the admin pages (issue 7): status badges, localized values, date formatting and
 * the page header. Form fields and their error lines are the site's own (app/components/form/).
 * Everything renders on the server and works without JavaScript.
 */
import type { ReactNode } from "react";
import type { Lang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { dateTimeFormat } from "#contract/format.ts";

const STATUS_TONE: Record<string, string> = {
  published: "badge-ok",
  active: "badge-ok",
  moderation: "badge-warn",
  invited: "badge-warn",
  rejected: "badge-danger",
  blocked: "badge-danger",
};

/** A record's status as a coloured badge, in the page's language. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return <span className={`badge ${STATUS_TONE[status] ?? ""}`}>{t(`admin.status.${status}`, { defaultValue: status })}</span>;
}

/** A localized value `{ ru, en, zh }` in the page's language (else the first there is). */
export function nameIn(value: Partial<Record<Lang, string>> | null | undefined, lang: Lang): string {
  if (!value) return "";
  return value[lang] ?? value.ru ?? value.en ?? value.zh ?? "";
}

export function LocalizedText({ value }: { value: Partial<Record<Lang, string>> | null | undefined }) {
  const lang = useLang();
  if (!value) return null;
  const text = value[lang] ?? null;
  if (text) return <>{text}</>;
  const fallback = (["ru", "en", "zh"] as const).find((l) => value[l]);
  return fallback ? <span lang={fallback}>{value[fallback]}</span> : null;
}

const LOCALES: Record<Lang, string> = { ru: "ru-RU", en: "en-GB", zh: "zh-CN" };

/** Date and time in the page's language, in UTC (the server's and the audit log's clock). */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "—";
  return dateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
}

export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "—";
  return dateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
}

/** A page's header: the way back, the title with its actions (`create` is the "New …" link), a lead. */
export function AdminHeader({
  title,
  lead,
  back,
  actions,
  create,
}: {
  title: ReactNode;
  lead?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  create?: { to: string; label: string };
}) {
  return (
    <header className="admin-header">
      {back ? (
        <p className="admin-back">
          <LocaleLink to={back.to}>← {back.label}</LocaleLink>
        </p>
      ) : null}
      <div className="admin-header-row">
        <h1>{title}</h1>
        {actions || create ? (
          <div className="admin-header-actions">
            {actions}
            {create ? (
              <LocaleLink to={create.to} className="button button-small">
                {create.label}
              </LocaleLink>
            ) : null}
          </div>
        ) : null}
      </div>
      {lead ? <p className="page-lead">{lead}</p> : null}
    </header>
  );
}

/** A delete button's click handler: asks first (with JavaScript; without it the form posts at once). */
export function confirmDelete(question: string) {
  return (event: { preventDefault(): void }) => {
    if (!window.confirm(question)) event.preventDefault();
  };
}

/** Paging links that keep the filters (plain links). */
export { Pagination };

/**
 * One page of an admin list (a queue or a table): `children` renders `items`, or, when there are
 * none, the `empty` line stands in its place; then the links to the other pages (`meta.page` of
 * `meta.pages`, none when there is one page).
 */
export function AdminResults({
  items,
  empty,
  meta,
  children,
}: {
  items: readonly unknown[];
  empty: string;
  meta: { page: number; pages: number };
  children: ReactNode;
}) {
  return (
    <>
      {items.length === 0 ? <p className="admin-empty">{empty}</p> : children}
      <Pagination page={meta.page} pages={meta.pages} />
    </>
  );
}

/**
 * The delete button of an edit form (`intent=delete`, posted without validating the form); asks
 * first with JavaScript. `blockedBy` disables it and says why (a record still in use).
 */
export function DeleteButton({ busy, blockedBy }: { busy: boolean; blockedBy?: string }) {
  const t = useT();
  return (
    <button
      type="submit"
      name="intent"
      value="delete"
      className="button button-secondary"
      formNoValidate
      onClick={confirmDelete(t("admin.form.confirmDelete"))}
      disabled={busy || blockedBy !== undefined}
      title={blockedBy}
    >
      {t("admin.form.delete")}
    </button>
  );
}

/** A titled block of an admin page (a record's facts, one of its forms, its history). */
export function AdminSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
