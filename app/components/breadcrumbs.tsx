/**
 * The breadcrumb trail of a page: Home, then `items`; an item without `to` is the current page.
 * `to` is a language-neutral path (LocaleLink adds the prefix).
 */
import type { ReactNode } from "react";
import { LocaleLink } from "./locale-link.tsx";
import { useT } from "../lib/use-t.ts";

export interface Crumb {
  to?: string;
  label: ReactNode;
  title?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("nav.breadcrumbs")} className="breadcrumbs">
      <ol>
        {[{ to: "/", label: t("nav.home") } as Crumb, ...items].map((item, i) =>
          item.to ? (
            <li key={i}>
              <LocaleLink to={item.to} title={item.title}>
                {item.label}
              </LocaleLink>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {item.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
