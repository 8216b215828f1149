/**
 * A content page of the spec (§2 `talp`, `liaozhong`; issue 7) on the default layout: its title,
 * lead and Markdown text (rendered on the server without raw HTML). A page without text yet shows
 * the catalogue's entry points — the catalogue, suppliers, services, the classifiers, the press
 * centre and the top categories — never placeholder text. A partner-region page lists the region's
 * suppliers from the catalogue, paged.
 */
import { useRouteLoaderData } from "react-router";
import type { PublicPage } from "#contract/pages.ts";
import type { LayoutData } from "#app/layouts/default.tsx";
import { useT } from "#app/lib/use-t.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { CompanyList } from "#app/components/catalog/cards.tsx";
import { Text, TextParagraph } from "#app/components/catalog/text.tsx";
import { Icon } from "#app/components/icon.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import type { IconName } from "#app/lib/icon-names.ts";

const ENTRY_POINTS: { to: string; icon: IconName; title: string; text: string }[] = [
  { to: "/catalog", icon: "folder-tree", title: "nav.catalog", text: "admin.contentPage.entries.catalog" },
  { to: "/suppliers", icon: "factory", title: "nav.suppliers", text: "admin.contentPage.entries.suppliers" },
  { to: "/services", icon: "truck", title: "nav.services", text: "admin.contentPage.entries.services" },
  { to: "/okved", icon: "list-tree", title: "classifier.okved.title", text: "admin.contentPage.entries.okved" },
  { to: "/tnved", icon: "barcode", title: "classifier.tnved.title", text: "admin.contentPage.entries.tnved" },
  { to: "/press_center", icon: "file-text", title: "nav.press", text: "admin.contentPage.entries.press" },
];

export function ContentPage({ page, html }: { page: PublicPage; html: string }) {
  const t = useT();
  const layout = useRouteLoaderData<LayoutData>("layouts/default");
  const categories = layout?.topCategories ?? [];
  return (
    <main id="main" className="page">
      <Breadcrumbs items={[{ label: <Text value={page.title} /> }]} />
      <header className="page-header content-page-header">
        <h1>
          <Text value={page.title} />
        </h1>
        <TextParagraph value={page.lead} className="page-lead" />
      </header>
      {html ? (
        // oxlint-disable-next-line react/no-danger -- renderMarkdown output: markdown-it with raw HTML off (markdown.server.ts)
        <div className="story-body content-page-body page-narrow-block" lang={page.body?.lang} dangerouslySetInnerHTML={{ __html: html }} />
      ) : null}
      {page.region && page.suppliers ? (
        <section className="content-page-suppliers" aria-labelledby="region-suppliers">
          <h2 id="region-suppliers" className="section-heading">
            <span>{t("admin.contentPage.suppliersTitle")}</span>
            <span className="results-count">{t("admin.contentPage.suppliersCount", { count: page.suppliers.total })}</span>
          </h2>
          <p className="muted small">{t("admin.contentPage.regionNote", { region: page.region.name.text })}</p>
          {page.suppliers.items.length === 0 ? (
            <p className="card empty-state">{t("admin.contentPage.noSuppliers")}</p>
          ) : (
            <CompanyList companies={page.suppliers.items} grid />
          )}
          <Pagination page={page.suppliers.page} pages={page.suppliers.pages} />
        </section>
      ) : null}
      {!html && !page.region ? (
        <section aria-labelledby="entry-points" className="content-page-entries">
          <h2 id="entry-points">{t("admin.contentPage.entriesTitle")}</h2>
          <ul className="classifier-cards content-entry-grid">
            {ENTRY_POINTS.map((entry) => (
              <li key={entry.to} className="card classifier-card">
                <Icon name={entry.icon} size={28} />
                <h3>
                  <LocaleLink to={entry.to}>{t(entry.title)}</LocaleLink>
                </h3>
                <p className="muted">{t(entry.text)}</p>
              </li>
            ))}
          </ul>
          {categories.length > 0 ? (
            <>
              <h2>{t("footer.categories")}</h2>
              <ul className="chips">
                {categories.map((category) => (
                  <li key={category.id}>
                    <LocaleLink to={`/catalog/${category.id}`} className="chip chip-light">
                      <Text value={category.name} />
                    </LocaleLink>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
