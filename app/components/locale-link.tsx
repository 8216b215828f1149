/**
 * The one localized Link (DESIGN §5): `to` is a language-neutral path ("/okved/62.01"); the current
 * page's language prefix is added here. Use `lang` to link to another language.
 */
import { Link, type LinkProps } from "react-router";
import { useLang } from "../lib/use-lang.ts";
import { localePath, type Lang } from "../lib/i18n.ts";
import { useIsDocument } from "../lib/documents.ts";

/**
 * In a document (ADR 035) the link is a plain anchor: there is no client router to hand it to, and
 * React Router's per-link href resolution was measurable on pages with a hundred links (issue 17).
 * The router-only props (prefetch, replace, state, …) mean nothing there and are dropped.
 */
export function LocaleLink({ to, lang, ...props }: Omit<LinkProps, "to"> & { to: string; lang?: Lang }) {
  const current = useLang();
  const href = localeHref(lang ?? current, to);
  const isDocument = useIsDocument();
  if (isDocument) {
    const {
      prefetch: _prefetch,
      replace: _replace,
      state: _state,
      reloadDocument: _reloadDocument,
      preventScrollReset: _preventScrollReset,
      relative: _relative,
      viewTransition: _viewTransition,
      discover: _discover,
      children,
      ...anchor
    } = props;
    return (
      <a href={href} {...anchor}>
        {children}
      </a>
    );
  }
  return <Link to={href} {...props} />;
}

/** Path with query: keeps "?…" and "#…" intact while prefixing the path. */
export function localeHref(lang: Lang, to: string): string {
  const match = /^([^?#]*)(.*)$/.exec(to)!;
  return `${localePath(lang, match[1] || "/")}${match[2]}`;
}
