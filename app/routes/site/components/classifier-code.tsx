/**
 * One code's page: breadcrumbs through its ancestors, level and code, name (with its language),
 * TN VED full description and validity, explanatory notes with links to the codes they cite,
 * TN VED section and chapter notes, and the codes within it.
 */
import { Fragment, type ReactNode } from "react";
import type { ClassifierNodeDetail } from "#contract/classifiers.ts";
import type { CompanyListItem } from "#contract/companies.ts";
import type { ProductCard } from "#contract/products.ts";
import { CompanyList, ProductGrid } from "#app/components/catalog/cards.tsx";
import { Hint } from "#app/components/hint.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { SaveForOffline } from "#app/components/pwa/save-offline.tsx";
import { LocalizedName } from "#app/components/classifier/localized-name.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { useT } from "#app/lib/use-t.ts";
import { useLang } from "#app/lib/use-lang.ts";

type Classifier = "okved" | "tnved";

interface ClassifierCodeProps {
  classifier: Classifier;
  node: ClassifierNodeDetail;
  products?: { items: ProductCard[]; total: number } | null;
  suppliers?: { items: CompanyListItem[]; total: number } | null;
  /** Extra lines under the header (the TN VED page's import duty, issue 15). */
  details?: React.ReactNode;
}

/** The route component of `/okved/{code}` and `/tnved/{code}`, over app/lib/classifier-loaders.server.ts `loadClassifierCode`. */
export function ClassifierCodePage({ loaderData }: { loaderData: ClassifierCodeProps }) {
  const { classifier, node, products, suppliers } = loaderData;
  return <ClassifierCode classifier={classifier} node={node} products={products} suppliers={suppliers} />;
}

export function ClassifierCode({ classifier, node, products, suppliers, details }: ClassifierCodeProps) {
  const t = useT();
  const lang = useLang();
  const codeHref = (code: string) => `/${classifier}/${encodeURIComponent(code)}`;
  return (
    <main id="main" className="page">
      <Breadcrumbs
        items={[
          { to: `/${classifier}`, label: t(`classifier.${classifier}.title`) },
          ...node.path.map((ancestor) => ({ to: codeHref(ancestor.code), label: ancestor.displayCode, title: ancestor.name })),
          { label: node.displayCode },
        ]}
      />

      <header className="page-header code-header">
        <p className="code-level">
          {t(`levels.${classifier}.${node.levelName}`)} · {t(`classifier.${classifier}.title`)}
        </p>
        <Hint text={t(`classifier.${classifier}.codeHint`)}>
          <p className="code-big">{node.displayCode}</p>
        </Hint>
        <h1>
          <LocalizedName name={node.name} nameLang={node.nameLang} hint />
        </h1>
        {node.nameLang !== "ru" && node.name !== node.nameRu ? (
          <p className="name-official" lang="ru">
            {node.nameRu}
          </p>
        ) : null}
        <p className="badges">
          {node.provisional ? (
            <Hint text={t("classifier.provisionalBadgeHint")}>
              <span className="badge badge-warn">{t("classifier.provisional")}</span>
            </Hint>
          ) : null}
          {node.abolished ? (
            <Hint text={t("classifier.abolishedHint")}>
              <span className="badge badge-danger">{t("classifier.abolished")}</span>
            </Hint>
          ) : null}
          {node.validFrom ? (
            <span className="badge">{t("classifier.validFrom", { date: new Date(node.validFrom).toLocaleDateString(lang) })}</span>
          ) : null}
        </p>
        {node.provisional ? <p className="notice">{t("classifier.provisionalHint")}</p> : null}
        {details}
        <div className="page-actions">
          <SaveForOffline />
        </div>
      </header>

      {node.nameRuFull && node.nameRuFull !== node.nameRu ? (
        <section className="card">
          <h2>{t("classifier.fullName")}</h2>
          <p lang="ru">{node.nameRuFull.replaceAll(":", ": ")}</p>
        </section>
      ) : null}

      {node.notes ? (
        <section className="card notes" lang="ru">
          <h2 lang={lang}>{t("classifier.notes")}</h2>
          <NotesList title={t("classifier.includes")} lines={node.notes.includes} cited={node.citedCodes} hrefFor={codeHref} />
          <NotesList title={t("classifier.excludes")} lines={node.notes.excludes} cited={node.citedCodes} hrefFor={codeHref} />
          {node.notes.includes.length === 0 && node.notes.excludes.length === 0 && node.notes.text ? (
            <NotesText text={node.notes.text} cited={node.citedCodes} hrefFor={codeHref} />
          ) : null}
        </section>
      ) : null}

      <EnclosingNotes level="section" notes={node.sectionNotes} hrefFor={codeHref} />
      <EnclosingNotes level="chapter" notes={node.chapterNotes} hrefFor={codeHref} />

      <UnderCode title={t("classifier.productsWithCode")} list={products}>
        {(items) => <ProductGrid products={items} belowFold />}
      </UnderCode>
      <UnderCode title={t("classifier.suppliersWithCode")} list={suppliers}>
        {(items, total) => (
          <>
            <CompanyList companies={items} grid />
            {total > items.length ? (
              <p>
                <LocaleLink to={`/suppliers?okved=${node.code}`} className="button button-secondary">
                  {t("home.more.viewAll")} ({total})
                </LocaleLink>
              </p>
            ) : null}
          </>
        )}
      </UnderCode>

      <section className="children">
        <h2>
          {t("classifier.children")}{" "}
          {node.children.length > 0 ? (
            <span className="results-count">{t("classifier.childCount", { count: node.children.length })}</span>
          ) : null}
        </h2>
        {node.children.length === 0 ? (
          <p className="empty">{t("classifier.leaf")}</p>
        ) : (
          <ul className="code-list">
            {node.children.map((child) => (
              <li key={child.code} className="code-item">
                <LocaleLink to={codeHref(child.code)} className="code-link">
                  <span className="code">{child.displayCode}</span>
                  <span className="code-name">
                    <LocalizedName name={child.name} nameLang={child.nameLang} />
                  </span>
                </LocaleLink>
                <span className="code-meta">
                  {child.childCount > 0 ? t("classifier.childCount", { count: child.childCount }) : null}
                  {child.provisional ? <span className="badge badge-warn">{t("classifier.provisional")}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

const stripDash = (line: string) => line.replace(/^[-–—]\s*/, "");

/** One list of the notes ("Includes" or "Excludes"), its lines without the leading dash. */
/**
 * The catalogue under a code (products classified in a TN VED code, suppliers doing an OKVED
 * activity): `title` with the total, then what `children` renders of the first `items`; nothing
 * when there is no list or it is empty.
 */
function UnderCode<T>({
  title,
  list,
  children,
}: {
  title: string;
  list: { items: T[]; total: number } | null | undefined;
  children: (items: T[], total: number) => ReactNode;
}) {
  if (!list || list.items.length === 0) return null;
  return (
    <section className="sections-block">
      <h2>
        {title} <span className="results-count">{list.total}</span>
      </h2>
      {children(list.items, list.total)}
    </section>
  );
}

/**
 * The notes of the TN VED section or chapter (`level`) a code belongs to, folded under "Notes to
 * section XVI — {its name}"; the text is the official Russian one. Nothing when there are none.
 */
function EnclosingNotes({
  level,
  notes,
  hrefFor,
}: {
  level: "section" | "chapter";
  notes: ClassifierNodeDetail["sectionNotes"];
  hrefFor: (code: string) => string;
}) {
  const t = useT();
  if (!notes) return null;
  return (
    <details className="card notes">
      <summary>
        {t(`classifier.${level}Notes`, { code: notes.code })} — <LocalizedName name={notes.name} nameLang={notes.nameLang} />
      </summary>
      <NotesText text={notes.text} cited={[]} hrefFor={hrefFor} lang="ru" />
    </details>
  );
}

function NotesList({
  title,
  lines,
  cited,
  hrefFor,
}: {
  title: string;
  lines: string[];
  cited: string[];
  hrefFor: (code: string) => string;
}) {
  const lang = useLang();
  if (lines.length === 0) return null;
  return (
    <>
      <h3 lang={lang}>{title}</h3>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>
            <LinkedText text={stripDash(line)} cited={cited} hrefFor={hrefFor} />
          </li>
        ))}
      </ul>
    </>
  );
}

function NotesText({ text, cited, hrefFor, lang }: { text: string; cited: string[]; hrefFor: (code: string) => string; lang?: string }) {
  return (
    <div className="notes-text" lang={lang}>
      {text.split(/\n+/).map((paragraph, i) => (
        <p key={i}>
          <LinkedText text={paragraph} cited={cited} hrefFor={hrefFor} />
        </p>
      ))}
    </div>
  );
}

/** Text with every cited code that exists turned into a link to its page. */
function LinkedText({ text, cited, hrefFor }: { text: string; cited: string[]; hrefFor: (code: string) => string }) {
  if (cited.length === 0) return <>{text}</>;
  const pattern = new RegExp(
    `(?<![\\d.])(${[...cited]
      .sort((a, b) => b.length - a.length)
      .map((c) => c.replaceAll(".", "\\."))
      .join("|")})(?![\\d]|\\.\\d)`,
    "g",
  );
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <LocaleLink key={i} to={hrefFor(part)} className="code-ref">
            {part}
          </LocaleLink>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
