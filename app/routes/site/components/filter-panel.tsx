/**
 * The body of a listing's filter form (the catalogue's and the suppliers'): `lead` — the fields a phone
 * shows at once (the sort, the words) — then the other filters behind a "Filters" summary, so that on a
 * 390 px screen the first cards come within the first screen instead of after the whole form. The
 * summary starts open when one of those filters is set, so what narrows the list stays in sight. On a
 * wide screen (app.css `.filters-more`, 1024 px and up, where the browser styles `::details-content`)
 * the summary is a plain title and everything shows, as the sidebar always did. No JavaScript either way.
 */
import type { ReactNode } from "react";
import { useT } from "#app/lib/use-t.ts";

export function FilterPanel({ lead, open, children }: { lead?: ReactNode; open: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <>
      {lead}
      <details className="filters-more" open={open || undefined}>
        <summary>
          <h2 className="filters-title">{t("catalog.filters")}</h2>
        </summary>
        <div className="filters-more-body">{children}</div>
      </details>
    </>
  );
}

/**
 * Whether a listing's query (the URL's parameters, or a loader's parsed ones) sets a filter other than
 * the always-shown ones (the sort, the words, the page).
 */
export function filtersSet(params: URLSearchParams | Record<string, string>, shown: string[] = ["sort", "q", "page"]): boolean {
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries(params);
  return entries.some(([key, value]) => value !== "" && !shown.includes(key));
}
