/**
 * The breadcrumb trail of a page: Home, then `items`; an item without `to` is the current page.
 * `to` is a language-neutral path (LocaleLink adds the prefix). The trail is also given to search
 * engines as BreadcrumbList JSON-LD (app/routes/site/lib/breadcrumb-ld.ts).
 */
import type { ReactNode } from "react";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { useT } from "#app/lib/use-t.ts";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { breadcrumbList, crumbText } from "../lib/breadcrumb-ld.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { JsonLd } from "./structured.tsx";

export interface Crumb {
  to?: string;
  label: ReactNode;
  title?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  const lang = useLang();
  const origin = useRouteLoaderData<RootData>("root")?.origin ?? "";
  const trail = [{ to: "/", label: t("nav.home") } as Crumb, ...items];
  const ld = breadcrumbList(
    trail.map((c) => ({ name: crumbText(c.label) || (c.title ?? ""), url: c.to ? `${origin}${localeHref(lang, c.to)}` : undefined })),
  );
  return (
    <nav aria-label={t("nav.breadcrumbs")} className="breadcrumbs">
      <JsonLd data={ld} />
      <ol>
        {trail.map((item, i) =>
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
