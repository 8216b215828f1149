/**
 * The public pages the JavaScript budget report (tests/e2e/budget.spec.ts) and the Lighthouse run
 * (bench/lighthouse.ts) measure, with a real category, product, supplier and story of the running
 * server's catalogue (asked from its API, since ids depend on the seed). Paths are Russian
 * (unprefixed) unless they say otherwise.
 *
 * Each page has a `kind`. The ten kinds issue 17 sets its targets on (home, okved, tnved, catalog,
 * category, product, suppliers, supplier, story, search) are `LIGHTHOUSE_KINDS`, one page each; the
 * JavaScript report also measures a classifier code page of each classifier, the offline page and
 * one English page (`kind` "okved-code", "tnved-code", "offline", "english").
 *
 * `origin`: the server, e.g. "http://localhost:3210". Throws when the API does not answer.
 */
export async function publicPageList(origin: string): Promise<PublicPage[]> {
  const first = async (path: string): Promise<number> => {
    const response = await fetch(`${origin}${path}`);
    if (!response.ok) throw new Error(`public pages: ${path} answered ${response.status}`);
    const body = (await response.json()) as { data: { id: number }[] };
    const item = body.data[0];
    if (!item) throw new Error(`public pages: ${path} listed nothing`);
    return item.id;
  };
  const [category, product, supplier, story] = await Promise.all([
    first("/api/categories?lang=ru"),
    first("/api/products?lang=ru&perPage=1"),
    first("/api/companies?lang=ru&perPage=1"),
    first("/api/stories?lang=ru&perPage=1"),
  ]);
  return [
    { kind: "home", path: "/" },
    { kind: "okved", path: "/okved" },
    { kind: "okved-code", path: "/okved/62.01" },
    { kind: "tnved", path: "/tnved" },
    { kind: "tnved-code", path: "/tnved/8471300000" },
    { kind: "catalog", path: "/catalog" },
    { kind: "category", path: `/catalog/${category}` },
    { kind: "product", path: `/product/${product}` },
    { kind: "suppliers", path: "/suppliers" },
    { kind: "supplier", path: `/suppliers/${supplier}` },
    { kind: "story", path: `/press_center/${story}` },
    { kind: "search", path: "/search?q=труба" },
    { kind: "offline", path: "/offline" },
    { kind: "english", path: "/en/okved" },
  ];
}

/** The page kinds issue 17's Lighthouse targets name, in the order of its list. */
export const LIGHTHOUSE_KINDS = [
  "home",
  "okved",
  "tnved",
  "catalog",
  "category",
  "product",
  "suppliers",
  "supplier",
  "story",
  "search",
] as const;

export type PublicPage = {
  kind: (typeof LIGHTHOUSE_KINDS)[number] | "okved-code" | "tnved-code" | "offline" | "english";
  /** Path and query on the server, not URL-encoded (fetch and Playwright encode it). */
  path: string;
};

/** The paths of `publicPageList`, for callers that need no kinds. */
export async function publicPages(origin: string): Promise<string[]> {
  return (await publicPageList(origin)).map((page) => page.path);
}
