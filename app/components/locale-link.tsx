/**
 * The one localized Link (DESIGN §5): `to` is a language-neutral path ("/okved/62.01"); the current
 * page's language prefix is added here. Use `lang` to link to another language.
 */
import { Link, type LinkProps } from "react-router";
import { useLang } from "../lib/use-lang.ts";
import { localePath, type Lang } from "../lib/i18n.ts";

export function LocaleLink({ to, lang, ...props }: Omit<LinkProps, "to"> & { to: string; lang?: Lang }) {
  const current = useLang();
  return <Link to={localeHref(lang ?? current, to)} {...props} />;
}

/** Path with query: keeps "?…" and "#…" intact while prefixing the path. */
export function localeHref(lang: Lang, to: string): string {
  const match = /^([^?#]*)(.*)$/.exec(to)!;
  return `${localePath(lang, match[1] || "/")}${match[2]}`;
}
