/**
 * The public catalogue's operations in the generated OpenAPI document (contract/products.ts,
 * companies.ts, categories.ts, services.ts, classifiers.ts, search.ts, app-data.ts, sitemap.ts):
 * each with its response schema as a named component, the classifier tree's answer as the union it
 * is, and the errors it may answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.close());

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
};
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const dataOf = (op: Operation) => op.responses["200"]?.content?.["application/json"]?.schema?.properties?.data;

describe("the catalogue in the OpenAPI document", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await api.getJson<Doc>("/api/openapi.json")).body;
  });

  it("lists every public catalogue, classifier and search operation under its own path", () => {
    const expected: Record<string, string> = {
      "/api/categories": "listCategories",
      "/api/products": "listProducts",
      "/api/products/random": "randomProducts",
      "/api/products/filter": "productFacets",
      "/api/products/{id}": "getProduct",
      "/api/products/{id}/products": "relatedProducts",
      "/api/companies": "listCompanies",
      "/api/companies/{id}": "getCompany",
      "/api/companies/{id}/products": "listCompanyProducts",
      "/api/regions": "listRegions",
      "/api/services": "listServiceTypes",
      "/api/company-services": "listCompanyServices",
      "/api/company-services/{id}": "getCompanyService",
      "/api/okved/tree": "okvedTree",
      "/api/tnved/tree": "tnvedTree",
      "/dev/okved2": "searchOkved",
      "/dev/ved": "searchTnved",
      "/dev/search": "crossSearch",
      "/dev/product/search": "searchProducts",
      "/dev/suppliers/filter": "filterSuppliers",
      "/dev/services/filter": "filterServices",
      "/app/data": "getAppData",
      "/app/sitemap": "listSitemaps",
      "/app/sitemap/{type}": "getSitemapPage",
    };
    for (const [path, operationId] of Object.entries(expected)) expect(doc.paths[path]?.get?.operationId, path).toBe(operationId);
  });

  it("describes a product's price tiers, MOQ, variants and supplier, and a supplier's legal entities", () => {
    expect(dataOf(doc.paths["/api/products/{id}"]!.get!)?.$ref).toBe("#/components/schemas/ProductDetail");
    const product = doc.components.schemas.ProductDetail!;
    for (const field of ["prices", "moq", "moqUnit", "variants", "facts", "documents", "company"])
      expect(product.properties?.[field], field).toBeDefined();
    expect(product.properties?.prices?.items?.$ref).toBe("#/components/schemas/PriceTier");
    const entity = doc.components.schemas.LegalEntityPublic!;
    for (const field of ["inn", "kpp", "ogrn"]) expect(entity.properties?.[field], field).toBeDefined();
    expect(doc.components.schemas.CompanyDetail?.properties?.okved).toBeDefined();
  });

  it("documents the classifier tree's answer as a level or one code's detail, with invalid_code and not_found", () => {
    const op = doc.paths["/api/okved/tree"]!.get!;
    const refs = (dataOf(op)?.anyOf ?? []).map((s) => s.$ref ?? s.items?.$ref);
    expect(refs).toEqual(["#/components/schemas/ClassifierNode", "#/components/schemas/ClassifierNodeDetail"]);
    expect(op.responses["400"]).toBeDefined();
    expect(op.responses["404"]).toBeDefined();
  });

  it("names the category tree's recursion and the app data", () => {
    expect(doc.components.schemas.CategoryNode?.properties?.children?.items?.$ref).toBe("#/components/schemas/CategoryNode");
    expect(dataOf(doc.paths["/app/data"]!.get!)?.$ref).toBe("#/components/schemas/AppData");
  });
});
