/**
 * The list page of a dictionary in the admin area (categories, service types; loader:
 * `loadListPage` in app/routes/admin/lib/dictionaries.server.ts): the header with the "New …" link and one
 * table row per record, each name opening the record's edit page. The columns every dictionary shows
 * come from `useDictionaryColumns`; the page arranges them and adds its own (usage counts).
 */
import type { CSSProperties, ReactNode } from "react";
import { DICTIONARIES, dictionaryKeys, type DictionaryKind } from "../lib/dictionaries.ts";
import type { Lang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { Icon, iconOf } from "#app/components/icon.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { AdminTable, translatedInto, type Column } from "./table.tsx";
import { AdminHeader, nameIn } from "./ui.tsx";

/** What a dictionary list reads of a record. */
export interface DictionaryListRecord {
  id: number;
  slug: string;
  icon: string | null;
  position: number;
  name: Partial<Record<Lang, string>>;
}

/** The columns every dictionary list has, and `usage`, which makes the column of what uses a record. */
interface DictionaryColumns<R> extends Record<"name" | "slug" | "position" | "translations", Column<R>> {
  /** A figure of what uses the record (`count`: products, offers), linking to them in their list (`href`). */
  usage: (title: string, href: (record: R) => string, count: (record: R) => ReactNode) => Column<R>;
}

/**
 * The shared columns of the dictionary `kind`: the name (icon and a link to the record; `nameStyle`
 * styles its cell, a tree's indentation), the slug, the position and the languages of the name.
 */
export function useDictionaryColumns<R extends DictionaryListRecord>(
  kind: DictionaryKind,
  nameStyle?: (record: R) => CSSProperties,
): DictionaryColumns<R> {
  const t = useT();
  const lang = useLang();
  return {
    name: {
      title: t("admin.fields.name"),
      style: nameStyle,
      cell: (record) => (
        <>
          <Icon name={iconOf(record.icon)} size={16} />{" "}
          <LocaleLink to={`${DICTIONARIES[kind].listPath}/${record.id}`}>{nameIn(record.name, lang) || record.slug}</LocaleLink>
        </>
      ),
    },
    slug: { title: t("admin.fields.slug"), cell: (record) => <code>{record.slug}</code> },
    position: { title: t("admin.fields.position"), className: "num", cell: (record) => record.position },
    translations: { title: t("admin.fields.translations"), cell: (record) => translatedInto(record.name) },
    usage: (title, href, count) => ({
      title,
      className: "num",
      cell: (record) => <LocaleLink to={href(record)}>{count(record)}</LocaleLink>,
    }),
  };
}

/** The page: header (title, lead, "New …") and the records in `columns`. */
export function DictionaryListPage<R extends DictionaryListRecord>({
  kind,
  records,
  columns,
}: {
  kind: DictionaryKind;
  records: readonly R[];
  columns: readonly Column<R>[];
}) {
  const t = useT();
  const keys = dictionaryKeys(kind);
  return (
    <>
      <AdminHeader title={t(keys.title)} lead={t(keys.lead)} create={{ to: `${DICTIONARIES[kind].listPath}/new`, label: t(keys.create) }} />
      <AdminTable rows={records} rowKey={(record) => record.id} columns={columns} />
    </>
  );
}
