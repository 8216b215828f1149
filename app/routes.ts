import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page sits under one optional language segment (DESIGN §5); `routes/lang.tsx` validates it.
 * Layouts (spec §2): default (header and footer), svg-sprite (the icon page). `offline` is the saved
 * pages and the service worker's fallback; `manifest.webmanifest` the per-language web app manifest.
 */
export default [
  route("_locale", "routes/set-locale.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemaps/:name", "routes/sitemap-page.ts"),
  route(":lang?", "routes/lang.tsx", [
    layout("layouts/default.tsx", [
      index("routes/home.tsx"),
      route("okved", "routes/okved.tsx"),
      route("okved/:code", "routes/okved-code.tsx"),
      route("tnved", "routes/tnved.tsx"),
      route("tnved/:code", "routes/tnved-code.tsx"),
      route("search", "routes/search.tsx"),
      route("catalog", "routes/catalog.tsx"),
      route("catalog/:id", "routes/catalog-category.tsx"),
      route("product/:id", "routes/product.tsx"),
      route("suppliers", "routes/suppliers.tsx"),
      route("suppliers/:id", "routes/supplier.tsx"),
      route("suppliers/:id/products", "routes/supplier-products.tsx"),
      route("services", "routes/services.tsx"),
      route("services/company", "routes/services-company.tsx"),
      route("services/company/:id", "routes/services-company-item.tsx"),
      route("press_center", "routes/press-center.tsx"),
      route("press_center/:id", "routes/press-story.tsx"),
      route("api-docs", "routes/api-docs.tsx"),
      route("auth", "routes/auth.tsx", [
        index("routes/auth-sign-in.tsx"),
        route("code", "routes/auth-code.tsx"),
        route("registration", "routes/auth-registration.tsx"),
      ]),
      route("favorites", "routes/favorites.tsx"),
      route("offline", "routes/offline.tsx"),
      route("*", "routes/not-found.tsx"),
    ]),
    layout("layouts/svg-sprite.tsx", [route("_icons", "routes/icons.tsx")]),
    route("manifest.webmanifest", "routes/web-manifest.ts"),
    route("logout", "routes/logout.ts"),
    route("favourite", "routes/favourite.ts"),
    route("session/refresh", "routes/session-refresh.ts"),
  ]),
] satisfies RouteConfig;
