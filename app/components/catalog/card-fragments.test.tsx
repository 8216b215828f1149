/**
 * Product cards reused as HTML (ADR 077, issue 31 §4) give a document byte for byte what rendering
 * them in full gives: the real ProductGrid with the real translations, through React Router's static
 * (server) router, rendered in full, then as the first document that shows the cards (stored) and as
 * later documents (slots filled in), on other pages, in each language and display currency, and for
 * the visitors and paths that must not use the store.
 */
import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { pageI18ns } from "#tests/support/i18n.ts";
import type { ProductCard } from "#contract/product-card.ts";
import { CardFragments, CardFragmentsContext, CardStore } from "#app/lib/card-fragments.tsx";
import { DocumentContext } from "#app/lib/documents.ts";
import { ProductGrid } from "./cards.tsx";

const rates = {
  source: "cbr",
  date: "2025-12-13",
  stale: false,
  rates: [
    { currency: "CNY", nominal: 1, value: "10.9613", perUnit: "10.9613", date: "2025-12-13" },
    { currency: "USD", nominal: 1, value: "78.2284", perUnit: "78.2284", date: "2025-12-13" },
  ],
};

function card(id: number, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    name: { text: `Труба стальная № ${id} <ГОСТ> & "бесшовная"`, lang: "ru" },
    image: id % 2 ? { url: `/files/p${id}.webp`, width: 640, height: 480 } : null,
    priceFrom: id % 3 ? "1250.50" : null,
    currency: (["RUB", "CNY", "USD"] as const)[id % 3],
    moq: "12.5",
    moqUnit: "pcs",
    tnvedCode: "7304190000",
    categoryId: 3,
    company: {
      id: 40 + id,
      name: { text: "ООО «Восток»", lang: "ru" },
      country: "CN",
      region: id % 2 ? { code: "25", name: { text: "Приморский край", lang: "ru" } } : null,
      city: null,
      logo: null,
      verificationLevel: id % 3,
      okvedMain: "46.71",
      kind: "trader",
    },
    publishedAt: "2026-11-01T00:00:00Z",
    ...overrides,
  } as ProductCard;
}

type Visitor = { currency: string; user?: object | null };

function routes(visitor: Visitor, products: ProductCard[], extra?: string, belowFold = true) {
  const grid = () => (
    <main id="main">
      {/* A supplier's HTML that imitates a card's markers (descriptions are sanitised HTML). */}
      {extra ? (
        // oxlint-disable-next-line react/no-danger -- stands for a supplier's sanitised HTML description
        <div dangerouslySetInnerHTML={{ __html: extra }} />
      ) : null}
      text before <ProductGrid products={products} belowFold={belowFold} /> text after
    </main>
  );
  return [
    {
      id: "root",
      path: "/",
      loader: () => ({ user: visitor.user ?? null, money: { currency: visitor.currency, rates } }),
      Component: () => (
        <DocumentContext value={true}>
          <Outlet />
        </DocumentContext>
      ),
      children: [
        {
          path: ":lang?",
          children: [
            { path: "product/:id", Component: grid },
            { path: "catalog/:id", Component: grid },
            { path: "search", Component: grid },
          ],
        },
      ],
    },
  ];
}

let i18ns = new Map<string, I18n>();

/** The page at `url` as the document entry renders it: with `store`, through CardFragments (slots filled). */
async function render(
  url: string,
  visitor: Visitor,
  products: ProductCard[],
  store?: CardStore,
  extra?: string,
  belowFold = true,
): Promise<{ html: string; slots: number }> {
  const handler = createStaticHandler(routes(visitor, products, extra, belowFold));
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const lang = /^\/(en|zh)(\/|$)/.exec(url)?.[1] ?? "ru";
  const fragments = store ? new CardFragments(store, `${context.location.pathname}${context.location.search}`) : null;
  const raw = renderToString(
    <I18nextProvider i18n={i18ns.get(lang)!}>
      <CardFragmentsContext value={fragments}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </CardFragmentsContext>
    </I18nextProvider>,
  );
  const slots = (raw.match(/data-card-slot=/g) ?? []).length;
  return { html: fragments ? fragments.finish(Buffer.from(raw)).toString("utf8") : raw, slots };
}

beforeAll(async () => {
  i18ns = await pageI18ns();
});

describe("product cards reused as HTML", () => {
  const products = [1, 2, 3, 4, 5, 6].map((id) => card(id));

  test("a later document's cards are byte for byte their full render, in every language and currency", async () => {
    for (const prefix of ["/ru", "/en", "/zh", ""])
      for (const currency of ["RUB", "CNY", "USD"]) {
        const store = new CardStore();
        const visitor = { currency };
        const first = await render(`${prefix}/product/101`, visitor, products, store);
        expect(first.slots).toBe(0);
        expect(first.html).toBe((await render(`${prefix}/product/101`, visitor, products)).html);
        expect(store.size).toBe(products.length);
        // The path filled in per page: `/product/1` must not be taken for part of card 12's link.
        for (const [i, url] of [
          `${prefix}/product/101`,
          `${prefix}/product/1`,
          `${prefix}/catalog/7`,
          `${prefix}/search?q=a&page=2`,
        ].entries()) {
          const reused = await render(url, visitor, [card(12), ...products], store);
          // Card 12 is new on the first of these pages, stored for the next.
          expect(reused.slots, url).toBe(i === 0 ? products.length : products.length + 1);
          expect(reused.html, url).toBe((await render(url, visitor, [card(12), ...products])).html);
          expect(reused.html).toContain(`value="${url.replace("&", "&amp;")}"`);
        }
      }
  });

  test("the first cards of a grid, whose photos load at once, render in full (React preloads their photos in the head)", async () => {
    const store = new CardStore();
    const visitor = { currency: "RUB" };
    await render("/ru/catalog/1", visitor, products, store, undefined, false);
    // Four eager cards (their photos preloaded), then two lazy ones, stored.
    expect(store.size).toBe(2);
    const page = await render("/ru/catalog/2", visitor, products, store, undefined, false);
    expect(page.slots).toBe(2);
    expect(page.html).toContain('<link rel="preload" as="image" href="/files/p1.webp" fetchPriority="high"/>');
    expect(page.html).toBe((await render("/ru/catalog/2", visitor, products, undefined, undefined, false)).html);
    // The same cards further down a product page: stored, no preloads.
    const related = await render("/ru/product/5", visitor, products, store);
    expect(related.html).not.toContain('rel="preload"');
    expect(related.html).toBe((await render("/ru/product/5", visitor, products)).html);
  });

  test("a card whose data, language or currency changed is rendered anew", async () => {
    const store = new CardStore();
    await render("/ru/product/101", { currency: "RUB" }, products, store);
    const changed = [card(1, { priceFrom: "999.00" }), ...products.slice(1)];
    const page = await render("/ru/product/102", { currency: "RUB" }, changed, store);
    expect(page.slots).toBe(products.length - 1);
    expect(page.html).toContain("999");
    expect(page.html).toBe((await render("/ru/product/102", { currency: "RUB" }, changed)).html);
    expect((await render("/en/product/101", { currency: "RUB" }, products, store)).slots).toBe(0);
    expect((await render("/ru/product/101", { currency: "USD" }, products, store)).slots).toBe(0);
  });

  test("a signed-in visitor's cards and a path that cannot be filled in render in full", async () => {
    const store = new CardStore();
    await render("/ru/product/101", { currency: "RUB" }, products, store);
    const user = { id: 1, favouriteIds: [2] };
    const signedIn = await render("/ru/product/102", { currency: "RUB", user }, products, store);
    expect(signedIn.slots).toBe(0);
    expect(signedIn.html).toBe((await render("/ru/product/102", { currency: "RUB", user }, products)).html);
    // An apostrophe stays as it is in a URL's path, and an attribute writes it as `&#x27;`, JSON as it is.
    const quoted = "/ru/catalog/o'neil";
    const odd = await render(quoted, { currency: "RUB" }, products, store);
    expect(odd.slots).toBe(0);
    expect(odd.html).toBe((await render(quoted, { currency: "RUB" }, products)).html);
  });

  test("a supplier's HTML that imitates a card's markers is left as it is", async () => {
    const store = new CardStore();
    const fake =
      '<template data-card-slot="x-0"></template><template data-card-start="x-0"></template>' +
      '<template data-card-end="x-0"></template>/__page-path-x__';
    await render("/ru/product/101", { currency: "RUB" }, products, store, fake);
    const page = await render("/ru/product/102", { currency: "RUB" }, products, store, fake);
    expect(page.slots).toBe(products.length + 1);
    expect(page.html).toBe((await render("/ru/product/102", { currency: "RUB" }, products, undefined, fake)).html);
  });

  test("the store keeps to its bound, dropping the least recently used cards", async () => {
    const store = new CardStore(12_000);
    await render("/ru/product/101", { currency: "RUB" }, products.slice(0, 2), store);
    const kept = store.size;
    for (let i = 0; i < 20; i++) await render(`/ru/product/${200 + i}`, { currency: "RUB" }, [card(100 + i)], store);
    expect(store.bytes).toBeLessThanOrEqual(12_000);
    expect(store.size).toBeGreaterThan(0);
    expect(store.size).toBeLessThan(kept + 20);
    // Recently used cards are still there: the last one is a hit.
    expect((await render("/ru/product/300", { currency: "RUB" }, [card(119)], store)).slots).toBe(1);
  });
});
