/**
 * React Router's route matching with the branch pre-filter of patches/react-router+8.4.0.patch (ADR 064):
 * a branch made of literal and `:param` segments is tried only on paths with as many segments whose
 * literals match. The filter must never skip the branch the full loop would have matched, so every page
 * of app/routes.ts, in each language form, in upper case, with a trailing slash and percent-encoded,
 * still reaches its own route, and paths no page has reach the catch-all.
 */
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import routes from "#app/routes.ts";

type Entry = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Entry[] };

/** The route config as the router's route objects (ids, paths, index flags and children are all it reads). */
const tree = routes as unknown as RouteObject[];

/** Concrete values for a path's segments: a language for `:lang`, a number for ids, a word otherwise. */
function fill(path: string, lang: string | null): string | null {
  const segments: string[] = [];
  for (const segment of path.split("/").filter(Boolean)) {
    if (segment === ":lang?") {
      if (lang) segments.push(lang);
    } else if (segment === "*") segments.push("no-such/page");
    else if (segment.endsWith("?")) return null;
    else if (segment.startsWith(":")) segments.push(/id$/i.test(segment) ? "4711" : "p-x1");
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** Every leaf of the tree (a route with a path, or an index route) with its full path pattern. */
function leaves(entries: Entry[], parent = ""): { id: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}` : parent;
    const own = entry.id && (entry.index || entry.path) && !entry.children?.length ? [{ id: entry.id, pattern }] : [];
    return [...own, ...leaves(entry.children ?? [], pattern)];
  });
}

const leafId = (path: string) => matchRoutes(tree, path)?.at(-1)?.route.id ?? null;

describe("route matching with the branch pre-filter", () => {
  const pages = leaves(routes as unknown as Entry[]).filter((leaf) => !leaf.pattern.includes("*"));

  test("the route config has the pages this test walks", () => {
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.map((p) => p.id)).toContain("routes/product");
  });

  test("every page's path, in every language form, reaches its own route", () => {
    const wrong: string[] = [];
    for (const page of pages)
      for (const lang of page.pattern.includes(":lang?") ? [null, "ru", "en", "zh"] : [null]) {
        const path = fill(page.pattern, lang);
        if (path === null) continue;
        // A filled-in word may also be a literal page of the same place (`services/company`): then that page wins, as before.
        const found = leafId(path);
        const sameLiteral = pages.some((other) => other.id === found && fill(other.pattern, lang) === path);
        if (found !== page.id && !sameLiteral) wrong.push(`${path}: ${found} (expected ${page.id})`);
        for (const variant of [`${path}/`, path.toUpperCase(), path.replace(/\/p-x1/g, "/p%2Dx1")])
          if (leafId(variant) !== found) wrong.push(`${variant}: ${leafId(variant)} (expected ${found}, as ${path})`);
      }
    expect(wrong).toEqual([]);
    // matchRoutes flattens the whole config on every call (the server's matcher does it once): slow, not a timing check.
  }, 180_000);

  test("the product page in each language form, and paths nothing answers", () => {
    for (const path of ["/product/1", "/ru/product/1", "/en/product/22", "/zh/product/333", "/RU/Product/1/", "/product/1//"])
      expect(leafId(path), path).toBe("routes/product");
    const catchAll = leafId("/no/such/page/here");
    expect(catchAll).not.toBeNull();
    // An empty segment is no segment to the router (as without the filter, checked against the unpatched library).
    for (const path of ["/ru/product", "/ru/product/1/2/3/4", "/ru/products/1", "/ru//product/1"])
      expect(leafId(path), path).toBe(catchAll);
  });
});
