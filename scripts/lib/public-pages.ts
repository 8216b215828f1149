/**
 * The public pages the JavaScript budget report (tests/e2e/budget.spec.ts) and the Lighthouse run
 * (bench/lighthouse.ts) measure: the classifiers, search, and the catalogue's pages, with a real
 * category, product, supplier and story of the running server's catalogue (asked from its API, since
 * ids depend on the seed). Paths are Russian (unprefixed) unless they say otherwise.
 *
 * `origin`: the server, e.g. "http://localhost:3210". Throws when the API does not answer.
 */
export async function publicPages(origin: string): Promise<string[]> {
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
    "/",
    "/okved",
    "/okved/62.01",
    "/tnved",
    "/tnved/8471300000",
    "/catalog",
    `/catalog/${category}`,
    `/product/${product}`,
    "/suppliers",
    `/suppliers/${supplier}`,
    `/press_center/${story}`,
    "/search?q=труба",
    "/offline",
    "/en/okved",
  ];
}
