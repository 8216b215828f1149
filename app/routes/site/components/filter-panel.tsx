/**
 * The body of a listing's filter form (the catalogue's and the suppliers'): `lead` — the fields a phone
 * shows at once (the sort, the words) — then the other filters behind a "Filters" summary, so that on a
 * 390 px screen the first cards come within the first screen instead of after the whole form. The
 * summary stays closed when filters are set too — a visitor who follows a link to a filtered list
 * (an OKVED code's suppliers) or applies a filter came for the cards — and says how many are set
 * (`active`), so what narrows the list is one tap away and never hidden silently. On a wide screen
 * (app.css `.filters-more`, 1024 px and up, where the browser styles `::details-content`) the summary
 * is a plain title and everything shows, as the sidebar always did. No JavaScript either way.
 */
import type { ReactNode } from "react";
import { useT } from "#app/lib/use-t.ts";

export function FilterPanel({ lead, active, children }: { lead?: ReactNode; active: number; children: ReactNode }) {
  const t = useT();
  return (
    <>
      {lead}
      <details className="filters-more">
        <summary>
          <h2 className="filters-title">{t("catalog.filters")}</h2>
          {active > 0 ? <span className="filters-active">{t("catalog.filtersActive", { count: active })}</span> : null}
        </summary>
        <div className="filters-more-body">{children}</div>
      </details>
    </>
  );
}

/**
 * How many filters a listing's query (the URL's parameters, or a loader's parsed ones) sets besides
 * the always-shown ones (the sort, the words, the page): the count FilterPanel's summary shows.
 */
export function activeFilters(params: URLSearchParams | Record<string, string>, shown: string[] = ["sort", "q", "page"]): number {
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries(params);
  return entries.filter(([key, value]) => value !== "" && !shown.includes(key)).length;
}
