/**
 * Building blocks of the admin pages (issue 7): form fields bound to Conform's field metadata (one
 * input per language for localized texts), error lines that translate the schemas' validation codes
 * (`validation.<code>`, else `admin.validation.<code>`), status badges, date formatting and the page
 * header. Everything renders on the server and works without JavaScript.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { LANG_NAMES, LANGS, type Lang } from "../../lib/i18n.ts";
import { useLang } from "../../lib/use-lang.ts";
import { useT } from "../../lib/use-t.ts";
import { LocaleLink } from "../locale-link.tsx";

/** The text of a validation code or locale key. */
export function useErrorText() {
  const t = useT();
  return (code: string) =>
    (t(`validation.${code}`, { defaultValue: "" }) as string) || (t(`admin.validation.${code}`, { defaultValue: "" }) as string) || (t(`admin.errors.${code}`, { defaultValue: "" }) as string) || (t(`apiErrors.${code}`, { defaultValue: "" }) as string) || (t(code, { defaultValue: "" }) as string) || (t("validation.invalid_format") as string);
}

export function CodeError({ id, errors }: { id: string; errors?: string[] }) {
  const text = useErrorText();
  return (
    <p id={id} className="field-error" aria-live="polite">
      {errors?.length ? text(errors[0]!) : " "}
    </p>
  );
}

export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {errors.map(text).join(" ")}
    </p>
  );
}

type Meta = FieldMetadata<unknown> | FieldMetadata<string> | FieldMetadata<number>;

function initialString(meta: { initialValue?: unknown }): string {
  const value = meta.initialValue;
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** A labelled input bound to a Conform field (errors below, `aria-invalid` set). */
export function Field({
  meta,
  label,
  type = "text",
  hint,
  textarea,
  rows,
  children,
  className,
  ...rest
}: {
  meta: Meta;
  label: ReactNode;
  type?: string;
  hint?: ReactNode;
  textarea?: boolean;
  rows?: number;
  /** `<option>`s: renders a select. */
  children?: ReactNode;
  className?: string;
  placeholder?: string;
  autoComplete?: string;
  min?: number;
  max?: number;
  required?: boolean;
  lang?: string;
}) {
  const common = {
    id: meta.id,
    name: meta.name,
    defaultValue: initialString(meta),
    "aria-invalid": meta.errors?.length ? true : undefined,
    "aria-describedby": hint ? `${meta.errorId} ${meta.id}-hint` : meta.errorId,
    ...rest,
  };
  return (
    <div className={`field admin-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={meta.id}>{label}</label>
      {children ? (
        <select key={meta.key} {...common}>
          {children}
        </select>
      ) : textarea ? (
        <textarea key={meta.key} rows={rows ?? 4} {...common} />
      ) : (
        <input key={meta.key} type={type} {...common} />
      )}
      {hint ? (
        <small id={`${meta.id}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
      <CodeError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** One input (or Markdown textarea) per language for a localized text `{ ru, en, zh }`. */
export function LocalizedField({ meta, label, textarea, rows, hint, required }: { meta: FieldMetadata<Record<string, unknown> | undefined>; label: string; textarea?: boolean; rows?: number; hint?: ReactNode; required?: Lang[] }) {
  const t = useT();
  const set = meta.getFieldset();
  return (
    <fieldset className="admin-localized">
      <legend>{label}</legend>
      {hint ? <p className="muted small">{hint}</p> : null}
      <div className={textarea ? "admin-localized-stack" : "admin-localized-row"}>
        {LANGS.map((lang) => (
          <Field
            key={lang}
            meta={set[lang] as Meta}
            label={`${LANG_NAMES[lang]}${required?.includes(lang) ? ` (${t("admin.form.required")})` : ""}`}
            textarea={textarea}
            rows={rows}
            lang={lang}
          />
        ))}
      </div>
      <CodeError id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

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
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
}

export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
}

export function AdminHeader({ title, lead, back, actions }: { title: ReactNode; lead?: ReactNode; back?: { to: string; label: string }; actions?: ReactNode }) {
  return (
    <header className="admin-header">
      {back ? (
        <p className="admin-back">
          <LocaleLink to={back.to}>← {back.label}</LocaleLink>
        </p>
      ) : null}
      <div className="admin-header-row">
        <h1>{title}</h1>
        {actions ? <div className="admin-header-actions">{actions}</div> : null}
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
export { Pagination } from "../pagination.tsx";
