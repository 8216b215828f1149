/**
 * The `/okved` and `/tnved` page: heading with edition and count, search box, and either the
 * ranked results or the tree. Tree nodes expand through `?open=` links: a full page without
 * JavaScript, an in-place update with it (client navigation keeps the scroll position).
 */
import { Link, useLocation } from "react-router";
import type { ClassifierNode, SearchHit } from "#contract/classifiers.ts";
import type { SearchMeta } from "#contract/common.ts";
import type { TreeData } from "#app/lib/classifier-loaders.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { Icon } from "#app/components/icon.tsx";
import { LocaleLink, localeHref } from "#app/components/locale-link.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { CodeText, LocalizedName } from "#app/components/classifier/localized-name.tsx";
import { ClassifierSearchForm } from "#app/components/classifier/search-form.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { PageHeader } from "#app/components/page-header.tsx";

type Classifier = "okved" | "tnved";

export interface ClassifierIndexData {
  classifier: Classifier;
  q: string;
  search: { items: SearchHit[]; meta: SearchMeta } | null;
  tree: TreeData | null;
  stats: { edition: string | null; count: number };
}

export function ClassifierIndex({ data }: { data: ClassifierIndexData }) {
  const t = useT();
  const lang = useLang();
  const { classifier } = data;
  return (
    <main id="main" className="page">
      <Breadcrumbs items={[{ label: t(`classifier.${classifier}.title`) }]} />
      <PageHeader title={t(`classifier.${classifier}.title`)} lead={t(`classifier.${classifier}.long`)}>
        <p className="page-meta">
          {t("classifier.count", { count: data.stats.count })}
          {data.stats.edition ? <> · {t("classifier.edition", { edition: data.stats.edition })}</> : null}
        </p>
      </PageHeader>
      <ClassifierSearchForm
        action={localeHref(lang, `/${classifier}`)}
        q={data.q}
        label={t("classifier.searchLabel")}
        placeholder={t(`classifier.${classifier}Placeholder`)}
      />
      {data.search ? <SearchResults classifier={classifier} q={data.q} search={data.search} /> : null}
      {data.tree ? <Tree classifier={classifier} tree={data.tree} /> : null}
    </main>
  );
}

export function SearchResults({
  classifier,
  q,
  search,
}: {
  classifier: Classifier;
  q: string;
  search: { items: SearchHit[]; meta: SearchMeta };
}) {
  const t = useT();
  const lang = useLang();
  const { meta } = search;
  return (
    <section aria-labelledby="results-heading" className="results">
      <h2 id="results-heading" className="results-heading">
        {t("classifier.resultsFor", { q })} <span className="results-count">{t("classifier.results", { count: meta.total })}</span>
      </h2>
      {meta.correctedQuery ? <p className="notice">{t("classifier.corrected", { corrected: meta.correctedQuery })}</p> : null}
      {search.items.length === 0 ? (
        <p className="empty">{t("classifier.noResults", { q })}</p>
      ) : (
        <ol className="code-list">
          {search.items.map((item) => (
            <li key={item.code} className="code-item">
              <Link to={localeHref(lang, `/${classifier}/${encodeURIComponent(item.code)}`)} className="code-link">
                <span className="code">
                  <CodeText displayCode={item.displayCode} matched={item.codeMatch} />
                </span>
                <span className="code-name">
                  <LocalizedName name={item.name} nameLang={item.nameLang} highlights={item.highlights} />
                </span>
              </Link>
              <span className="code-meta">
                {t(`levels.${classifier}.${item.levelName}`)}
                {item.provisional ? <span className="badge badge-warn">{t("classifier.provisional")}</span> : null}
              </span>
              {item.context && item.context !== item.name ? (
                <span className="code-context" lang="ru">
                  {item.context}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={meta.page} pages={meta.pages} />
    </section>
  );
}

function Tree({ classifier, tree }: { classifier: Classifier; tree: TreeData }) {
  const t = useT();
  return (
    <section aria-label={t("classifier.tree")} className="tree">
      <TreeLevel classifier={classifier} nodes={tree.roots} tree={tree} />
    </section>
  );
}

function TreeLevel({ classifier, nodes, tree }: { classifier: Classifier; nodes: ClassifierNode[]; tree: TreeData }) {
  return (
    <ul className="tree-level">
      {nodes.map((node) => (
        <TreeNode key={node.code} classifier={classifier} node={node} tree={tree} />
      ))}
    </ul>
  );
}

function TreeNode({ classifier, node, tree }: { classifier: Classifier; node: ClassifierNode; tree: TreeData }) {
  const t = useT();
  const location = useLocation();
  const children = tree.children[node.code];
  const isOpen = Boolean(children);
  const nextOpen = isOpen ? tree.open.filter((c) => c !== node.code) : [...tree.open, node.code];
  const params = new URLSearchParams(location.search);
  if (nextOpen.length > 0) params.set("open", nextOpen.join(","));
  else params.delete("open");
  const toggleHref = `${location.pathname}${params.size > 0 ? `?${params}` : ""}#n-${node.code}`;
  return (
    <li id={`n-${node.code}`} className={`tree-node level-${node.level}`}>
      <div className="tree-row">
        {node.childCount > 0 ? (
          <Link
            to={toggleHref}
            preventScrollReset
            replace
            className="tree-toggle"
            aria-expanded={isOpen}
            aria-label={isOpen ? t("classifier.collapse", { code: node.displayCode }) : t("classifier.expand", { code: node.displayCode })}
          >
            <Icon name={isOpen ? "chevron-down" : "chevron-right"} size={18} />
          </Link>
        ) : (
          <span className="tree-toggle tree-leaf" aria-hidden="true" />
        )}
        <LocaleLink to={`/${classifier}/${encodeURIComponent(node.code)}`} className="tree-link">
          <span className="code">{node.displayCode}</span>
          <span className="code-name">
            <LocalizedName name={node.name} nameLang={node.nameLang} />
          </span>
        </LocaleLink>
        {node.childCount > 0 ? <span className="tree-count">{node.childCount}</span> : null}
      </div>
      {children ? <TreeLevel classifier={classifier} nodes={children} tree={tree} /> : null}
    </li>
  );
}
