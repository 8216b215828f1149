/**
 * Loaders shared by the OKVED and TN VED pages. They reach the classifiers only through the API
 * client; an unknown or malformed code becomes the spec's 404 (`Page Not Found: {path}`), and a
 * code typed in another spelling ("6201", "8471 30 000 0") redirects to its canonical URL.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { apiContext } from "../context.ts";
import { getInstance } from "../middleware/i18next.ts";
import type { ApiClient, Classifier, ClassifierNode, SearchHit, SearchMeta } from "./api-client.server.ts";
import { ApiClientError } from "./api-client.server.ts";
import { pageNotFound } from "./errors.ts";
import { type Lang, localePath, pageLang, splitLocalePath } from "./i18n.ts";
import { pageParam, searchParam, type QuerySchema } from "./query-schema.ts";
import { documentUrl } from "./document-url.ts";

export const PER_PAGE = 20;
const MAX_OPEN = 30;

/** Query parameters of a classifier index page (enforced by the check-query-params guard). */
export const classifierIndexQuery: QuerySchema = {
  q: searchParam,
  page: pageParam,
  open: z.string().regex(/^[A-Za-z0-9.]{1,12}(,[A-Za-z0-9.]{1,12}){0,29}$/),
};

type LoaderArgs = { request: Request; context: Readonly<import("react-router").RouterContextProvider>; params: Record<string, string | undefined> };

export interface TreeData {
  roots: ClassifierNode[];
  children: Record<string, ClassifierNode[]>;
  open: string[];
}

export async function loadClassifierIndex({ request, context }: LoaderArgs, classifier: Classifier) {
  const api = context.get(apiContext);
  const t = getInstance(context).t;
  const url = documentUrl(request);
  const lang = pageLang(request);
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = Number(url.searchParams.get("page") ?? "1");
  const appData = api.appData();

  let search: { items: SearchHit[]; meta: SearchMeta } | null = null;
  let tree: TreeData | null = null;
  if (q) {
    const result = await api.classifierSearch(classifier, { q, lang, page, perPage: PER_PAGE });
    const meta = result.meta!;
    if (page > 1 && page > meta.pages) pageNotFound(request);
    search = { items: result.data, meta };
  } else {
    const open = (url.searchParams.get("open") ?? "").split(",").filter(Boolean).slice(0, MAX_OPEN);
    tree = await loadTree(api, classifier, lang, open);
  }
  const stats = (await appData).classifiers[classifier];
  return {
    classifier,
    q,
    search,
    tree,
    stats,
    seo: {
      title: q ? `${t("classifier.resultsFor", { q })} — ${t(`classifier.${classifier}.title`)}` : t(`classifier.${classifier}.title`),
      description: t(`classifier.${classifier}.description`),
    },
  };
}

async function loadTree(api: ApiClient, classifier: Classifier, lang: Lang, open: string[]): Promise<TreeData> {
  const [roots, ...lists] = await Promise.all([
    api.classifierTree(classifier, { lang }),
    ...open.map((code) =>
      api.classifierTree(classifier, { lang, parent: code }).catch((error: unknown) => {
        // A stale or mistyped code in `open` only leaves that branch closed.
        if (error instanceof ApiClientError && error.status < 500) return [];
        throw error;
      }),
    ),
  ]);
  const children: Record<string, ClassifierNode[]> = {};
  open.forEach((code, i) => {
    if (lists[i] && lists[i].length > 0) children[code] = lists[i];
  });
  return { roots: roots!, children, open: Object.keys(children) };
}

export async function loadClassifierCode({ request, context, params }: LoaderArgs, classifier: Classifier) {
  const api = context.get(apiContext);
  const t = getInstance(context).t;
  const url = documentUrl(request);
  const { lang, prefixed } = splitLocalePath(url.pathname);
  const raw = params.code ?? "";
  let node;
  try {
    node = await api.classifierNode(classifier, raw, lang);
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) pageNotFound(request);
    throw error;
  }
  if (node.code !== raw) throw redirect(localePath(lang, `/${classifier}/${encodeURIComponent(node.code)}`, prefixed), 301);
  const title = `${node.displayCode} ${node.name}`;
  // The catalogue under this code: products classified in it (TN VED) or suppliers doing it (OKVED).
  const digits = /^\d+$/.test(node.code.replace(/\./g, "")) ? node.code : null;
  const [products, suppliers] = await Promise.all([
    classifier === "tnved" && digits ? api.products({ lang, tnved: digits, perPage: 12 }) : null,
    classifier === "okved" && digits ? api.companies({ lang, okved: digits, perPage: 12 }) : null,
  ]);
  return {
    classifier,
    node,
    products: products ? { items: products.data, total: products.meta!.total } : null,
    suppliers: suppliers ? { items: suppliers.data, total: suppliers.meta!.total } : null,
    seo: {
      title: title.length > 90 ? `${title.slice(0, 87)}…` : title,
      description: `${t(`classifier.${classifier}.title`)} ${node.displayCode}: ${node.nameRu}`.slice(0, 300),
    },
  };
}
