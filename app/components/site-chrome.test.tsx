/**
 * The site header and footer reused as HTML (ADR 060, issue 31 §4) give a document byte for byte
 * what rendering them in full gives: the real SiteHeader and SiteFooter with the real translations,
 * through React Router's static (server) router, rendered in full, then as the first document of a
 * key (stored) and as later documents of it (slots filled in), on another page of the same kind, in
 * each language, header form and currency, and for the pages that must not use the store.
 */
import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { pageI18ns } from "#tests/support/i18n.ts";
import { ChromeFragments, ChromeFragmentsContext, type ChromeStore } from "../lib/chrome-fragments.tsx";
import { DocumentContext } from "../lib/documents.ts";
import { SiteFooter, SiteHeader } from "./site-chrome.tsx";

type Visitor = { currency: string; viewport: string; viewportKnown: boolean; user?: object | null };

const layoutData = {
  topCategories: [
    { id: 12, name: { text: "Трубы & фитинги", lang: "ru" }, productCount: 12345 },
    { id: 7, name: { text: "<Станки>", lang: "ru" }, productCount: 3 },
  ],
  catalogue: { products: 100000, suppliers: 300 },
};

function routes(visitor: Visitor) {
  return [
    {
      id: "root",
      path: "/",
      loader: () => ({
        user: visitor.user ?? null,
        money: { currency: visitor.currency, rates: null },
        viewport: visitor.viewport,
        viewportKnown: visitor.viewportKnown,
      }),
      Component: () => (
        <DocumentContext value={true}>
          <Outlet />
        </DocumentContext>
      ),
      children: [
        {
          id: "layouts/default",
          path: ":lang?",
          loader: () => layoutData,
          Component: () => (
            <>
              <SiteHeader />
              <Outlet />
              <SiteFooter />
            </>
          ),
          children: [
            { index: true, Component: () => <main id="main">home</main> },
            { path: "press_center", Component: () => <main id="main">press centre</main> },
            { path: "product/:id", Component: () => <main id="main">a product</main> },
            { path: "suppliers/:id", Component: () => <main id="main">a supplier</main> },
            // A supplier's HTML that imitates the chrome and its slots (descriptions are sanitised HTML).
            {
              path: "press_center/:id",
              Component: () => (
                <main
                  id="main"
                  // oxlint-disable-next-line react/no-danger -- stands for a supplier's sanitised HTML description, which pages render so
                  dangerouslySetInnerHTML={{
                    __html:
                      '<header class="site-header">x</header><footer class="site-footer">y</footer><footer data-chrome="footer"></footer><header data-chrome="header"></header>',
                  }}
                />
              ),
            },
          ],
        },
      ],
    },
  ];
}

let i18ns = new Map<string, I18n>();

/** The page at `url` as the document entry renders it: with `store`, through ChromeFragments (slots filled). */
async function render(url: string, visitor: Visitor, store?: ChromeStore): Promise<{ html: string; slots: number }> {
  const handler = createStaticHandler(routes(visitor));
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const lang = /^\/(en|zh)(\/|$)/.exec(url)?.[1] ?? "ru";
  const fragments = store ? new ChromeFragments(store) : null;
  const raw = renderToString(
    <I18nextProvider i18n={i18ns.get(lang)!}>
      <ChromeFragmentsContext value={fragments}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ChromeFragmentsContext>
    </I18nextProvider>,
  );
  const slots = (raw.match(/data-chrome=/g) ?? []).length;
  return { html: fragments ? fragments.finish(Buffer.from(raw)).toString("utf8") : raw, slots };
}

beforeAll(async () => {
  i18ns = await pageI18ns();
});

describe("the site header and footer reused as HTML", () => {
  const visitors: Visitor[] = [
    { currency: "RUB", viewport: "lg", viewportKnown: false },
    { currency: "CNY", viewport: "xs", viewportKnown: true },
    { currency: "USD", viewport: "md", viewportKnown: true },
  ];

  test("a later document of a key is byte for byte its full render, in every language, form and currency", async () => {
    for (const prefix of ["/ru", "/en", "/zh", ""])
      for (const visitor of visitors) {
        const store: ChromeStore = new Map();
        const first = await render(`${prefix}/product/101`, visitor, store);
        expect(first.slots).toBe(0);
        expect(first.html).toBe((await render(`${prefix}/product/101`, visitor)).html);
        expect(store.size).toBe(2);
        for (const url of [`${prefix}/product/101`, `${prefix}/product/2024`, `${prefix}/product/7`]) {
          const reused = await render(url, visitor, store);
          expect(reused.slots, url).toBe(2);
          expect(reused.html, url).toBe((await render(url, visitor)).html);
          expect(reused.html).toContain(encodeURIComponent(url.replace(/^\/(ru|en|zh)/, "")));
        }
        // Another kind of page gets its own header (its own current link), and shares the footer.
        const supplier = await render(`${prefix}/suppliers/55`, visitor, store);
        expect(supplier.slots).toBe(1);
        expect(supplier.html).toBe((await render(`${prefix}/suppliers/55`, visitor)).html);
      }
  });

  test("a footer stored on any page is the full footer of every other page (the home page's path is not taken for a path)", async () => {
    const visitor = visitors[0]!;
    for (const prefix of ["", "/en", "/zh"]) {
      const store: ChromeStore = new Map();
      for (const url of [prefix || "/", `${prefix}/press_center`, `${prefix}/product/12`, `${prefix}/suppliers/5`, prefix || "/"]) {
        const reused = await render(url, visitor, store);
        expect(reused.html, url).toBe((await render(url, visitor)).html);
      }
      // Stored once, from the first page, and reused by the others.
      expect([...store.keys()].filter((key) => key.startsWith("footer|"))).toHaveLength(1);
    }
  });

  test("one store serves pages with and without the language prefix, in any order", async () => {
    const store: ChromeStore = new Map();
    const visitor = visitors[0]!;
    for (const url of ["/ru/product/5", "/product/6", "/ru/product/7", "/product/8", "/en/product/9", "/ru/suppliers/3", "/suppliers/4"]) {
      expect((await render(url, visitor, store)).html, url).toBe((await render(url, visitor)).html);
    }
  });

  test("HTML in the page that imitates the header, the footer or their slots is left as it is", async () => {
    const store: ChromeStore = new Map();
    const visitor = visitors[1]!;
    for (const url of ["/en/press_center/1", "/en/press_center/2", "/en/press_center/3"]) {
      const page = await render(url, visitor, store);
      expect(page.html, url).toBe((await render(url, visitor)).html);
    }
    expect((await render("/en/press_center/4", visitor, store)).slots).toBe(4);
  });

  test("pages whose header cannot be filled in exactly, and signed-in visitors, render in full", async () => {
    const store: ChromeStore = new Map();
    const visitor = visitors[0]!;
    await render("/ru/product/1", visitor, store);
    for (const url of ["/ru/product/1?qty=5", "/ru/product/1a"]) {
      const page = await render(url, visitor, store);
      expect(page.html).toContain('<header class="site-header');
      expect((await render(url, visitor)).html).toBe(page.html);
    }
    expect(
      ChromeFragments.headerKey({ lang: "ru", prefixed: true, mode: "adaptive", currency: "RUB", rest: "/product/1", search: "?qty=5" }),
    ).toBeNull();
    const signedIn = {
      ...visitor,
      user: { firstName: "Анна", lastName: "Ли", role: "USER", organization: null, favouriteIds: [1], unreadNotifications: 0 },
    };
    const page = await render("/ru/product/1", signedIn, store);
    expect(page.html).toContain("Анна");
    expect(page.html).toBe((await render("/ru/product/1", signedIn)).html);
  });
});
