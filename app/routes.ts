/**
 * The web tier's URL map: every URL and the module that answers it, written out (no file-system
 * routing), so a URL is found here and a module's URL next to it.
 *
 * Every page sits under one optional language segment (DESIGN §5); `layouts/lang.tsx` validates it.
 * Layouts (spec §2): default (header and footer), empty (the sign-in flow), svg-sprite (the icon
 * page); the admin area has its own frame. `offline` is the saved pages and the service worker's
 * fallback; `manifest.webmanifest` the per-language web app manifest.
 *
 * Modules live by area (ADR 045): routes/site (public documents), routes/profile (the signed-in
 * user's section, by sub-area), routes/admin, routes/auth and routes/resources (non-page routes the
 * whole site uses). Each moved route keeps its earlier id (`{ id: "routes/…" }`), so ids that code and
 * tests name (`useRouteLoaderData("routes/admin")`, the data requests' `_routes`) did not change.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("_locale", "routes/resources/set-locale.ts", { id: "routes/set-locale" }),
  route("_currency", "routes/resources/set-currency.ts", { id: "routes/set-currency" }),
  route("robots.txt", "routes/resources/robots.ts", { id: "routes/robots" }),
  route("sitemap.xml", "routes/resources/sitemap-index.ts", { id: "routes/sitemap-index" }),
  route("sitemaps/:name", "routes/resources/sitemap-page.ts", { id: "routes/sitemap-page" }),
  route(":lang?", "layouts/lang.tsx", { id: "routes/lang" }, [
    layout("layouts/default.tsx", [
      index("routes/site/home.tsx", { id: "routes/home" }),
      route("okved", "routes/site/okved.tsx", { id: "routes/okved" }),
      route("okved/:code", "routes/site/okved-code.tsx", { id: "routes/okved-code" }),
      route("tnved", "routes/site/tnved.tsx", { id: "routes/tnved" }),
      route("tnved/:code", "routes/site/tnved-code.tsx", { id: "routes/tnved-code" }),
      route("search", "routes/site/search.tsx", { id: "routes/search" }),
      route("catalog", "routes/site/catalog.tsx", { id: "routes/catalog" }),
      route("catalog/:id", "routes/site/catalog-category.tsx", { id: "routes/catalog-category" }),
      route("product/:id", "routes/site/product.tsx", { id: "routes/product" }),
      route("suppliers", "routes/site/suppliers.tsx", { id: "routes/suppliers" }),
      route("suppliers/:id", "routes/site/supplier.tsx", { id: "routes/supplier" }),
      route("suppliers/:id/products", "routes/site/supplier-products.tsx", { id: "routes/supplier-products" }),
      // "This is my company" for a company from the FNS registers (issue 30 §3, ADR 057).
      route("suppliers/:id/claim", "routes/site/supplier-claim.tsx", { id: "routes/supplier-claim" }),
      route("services", "routes/site/services.tsx", { id: "routes/services" }),
      route("services/company", "routes/site/services-company.tsx", { id: "routes/services-company" }),
      route("services/company/:id", "routes/site/services-company-item.tsx", { id: "routes/services-company-item" }),
      route("press_center", "routes/site/press-center.tsx", { id: "routes/press-center" }),
      route("press_center/:id", "routes/site/press-story.tsx", { id: "routes/press-story" }),
      // The interactive reference is a page of its own (Scalar); the server-rendered one its no-JS fallback (ADR 024).
      route("api-docs", "routes/site/api-docs.ts", { id: "routes/api-docs" }),
      route("api-docs/reference", "routes/site/api-docs-reference.tsx", { id: "routes/api-docs-reference" }),
      // Connecting AI assistants to the MCP server (issue 29 §3; ADR 055).
      route("api-docs/mcp", "routes/site/api-docs-mcp.tsx"),
      route("favorites", "routes/site/favorites.tsx", { id: "routes/favorites" }),
      route("inquiry/new", "routes/site/inquiry-new.tsx", { id: "routes/inquiry-new" }),
      // Buying requests (RFQ, issue 14 §2): the public list and page.
      route("rfq", "routes/site/rfq.tsx", { id: "routes/rfq" }),
      route("rfq/:id", "routes/site/rfq-item.tsx", { id: "routes/rfq-item" }),
      // Payment routes: the platform's recorded outcomes per bank and agent (issue 28 §3; ADR 049).
      route("payment-routes", "routes/site/payment-routes.tsx", { id: "routes/payment-routes" }),
      route("profile", "routes/profile/layout.tsx", { id: "routes/profile" }, [
        route("product", "routes/profile/products/products.tsx", { id: "routes/profile-product-list" }),
        route("product/new", "routes/profile/products/new.tsx", { id: "routes/profile-product-new" }),
        route("price-list", "routes/profile/price-lists/price-lists.tsx", { id: "routes/profile-price-list" }),
        route("price-list/:id", "routes/profile/price-lists/run.tsx", { id: "routes/profile-price-list-run" }),
        route("product/:id", "routes/profile/products/product.tsx", { id: "routes/profile-product" }, [
          index("routes/profile/products/product-main.tsx", { id: "routes/profile-product-main" }),
          route("file", "routes/profile/products/product-file.tsx", { id: "routes/profile-product-file" }),
          route("price", "routes/profile/products/product-price.tsx", { id: "routes/profile-product-price" }),
        ]),
        // Personal pages (open without a company): settings and the sign-in e-mail and phone (ADR 017).
        route("settings", "routes/profile/settings.tsx", { id: "routes/profile-settings" }),
        route("change_mail", "routes/profile/contacts/change-mail.tsx", { id: "routes/profile-change-mail" }),
        route("mail", "routes/profile/contacts/mail.tsx", { id: "routes/profile-mail" }),
        route("mail/phone", "routes/profile/contacts/mail-phone.tsx", { id: "routes/profile-mail-phone" }),
        route("mail/:id", "routes/profile/contacts/mail-entry.tsx", { id: "routes/profile-mail-entry" }),
        route("mail/:id/code", "routes/profile/contacts/mail-code.tsx", { id: "routes/profile-mail-code" }),
        route("mail/:id/success", "routes/profile/contacts/mail-success.tsx", { id: "routes/profile-mail-success" }),
        route("phone", "routes/profile/contacts/phone.tsx", { id: "routes/profile-phone" }),
        route("phone/:id", "routes/profile/contacts/phone-entry.tsx", { id: "routes/profile-phone-entry" }),
        route("phone/:id/code", "routes/profile/contacts/phone-code.tsx", { id: "routes/profile-phone-code" }),
        route("phone/:id/success", "routes/profile/contacts/phone-success.tsx", { id: "routes/profile-phone-success" }),
        // The company's employees (ADR 009).
        route("employee", "routes/profile/employees/employees.tsx", { id: "routes/profile-employee" }),
        route("employee/:id", "routes/profile/employees/employee.tsx", { id: "routes/profile-employee-edit" }),
        index("routes/profile/home.tsx", { id: "routes/profile-home" }),
        route("start", "routes/profile/start.tsx", { id: "routes/profile-start" }),
        route("company", "routes/profile/company/company.tsx", { id: "routes/profile-company" }),
        route("company/edit", "routes/profile/company/edit.tsx", { id: "routes/profile-company-edit" }, [
          index("routes/profile/company/edit-main.tsx", { id: "routes/profile-company-edit-main" }),
          route("file", "routes/profile/company/edit-file.tsx", { id: "routes/profile-company-edit-file" }),
          route("additionally", "routes/profile/company/edit-additionally.tsx", { id: "routes/profile-company-edit-additionally" }),
        ]),
        route("legal_entities", "routes/profile/company/legal-entities.tsx", { id: "routes/profile-legal-entities" }),
        route("payment-routes", "routes/profile/company/payment-routes.tsx"),
        // Inquiries and conversations (issue 14; ADR 028).
        route("inquiries", "routes/profile/conversations/inquiries.tsx", { id: "routes/profile-inquiries" }),
        route("inbox", "routes/profile/conversations/inbox.tsx", { id: "routes/profile-inbox" }),
        route("conversations/:id", "routes/profile/conversations/conversation.tsx", { id: "routes/profile-conversation" }),
        // Buying requests: the buyer's own (open without a company) and the supplier's quotes.
        route("rfq", "routes/profile/rfq/requests.tsx", { id: "routes/profile-rfq" }),
        route("rfq/new", "routes/profile/rfq/request-new.tsx", { id: "routes/profile-rfq-new" }),
        route("rfq/:id", "routes/profile/rfq/request.tsx", { id: "routes/profile-rfq-item" }),
        route("quotes", "routes/profile/rfq/quotes.tsx", { id: "routes/profile-quotes" }),
        route("quotes/requests", "routes/profile/rfq/quote-requests.tsx", { id: "routes/profile-quotes-requests" }),
        route("quotes/new", "routes/profile/rfq/quote.tsx", { id: "profile-quotes-new" }),
        route("quotes/:id", "routes/profile/rfq/quote.tsx", { id: "profile-quote" }),
        // API keys (issue 29 §1; ADR 052): the company's and the person's own, one module.
        route("company/api-keys", "routes/profile/api-keys/keys.tsx", { id: "routes/profile-company-api-keys" }),
        route("settings/api-keys", "routes/profile/api-keys/keys.tsx", { id: "routes/profile-api-keys" }),
        // The 1C exchange's settings and last imports (issue 29 §2; ADR 054).
        route("exchange-1c", "routes/profile/exchange-1c/exchange-1c.tsx"),
        // The company's numbers as charts (issue 28 §4; ADR 051).
        route("dashboard", "routes/profile/dashboard/dashboard.tsx"),
        // Orders (issue 28; ADR 048).
        route("orders", "routes/profile/orders/orders.tsx"),
        route("orders/new", "routes/profile/orders/new.tsx"),
        route("orders/:id", "routes/profile/orders/order.tsx"),
        route("orders/:id/counter", "routes/profile/orders/counter.tsx"),
        // The agreed version as a bilingual PDF (server/orders/contract.ts), passed through from the API.
        route("orders/:id/contract.pdf", "routes/profile/orders/contract.ts"),
      ]),
      route("offline", "routes/site/offline.tsx", { id: "routes/offline" }),
      // Content pages of the spec (§2), written in the admin area (issue 7).
      route("talp", "routes/site/talp.tsx", { id: "routes/talp" }),
      route("liaozhong", "routes/site/liaozhong.tsx", { id: "routes/liaozhong" }),
      route("*", "routes/site/not-found.tsx", { id: "routes/not-found" }),
    ]),
    // The sign-in flow on the empty layout: the brand and the language switcher, no navigation away.
    layout("layouts/empty.tsx", [
      route("auth", "routes/auth/layout.tsx", { id: "routes/auth" }, [
        index("routes/auth/sign-in.tsx", { id: "routes/auth-sign-in" }),
        route("code", "routes/auth/code.tsx", { id: "routes/auth-code" }),
        route("registration", "routes/auth/registration.tsx", { id: "routes/auth-registration" }),
        // The undo link in the notice of a changed sign-in address (security review F10).
        route("undo-contact", "routes/auth/undo-contact.tsx", { id: "routes/auth-undo-contact" }),
      ]),
    ]),
    layout("layouts/svg-sprite.tsx", [route("_icons", "routes/site/icons.tsx", { id: "routes/icons" })]),
    // The admin area (issue 7): its own frame; site staff only (routes/admin/layout.tsx).
    route("admin", "routes/admin/layout.tsx", { id: "routes/admin" }, [
      index("routes/admin/home.tsx", { id: "routes/admin-home" }),
      route("moderation", "routes/admin/moderation.tsx", { id: "routes/admin-moderation" }),
      route("moderation/submissions/:id", "routes/admin/moderation-submission.tsx"),
      route("moderation/:kind/:id", "routes/admin/moderation-item.tsx", { id: "routes/admin-moderation-item" }),
      route("messages", "routes/admin/messages.tsx", { id: "routes/admin-messages" }),
      // Claims of companies from the FNS registers (issue 30 §3, ADR 057).
      route("claims", "routes/admin/claims.tsx", { id: "routes/admin-claims" }),
      route("order-disputes", "routes/admin/order-disputes.tsx", { id: "routes/admin-order-disputes" }),
      route("audit", "routes/admin/audit.tsx", { id: "routes/admin-audit" }),
      route("companies", "routes/admin/companies.tsx", { id: "routes/admin-companies" }),
      route("companies/:id", "routes/admin/company.tsx", { id: "routes/admin-company" }),
      route("products", "routes/admin/products.tsx", { id: "routes/admin-products" }),
      route("services", "routes/admin/services.tsx", { id: "routes/admin-services" }),
      route("users", "routes/admin/users.tsx", { id: "routes/admin-users" }),
      route("users/:id", "routes/admin/user.tsx", { id: "routes/admin-user" }),
      route("employees", "routes/admin/employees.tsx", { id: "routes/admin-employees" }),
      route("legal-entities", "routes/admin/legal-entities.tsx", { id: "routes/admin-legal-entities" }),
      route("rfq", "routes/admin/rfq.tsx", { id: "routes/admin-rfq" }),
      route("inquiries", "routes/admin/inquiries.tsx", { id: "routes/admin-inquiries" }),
      route("export/:kind", "routes/admin/export.ts", { id: "routes/admin-export" }),
      route("categories", "routes/admin/categories.tsx", { id: "routes/admin-categories" }),
      route("categories/:id", "routes/admin/category.tsx", { id: "routes/admin-category" }),
      route("service-types", "routes/admin/service-types.tsx", { id: "routes/admin-service-types" }),
      route("service-types/:id", "routes/admin/service-type.tsx", { id: "routes/admin-service-type" }),
      route("press", "routes/admin/press.tsx", { id: "routes/admin-press" }),
      route("press/:id", "routes/admin/story.tsx", { id: "routes/admin-story" }),
      route("tags", "routes/admin/tags.tsx", { id: "routes/admin-tags" }),
      route("pages", "routes/admin/pages.tsx", { id: "routes/admin-pages" }),
      route("pages/:slug", "routes/admin/page.tsx", { id: "routes/admin-page" }),
      route("*", "routes/admin/not-found.tsx", { id: "routes/admin-not-found" }),
    ]),
    route("manifest.webmanifest", "routes/resources/web-manifest.ts", { id: "routes/web-manifest" }),
    route("logout", "routes/resources/logout.ts", { id: "routes/logout" }),
    route("favourite", "routes/resources/favourite.ts", { id: "routes/favourite" }),
    route("profile/upload", "routes/profile/upload.ts", { id: "routes/profile-upload" }),
    route("profile/price-list/export", "routes/profile/price-lists/export.ts", { id: "routes/profile-price-list-export" }),
    // Attachments that are not public media, checked on every download (ADR 040).
    route("files/:id", "routes/resources/private-file.ts", { id: "routes/private-file" }),
    route("profile/price-list/:id/errors.csv", "routes/profile/price-lists/errors.ts", { id: "routes/profile-price-list-errors" }),
    route("profile/classifier", "routes/profile/classifier.ts", { id: "routes/profile-classifier" }),
    route("profile/rfq-suppliers", "routes/profile/rfq/suppliers.ts", { id: "routes/profile-rfq-suppliers" }),
    route("profile/translations", "routes/resources/translations.ts", { id: "routes/profile-translations" }),
    route("session/refresh", "routes/resources/session-refresh.ts", { id: "routes/session-refresh" }),
  ]),
] satisfies RouteConfig;
