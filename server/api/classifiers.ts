/**
 * Classifier endpoints (spec §7):
 * - `GET /api/okved/tree`, `GET /api/tnved/tree` — `?lang=`; no parameters: the top level;
 *   `parent=CODE`: its children; `code=CODE`: one code with `path`, `children`, notes (404 if unknown).
 * - `GET /dev/okved2`, `GET /dev/ved` — search: `q` (code, code prefix or words), `lang`, `page`, `perPage`;
 *   `meta` adds `correctedQuery` when a spelling correction was used.
 */
import { Hono } from "hono";
import { z } from "zod";
import { canonicalCode, type Classifier } from "../classifiers/codes.ts";
import { getNode, listChildren, searchCodes } from "../classifiers/repository.ts";
import type { ApiEnv } from "./app.ts";
import { ApiError, LangSchema, PUBLIC_CACHE, PagingSchema, notFound, ok, pageMeta, parseQuery } from "./http.ts";

export const TreeQuery = z.object({
  lang: LangSchema,
  parent: z.string().trim().min(1).max(40).optional(),
  code: z.string().trim().min(1).max(40).optional(),
});

export const SearchQuery = PagingSchema.extend({
  lang: LangSchema,
  q: z.string().trim().max(200).default(""),
});

function resolveCode(classifier: Classifier, raw: string): string {
  const code = canonicalCode(classifier, raw);
  if (!code) throw new ApiError(400, "invalid_code", `"${raw}" is not a ${classifier === "okved" ? "OKVED2" : "TN VED"} code`);
  return code;
}

function treeRoute(classifier: Classifier) {
  return async (c: import("hono").Context<ApiEnv>) => {
    const query = parseQuery(c, TreeQuery);
    const db = c.var.db;
    if (query.code) {
      const node = await getNode(db, classifier, resolveCode(classifier, query.code), query.lang);
      if (!node) throw notFound(`Code ${query.code}`);
      c.header("Cache-Control", PUBLIC_CACHE);
      return ok(c, node);
    }
    const parent = query.parent ? resolveCode(classifier, query.parent) : null;
    const children = await listChildren(db, classifier, parent, query.lang);
    if (parent && children.length === 0 && !(await getNode(db, classifier, parent, query.lang))) throw notFound(`Code ${query.parent}`);
    c.header("Cache-Control", PUBLIC_CACHE);
    return ok(c, children);
  };
}

function searchRoute(classifier: Classifier) {
  return async (c: import("hono").Context<ApiEnv>) => {
    const query = parseQuery(c, SearchQuery);
    const result = await searchCodes(c.var.db, classifier, query);
    c.header("Cache-Control", PUBLIC_CACHE);
    return ok(c, result.items, { ...pageMeta(query.page, query.perPage, result.total), q: query.q, correctedQuery: result.correctedQuery });
  };
}

export const classifierRoutes = new Hono<ApiEnv>()
  .get("/api/okved/tree", treeRoute("okved"))
  .get("/api/tnved/tree", treeRoute("tnved"))
  .get("/dev/okved2", searchRoute("okved"))
  .get("/dev/ved", searchRoute("tnved"));
