/**
 * Loaders shared by the OKVED and TN VED pages. They reach the classifiers only through the API
 * client; an unknown or malformed code becomes the spec's 404 (`Page Not Found: {path}`), and a
 * code typed in another spelling ("6201", "8471 30 000 0") redirects to its canonical URL.
 */
import { redirect } from "react-router";
import { z } from "zod";
import * as appDataApi from "#contract/app-data.ts";
import {
  searchRoute,
  treeRoute,
  type Classifier,
  type ClassifierNode,
  type ClassifierNodeDetail,
  type SearchHit,
} from "#contract/classifiers.ts";
import type { SearchMeta } from "#contract/common.ts";
import * as companiesApi from "#contract/companies.ts";
import * as productsApi from "#contract/products.ts";
import type { ApiClient } from "./api-client.server.ts";
import { ApiClientError } from "./api-client.server.ts";
import { pageNotFound } from "./errors.ts";
import { type Lang, localePath, splitLocalePath } from "./i18n.ts";
import { pageParam, searchParam, type QuerySchema } from "./query-schema.ts";
import { pageTools } from "./page-loader.server.ts";

export const PER_PAGE = 20;
const MAX_OPEN = 30;

/** Query parameters of a classifier index page (enforced by the check-query-params guard). */
export const classifierIndexQuery: QuerySchema = {
  q: searchParam,
  page: pageParam,
  open: z.string().regex(/^[A-Za-z0-9.]{1,12}(,[A-Za-z0-9.]{1,12}){0,29}$/),
};

type LoaderArgs = {
  request: Request;
  context: Readonly<import("react-router").RouterContextProvider>;
  params: Record<string, string | undefined>;
};

/**
 * One level of a classifier's tree: the sections, or the children of `parent`. The tree operation
 * answers a list without `code` (contract/classifiers.ts), so a detail here is a broken contract.
 */
export async function treeLevel(api: ApiClient, classifier: Classifier, query: { lang: Lang; parent?: string }): Promise<ClassifierNode[]> {
  const { data } = await api.send(treeRoute[classifier], { query });
  if (!Array.isArray(data)) throw new Error(`${classifier} tree answered a code's detail for a level`);
  return data;
}

/** One code's detail (the tree operation with `code`); ApiClientError 400/404 for a bad or unknown code. */
export async function codeDetail(api: ApiClient, classifier: Classifier, code: string, lang: Lang): Promise<ClassifierNodeDetail> {
  const { data } = await api.send(treeRoute[classifier], { query: { code, lang } });
  if (Array.isArray(data)) throw new Error(`${classifier} tree answered a level for code ${code}`);
  return data;
}

export interface TreeData {
  roots: ClassifierNode[];
  children: Record<string, ClassifierNode[]>;
  open: string[];
}

export async function loadClassifierIndex({ request, context }: LoaderArgs, classifier: Classifier) {
  const { api, t, url, lang } = pageTools({ context, request });
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = Number(url.searchParams.get("page") ?? "1");
  const appData = api.send(appDataApi.getAppData).then((r) => r.data);

  let search: { items: SearchHit[]; meta: SearchMeta } | null = null;
  let tree: TreeData | null = null;
  if (q) {
    const result = await api.send(searchRoute[classifier], { query: { q, lang, page, perPage: PER_PAGE } });
    const meta = result.meta;
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
    treeLevel(api, classifier, { lang }),
    ...open.map((code) =>
      treeLevel(api, classifier, { lang, parent: code }).catch((error: unknown) => {
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
  const { api, t, url } = pageTools({ context, request });
  const { lang, prefixed } = splitLocalePath(url.pathname);
  const raw = params.code ?? "";
  let node;
  try {
    node = await codeDetail(api, classifier, raw, lang);
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) pageNotFound(request);
    throw error;
  }
  if (node.code !== raw) throw redirect(localePath(lang, `/${classifier}/${encodeURIComponent(node.code)}`, prefixed), 301);
  const title = `${node.displayCode} ${node.name}`;
  // The catalogue under this code: products classified in it (TN VED) or suppliers doing it (OKVED).
  const digits = /^\d+$/.test(node.code.replace(/\./g, "")) ? node.code : null;
  const [products, suppliers] = await Promise.all([
    classifier === "tnved" && digits ? api.send(productsApi.listProducts, { query: { lang, tnved: digits, perPage: 12 } }) : null,
    classifier === "okved" && digits ? api.send(companiesApi.listCompanies, { query: { lang, okved: digits, perPage: 12 } }) : null,
  ]);
  return {
    classifier,
    node,
    products: products ? { items: products.data, total: products.meta.total } : null,
    suppliers: suppliers ? { items: suppliers.data, total: suppliers.meta.total } : null,
    seo: {
      title: title.length > 90 ? `${title.slice(0, 87)}…` : title,
      description: `${t(`classifier.${classifier}.title`)} ${node.displayCode}: ${node.nameRu}`.slice(0, 300),
    },
  };
}
