/**
 * TRANSITION (issue 13): the hand-kept operations of resources not yet declared in contract/. The
 * generated document (openapi.ts) takes a path and method from here only when no descriptor
 * declares it; each resource's entries go when the resource moves to the contract.
 *
 * The OpenAPI 3.1 document of the public API, served at `GET /api/openapi.json` and rendered by the
 * web tier at `/api-docs`. The company profile, uploads and suggestions (issue 5) come from
 * openapi-profile.ts, with request bodies generated from the shared profile schemas. Query parameters are generated from the same zod schemas that validate
 * requests (zod's JSON Schema output), so the document cannot drift from what the API accepts.
 */
import { z } from "zod";
import { CompanyListQuery, CompanyServiceListQuery, LangOnly, ProductListQuery, RandomQuery, RegionListQuery } from "./catalog.ts";
import { SearchQuery, TreeQuery } from "./classifiers.ts";
import { CrossSearchQuery, ProductFacetQuery, ProductSearchQuery, ServiceFilterQuery, SupplierFilterQuery } from "./search.ts";
import { APP_NAME } from "./app-data.ts";

interface Operation {
  path: string;
  tag: string;
  summary: string;
  description?: string;
  query?: z.ZodObject;
  pathParams?: { name: string; description: string }[];
  /** What `data` holds on success. */
  returns: string;
  paged?: boolean;
  notFound?: boolean;
}

const idParam = (what: string) => [{ name: "id", description: `${what} id` }];

export const operations: Operation[] = [
  { path: "/app/data", tag: "App", summary: "App data loaded at start", description: "Figures are per-process caches refreshed about once a minute.", query: LangOnly, returns: "{ appName, defaultLanguage, languages[{code, region, name}], defaultCurrency, currencies, classifiers{okved, tnved: {edition, count, importedAt}}, topCategories[{id, slug, icon, name, productCount}], catalogue{products, suppliers} }" },
  { path: "/api/okved/tree", tag: "Classifiers", summary: "OKVED2 tree", description: "No parameters: sections; `parent`: children; `code`: one code with path, children, notes and cited codes.", query: TreeQuery, returns: "ClassifierNode[] | ClassifierNodeDetail", notFound: true },
  { path: "/api/tnved/tree", tag: "Classifiers", summary: "TN VED EAEU tree", description: "As the OKVED tree; a code's detail adds its section and chapter notes.", query: TreeQuery, returns: "ClassifierNode[] | ClassifierNodeDetail", notFound: true },
  { path: "/dev/okved2", tag: "Classifiers", summary: "Search OKVED2", description: "`q` is a code or code prefix in any spelling, or words (Russian morphology, prefixes, typos corrected: meta.correctedQuery).", query: SearchQuery, returns: "SearchHit[] (highlights as [start, end) ranges)", paged: true },
  { path: "/dev/ved", tag: "Classifiers", summary: "Search TN VED EAEU", query: SearchQuery, returns: "SearchHit[]", paged: true },
  { path: "/api/categories", tag: "Catalogue", summary: "Category tree with product counts", query: LangOnly, returns: "CategoryNode[]" },
  { path: "/api/products", tag: "Catalogue", summary: "Published products", description: "Price filters apply with `currency`; price sorts too.", query: ProductListQuery, returns: "ProductCard[]", paged: true },
  { path: "/api/products/random", tag: "Catalogue", summary: "Random published products", query: RandomQuery, returns: "ProductCard[]" },
  { path: "/api/products/filter", tag: "Catalogue", summary: "Product facets", description: "Counts by category, region, TN VED chapter, verification; price and MOQ ranges per currency and unit.", query: ProductFacetQuery, returns: "ProductFacets" },
  { path: "/api/products/{id}", tag: "Catalogue", summary: "One product", pathParams: idParam("Product"), query: LangOnly, returns: "ProductDetail", notFound: true },
  { path: "/api/products/{id}/products", tag: "Catalogue", summary: "Related products", pathParams: idParam("Product"), query: RandomQuery, returns: "ProductCard[]" },
  { path: "/api/companies", tag: "Suppliers", summary: "Published suppliers", query: CompanyListQuery, returns: "CompanyListItem[]", paged: true },
  { path: "/api/companies/{id}", tag: "Suppliers", summary: "One supplier", pathParams: idParam("Company"), query: LangOnly, returns: "CompanyDetail (legal entities, OKVED, facts, files, services)", notFound: true },
  { path: "/api/companies/{id}/products", tag: "Suppliers", summary: "A supplier's products", pathParams: idParam("Company"), query: ProductListQuery, returns: "ProductCard[]", paged: true },
  { path: "/api/regions", tag: "Suppliers", summary: "Regions a supplier may be placed in", description: "The subjects of the Russian Federation (code = the two-digit region code of INN and KPP) and the provincial-level divisions of China (`CN-` + the GB/T 2260 prefix), in that order.", query: RegionListQuery, returns: "{ code, country, name }[]" },
  { path: "/api/services", tag: "Services", summary: "Service types with supplier counts", query: LangOnly, returns: "ServiceType[]" },
  { path: "/api/company-services", tag: "Services", summary: "Suppliers' service offers", query: CompanyServiceListQuery, returns: "CompanyServiceItem[]", paged: true },
  { path: "/api/company-services/{id}", tag: "Services", summary: "One service offer", pathParams: idParam("Service offer"), query: LangOnly, returns: "CompanyServiceItem", notFound: true },
  { path: "/dev/search", tag: "Search", summary: "One query across products, suppliers, services and stories", description: "When nothing matches, the words are spelling-corrected against the catalogue's vocabulary and searched again: meta.correctedQuery.", query: CrossSearchQuery, returns: "{ products, suppliers, services, stories: { items, total } }" },
  { path: "/dev/product/search", tag: "Search", summary: "Ranked product search with the product filters", description: "Words in ru, en or zh; each hit says which translation matched (`matched`). Totals count at most 2,000 ranked matches (totalCapped). Typos corrected when nothing matches: meta.correctedQuery.", query: ProductSearchQuery, returns: "ProductHit[]", paged: true },
  { path: "/dev/suppliers/filter", tag: "Search", summary: "Suppliers with filters and facets", query: SupplierFilterQuery, returns: "{ items: CompanyListItem[], facets: SupplierFacets }", paged: true },
  { path: "/dev/services/filter", tag: "Search", summary: "Service offers with filters and service types", query: ServiceFilterQuery, returns: "{ items: CompanyServiceItem[], serviceTypes: ServiceType[] }", paged: true },
];

function parameters(op: Operation) {
  const params: Record<string, unknown>[] = (op.pathParams ?? []).map((p) => ({ name: p.name, in: "path", required: true, description: p.description, schema: { type: "integer", minimum: 1 } }));
  if (op.query) {
    const schema = z.toJSONSchema(op.query, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  return params;
}

const envelope = (paged: boolean, returns: string) => ({
  description: `\`{ data${paged ? ", meta: { page, perPage, total, pages, totalCapped }" : ""} }\` — data: ${returns}`,
  content: { "application/json": { schema: { $ref: paged ? "#/components/schemas/PagedEnvelope" : "#/components/schemas/Envelope" } } },
});

const error = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

export function legacyDocument() {
  const paths: Record<string, unknown> = {};
  for (const op of operations) {
    paths[op.path] = {
      get: {
        tags: [op.tag],
        summary: op.summary,
        description: op.description,
        parameters: parameters(op),
        responses: {
          "200": envelope(op.paged ?? false, op.returns),
          "400": error("Invalid parameters: `invalid_query` (with `issues`) or `invalid_code`"),
          ...(op.notFound ? { "404": error("`not_found`") } : {}),
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${APP_NAME} API`,
      version: "0.1.0",
      description: "Public API of the Postavka supplier directory. Texts are localized by `lang` (ru, en, zh); every localized value is `{ text, lang }`, lang being the language the text is actually in.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access token (the `access` cookie of the web tier)." } },
      schemas: {
        Envelope: { type: "object", required: ["data"], properties: { data: {} } },
        PagedEnvelope: {
          type: "object",
          required: ["data", "meta"],
          properties: {
            data: { type: "array", items: {} },
            meta: {
              type: "object",
              properties: { page: { type: "integer" }, perPage: { type: "integer" }, total: { type: "integer" }, pages: { type: "integer" }, totalCapped: { type: "boolean" } },
            },
          },
        },
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string" }, message: { type: "string" }, issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } } },
            },
          },
        },
      },
    },
  };
}

