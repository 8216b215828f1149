/**
 * The tools of the MCP server (issue 29 §3; ADR 055): what an AI assistant may ask of Postavka.
 * Each tool validates its arguments with its zod schema (snake_case names; a refusal is the
 * protocol's invalid-params error, server/mcp/server.ts), then makes one to three operations of the
 * API contract through `ToolContext.call` (server/mcp/api-call.ts: in process, as the MCP request's
 * own caller), so it shows exactly what the same API request would — the "mirrors" line of each
 * tool names the operations. It answers a short English text for the model and `structuredContent`
 * (the same facts as data), every item with the absolute link of its page on the configured public
 * origin, in the asked language's URL (`/en/…`, `/zh/…`; Russian has no prefix).
 *
 * Tools that read the public catalogue need no key (a key, when sent, needs `catalog:read`, or
 * `rfq` for buying requests, exactly as the API asks). `draft_buying_request`,
 * `list_conversations` and `list_orders` act as a person: they need an API key with `rfq`,
 * `conversations:read` and `orders` respectively.
 */
import { z } from "zod";
import { LANGS, type Lang } from "#contract/langs.ts";
import { CountrySchema, CurrencySchema, RegionCodeSchema, SupplierKindSchema } from "#contract/common.ts";
import type { ApiScope } from "#contract/api-scopes.ts";
import type { RouteData, RouteDescriptor, RouteMeta } from "#contract/route.ts";
import * as classifiersApi from "#contract/classifiers.ts";
import * as companiesApi from "#contract/companies.ts";
import * as conversationsApi from "#contract/conversations.ts";
import * as inquiriesApi from "#contract/inquiries.ts";
import * as moneyApi from "#contract/money.ts";
import * as ordersApi from "#contract/orders.ts";
import * as paymentRoutesApi from "#contract/payment-routes.ts";
import * as productsApi from "#contract/products.ts";
import * as rfqApi from "#contract/rfq.ts";
import * as searchApi from "#contract/search.ts";
import { CONVERSATION_STATUSES } from "#contract/conversation-states.ts";
import { UNIT_IDS } from "#contract/units.ts";
import { OKVED_CODE } from "#contract/classifier-codes.ts";
import { OperationError, type OperationInput } from "./api-call.ts";

/** What a tool gets besides its arguments. */
export interface ToolContext {
  /** Calls an operation of the API contract as the MCP request's caller (server/mcp/api-call.ts). */
  call: <D extends RouteDescriptor>(route: D, input?: OperationInput) => Promise<{ data: RouteData<D>; meta: RouteMeta<D> }>;
  /** The site's public origin (`https://postavka.example`), without a trailing slash. */
  origin: string;
}

/** A tool's answer: text for the model and the same facts as data. */
export interface ToolAnswer {
  text: string;
  structured: Record<string, unknown>;
}

/** Arguments the schema let through that still name nothing (a link that is no product page): invalid params. */
export class InvalidArguments extends Error {
  readonly issues: { path: string; message: string }[];
  constructor(message: string, issues: { path: string; message: string }[]) {
    super(message);
    this.name = "InvalidArguments";
    this.issues = issues;
  }
}

/** A tool answer that is a failure the model should read (an unknown product), not a protocol error. */
export class ToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolFailure";
  }
}

export interface Tool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** The API operations the tool makes (their operationIds), for the docs and the ADR. */
  mirrors: string[];
  /** The scopes an API key needs (the operations' own `scopes`); documented in the description. */
  scopes: ApiScope[];
  /** The tool changes nothing (MCP's `readOnlyHint`). */
  readOnly: boolean;
  run(context: ToolContext, args: z.output<S>): Promise<ToolAnswer>;
}

function tool<S extends z.ZodObject>(definition: Tool<S>): Tool {
  return definition as unknown as Tool;
}

/* ─── arguments shared by tools ─────────────────────────────────────────────────────────────── */

const Lang = z
  .enum(LANGS)
  .default("ru")
  .describe("Language of the answer's texts and page links: ru (default), en or zh. Search words may be in any of the three.");
const Limit = (max: number, byDefault: number) =>
  z.number().int().min(1).max(max).default(byDefault).describe(`How many items to answer (1–${max}, default ${byDefault})`);
const Id = z.number().int().positive().max(2_147_483_647);
/** A TN VED code or prefix as people write it (`7304 19`, `7304.19.100.9`): spaces and dots dropped. */
const TnvedPrefix = z
  .string()
  .transform((value) => value.replace(/[\s.]/g, ""))
  .pipe(z.string().regex(/^\d{2,10}$/, "a TN VED code or prefix: 2 to 10 digits"));
const OkvedPrefix = z.string().trim().regex(OKVED_CODE, "an OKVED2 code or prefix such as 24, 24.20 or 24.20.1");
const Words = z.string().trim().min(1).max(200);

/** `{ id }` or `{ url }` of a page whose path has `/segment/{id}` (a link an earlier answer gave). */
function idOrUrl(segment: string, label: string) {
  return {
    id: Id.optional().describe(`The ${label}'s id`),
    url: z.string().max(2000).optional().describe(`Or the link of the ${label}'s page (…/${segment}/{id}), as earlier answers give it`),
  };
}

function idFrom(args: { id?: number | undefined; url?: string | undefined }, segment: string, label: string): number {
  if (args.id !== undefined) return args.id;
  const found = args.url?.match(new RegExp(`/${segment}/(\\d{1,10})(?:[/?#]|$)`))?.[1];
  const id = found ? Number(found) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw new InvalidArguments(`Give the ${label}'s id or a link to its page (…/${segment}/{id})`, [
      { path: args.url ? "url" : "id", message: "required" },
    ]);
  return id;
}

/* ─── links and formatting ──────────────────────────────────────────────────────────────────── */

/** The absolute link of a site page in `lang` (Russian has no language segment; DESIGN §5). */
export function pageUrl(origin: string, lang: Lang, path: string): string {
  return `${origin}${lang === "ru" ? "" : `/${lang}`}${path}`;
}

const text = (value: { text: string } | null | undefined) => value?.text ?? "";
/** A stored per-language name in `lang`, else in the first language it has. */
const named = (value: Partial<Record<Lang, string>> | null | undefined, lang: Lang) =>
  value ? (value[lang] ?? LANGS.map((l) => value[l]).find(Boolean) ?? "") : "";
const truncate = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
const spacedTnved = (code: string) =>
  code.length === 10 ? `${code.slice(0, 4)} ${code.slice(4, 6)} ${code.slice(6, 9)} ${code.slice(9)}` : code;

function companyLine(company: z.infer<typeof productsApi.CompanyCardSchema>): string {
  const where = [company.country, text(company.region?.name), text(company.city)].filter(Boolean).join(", ");
  const traits = [where, company.kind, company.verificationLevel > 0 ? `verified (level ${company.verificationLevel})` : "not verified"];
  return `${text(company.name)} (${traits.filter(Boolean).join("; ")})`;
}

function supplierOf(origin: string, lang: Lang, company: z.infer<typeof productsApi.CompanyCardSchema>) {
  return {
    id: company.id,
    name: text(company.name),
    country: company.country,
    region: company.region ? text(company.region.name) : null,
    kind: company.kind,
    okvedMain: company.okvedMain,
    verificationLevel: company.verificationLevel,
    url: pageUrl(origin, lang, `/suppliers/${company.id}`),
  };
}

/** Whether an operation failed because the thing asked for does not exist (or is not public). */
const isNotFound = (error: unknown) => error instanceof OperationError && error.status === 404;

/* ─── the tools ─────────────────────────────────────────────────────────────────────────────── */

const searchProducts = tool({
  name: "search_products",
  title: "Search products",
  description:
    "Search the published products of Russian and Chinese suppliers by words in Russian, English or Chinese (translations are indexed, so «труба стальная», 'steel pipe' and 钢管 find the same goods; misspellings are corrected). Filters: catalogue category id, TN VED EAEU code or prefix, lowest price tier range (in `currency` when given, else in roubles at the Bank of Russia rate), supplier region/country, verified suppliers only. Each hit has its lowest price tier, MOQ (minimum order quantity), TN VED code, supplier and page link. Mirrors GET /dev/product/search (searchProducts); with an API key it needs the catalog:read scope.",
  mirrors: ["searchProducts"],
  scopes: ["catalog:read"],
  readOnly: true,
  input: z.object({
    query: Words.describe("Words to search, in Russian, English or Chinese"),
    lang: Lang,
    category: Id.optional().describe("Catalogue category id (a top category includes its subcategories)"),
    tnved: TnvedPrefix.optional().describe("TN VED EAEU code or prefix, 2–10 digits (e.g. 7304 for seamless steel pipes)"),
    currency: CurrencySchema.optional().describe("Only prices in this currency (RUB, CNY, USD); price_min/price_max are then in it"),
    price_min: z.number().min(0).optional().describe("Lowest price tier at least this (in `currency`, else RUB)"),
    price_max: z.number().min(0).optional().describe("Lowest price tier at most this (in `currency`, else RUB)"),
    country: CountrySchema.optional().describe("Supplier country: RU or CN"),
    region: RegionCodeSchema.optional().describe("Supplier region: Russian region code (66) or Chinese province (CN-21)"),
    verified_only: z.boolean().optional().describe("Only suppliers verified by the platform's moderators"),
    limit: Limit(20, 10),
  }),
  async run({ call, origin }, args) {
    const { data, meta } = await call(searchApi.searchProducts, {
      query: {
        q: args.query,
        lang: args.lang,
        page: 1,
        perPage: args.limit,
        category: args.category,
        tnved: args.tnved,
        currency: args.currency,
        priceMin: args.price_min,
        priceMax: args.price_max,
        priceIn: args.currency ? undefined : "RUB",
        country: args.country,
        region: args.region,
        verified: args.verified_only ? "true" : undefined,
      },
    });
    const items = data.map((hit) => ({
      id: hit.id,
      name: text(hit.name),
      priceFrom: hit.priceFrom,
      currency: hit.currency,
      moq: hit.moq,
      moqUnit: hit.moqUnit,
      tnvedCode: hit.tnvedCode,
      categoryId: hit.categoryId,
      supplier: supplierOf(origin, args.lang, hit.company),
      url: pageUrl(origin, args.lang, `/product/${hit.id}`),
    }));
    const searchUrl = pageUrl(origin, args.lang, `/search?q=${encodeURIComponent(args.query)}`);
    const lines = data.map((hit, i) => {
      const price = hit.priceFrom ? `from ${hit.priceFrom} ${hit.currency}` : "price on request";
      const moq = hit.moq ? `MOQ ${hit.moq} ${hit.moqUnit ?? ""}`.trim() : "no MOQ stated";
      const tnved = hit.tnvedCode ? `TN VED ${spacedTnved(hit.tnvedCode)}` : "no TN VED code";
      return `${i + 1}. ${text(hit.name)} — ${price}; ${moq}; ${tnved}; supplier ${companyLine(hit.company)}\n   ${items[i]!.url}`;
    });
    const corrected = meta.correctedQuery ? ` (spelling corrected to «${meta.correctedQuery}»)` : "";
    const head = `${meta.total}${meta.totalCapped ? "+" : ""} products found for «${args.query}»${corrected}; showing ${data.length}. All results: ${searchUrl}`;
    return {
      text: data.length ? `${head}\n${lines.join("\n")}` : `No published products match «${args.query}» with these filters.`,
      structured: {
        query: args.query,
        correctedQuery: meta.correctedQuery,
        total: meta.total,
        totalCapped: meta.totalCapped,
        searchUrl,
        items,
      },
    };
  },
});

const searchSuppliers = tool({
  name: "search_suppliers",
  title: "Search suppliers",
  description:
    "Find published suppliers (manufacturers and traders, Russia and China) by words in Russian, English or Chinese and/or filters: region, country, OKVED2 activity code or prefix (main or extra activity), supplier kind (manufacturer: OKVED section C; trader: class 46), verified only, catalogue category. Each hit has its verification level, response rate to inquiries, published product count and page link. Mirrors GET /dev/suppliers/filter (filterSuppliers); with an API key it needs catalog:read.",
  mirrors: ["filterSuppliers"],
  scopes: ["catalog:read"],
  readOnly: true,
  input: z.object({
    query: Words.optional().describe("Words: ranked matches (names, descriptions, products) instead of the plain filtered list"),
    lang: Lang,
    country: CountrySchema.optional().describe("RU or CN"),
    region: RegionCodeSchema.optional().describe("Russian region code (66) or Chinese province (CN-21)"),
    okved: OkvedPrefix.optional().describe("OKVED2 activity code or prefix (24.20: steel pipes manufacture)"),
    kind: SupplierKindSchema.optional().describe("manufacturer or trader (from the main OKVED2 code)"),
    verified_only: z.boolean().optional(),
    category: Id.optional().describe("Suppliers with published products in this catalogue category"),
    limit: Limit(20, 10),
  }),
  async run({ call, origin }, args) {
    const { data, meta } = await call(searchApi.filterSuppliers, {
      query: {
        q: args.query,
        lang: args.lang,
        page: 1,
        perPage: args.limit,
        country: args.country,
        region: args.region,
        okved: args.okved,
        kind: args.kind,
        verified: args.verified_only ? "true" : undefined,
        category: args.category,
      },
    });
    const items = data.items.map((company) => ({
      ...supplierOf(origin, args.lang, company),
      productCount: company.productCount,
      responseRate: company.response?.rate ?? null,
      medianResponseS: company.response?.medianS ?? null,
    }));
    const lines = data.items.map((company, i) => {
      const response = company.response
        ? `answers ${Math.round(company.response.rate * 100)} % of inquiries within 48 h`
        : "response rate not yet known";
      return `${i + 1}. ${companyLine(company)} — ${company.productCount} products; OKVED ${company.okvedMain ?? "—"}; ${response}\n   ${items[i]!.url}`;
    });
    const corrected = meta.correctedQuery ? ` (spelling corrected to «${meta.correctedQuery}»)` : "";
    return {
      text: data.items.length
        ? `${meta.total}${meta.totalCapped ? "+" : ""} suppliers found${corrected}; showing ${data.items.length}.\n${lines.join("\n")}`
        : "No published suppliers match these words and filters.",
      structured: { query: args.query ?? null, correctedQuery: meta.correctedQuery, total: meta.total, items },
    };
  },
});

const getProduct = tool({
  name: "get_product",
  title: "Read a product",
  description:
    "One published product by id (or its page link): price tiers (quantity breaks per currency and unit), MOQ, specifications, TN VED EAEU code with its name, category path, country of origin, variants and a supplier summary, with links to the product and supplier pages. Mirrors GET /api/products/{id} (getProduct); with an API key it needs catalog:read.",
  mirrors: ["getProduct"],
  scopes: ["catalog:read"],
  readOnly: true,
  input: z.object({ ...idOrUrl("product", "product"), lang: Lang }),
  async run({ call, origin }, args) {
    const id = idFrom(args, "product", "product");
    let product: RouteData<typeof productsApi.getProduct>;
    try {
      product = (await call(productsApi.getProduct, { params: { id }, query: { lang: args.lang } })).data;
    } catch (error) {
      if (isNotFound(error)) throw new ToolFailure(`No published product ${id}`);
      throw error;
    }
    const url = pageUrl(origin, args.lang, `/product/${id}`);
    const tiers = product.prices.map((p) => ({ minQuantity: p.minQuantity, price: p.price, currency: p.currency, unit: p.unit }));
    const specs = product.facts.map((f) => ({ name: text(f.key), value: text(f.value) }));
    const supplier = supplierOf(origin, args.lang, product.company);
    const description = truncate(text(product.description), 2000);
    const lines = [
      `${text(product.name)} — ${url}`,
      `Supplier: ${companyLine(product.company)} — ${supplier.url}`,
      product.tnved ? `TN VED EAEU: ${spacedTnved(product.tnved.code)} — ${text(product.tnved.name)}` : "TN VED EAEU: not stated",
      product.category ? `Category: ${[...product.category.path.map((c) => text(c.name)), text(product.category.name)].join(" › ")}` : "",
      product.originCountry ? `Country of origin: ${product.originCountry}` : "",
      product.moq ? `MOQ: ${product.moq} ${product.moqUnit ?? ""}`.trim() : "MOQ: not stated",
      tiers.length
        ? `Price tiers:\n${tiers.map((t) => `  from ${t.minQuantity} ${t.unit}: ${t.price} ${t.currency} per ${t.unit}`).join("\n")}`
        : "Prices: on request",
      specs.length ? `Specifications:\n${specs.map((s) => `  ${s.name}: ${s.value}`).join("\n")}` : "",
      product.variants.length ? `Variants: ${product.variants.map((v) => text(v.name)).join(", ")}` : "",
      description ? `Description: ${description}` : "",
      `Landed cost in Russia: use estimate_landed_cost, or ${url}#landed-cost`,
    ].filter(Boolean);
    return {
      text: lines.join("\n"),
      structured: {
        id,
        name: text(product.name),
        url,
        description,
        tnved: product.tnved ? { code: product.tnved.code, name: text(product.tnved.name) } : null,
        category: product.category ? { id: product.category.id, name: text(product.category.name) } : null,
        originCountry: product.originCountry,
        moq: product.moq,
        moqUnit: product.moqUnit,
        priceTiers: tiers,
        specifications: specs,
        variants: product.variants.map((v) => ({
          id: v.id,
          name: text(v.name),
          attributes: v.attributes,
          price: v.price,
          currency: v.currency,
        })),
        supplier,
      },
    };
  },
});

const KIND_NAMES: Record<string, string> = { rub_account: "rouble account", bank_transfer: "bank transfer", agent: "payment agent" };

const getSupplier = tool({
  name: "get_supplier",
  title: "Read a supplier",
  description:
    "One published supplier by id (or its page link), as its page shows it: verification level with what the moderator checked, response rate to inquiries and median first-reply time (last 90 days), payment routes (rouble account, bank transfer, agent) with their recorded outcomes (payments credited, returned, frozen, median days), legal entities with INN, KPP and OGRN, OKVED2 activities, contacts and product count. Mirrors GET /api/companies/{id} (getCompany), GET /api/inquiries/stats/{id} (getSupplierResponseStats) and GET /api/payment-routes/companies/{id} (listCompanyPaymentRoutes); with an API key they need catalog:read.",
  mirrors: ["getCompany", "getSupplierResponseStats", "listCompanyPaymentRoutes"],
  scopes: ["catalog:read"],
  readOnly: true,
  input: z.object({ ...idOrUrl("suppliers", "supplier"), lang: Lang }),
  async run({ call, origin }, args) {
    const id = idFrom(args, "suppliers", "supplier");
    const notFound = (error: unknown) => {
      if (isNotFound(error)) throw new ToolFailure(`No published supplier ${id}`);
      throw error;
    };
    const [company, stats, routes] = await Promise.all([
      call(companiesApi.getCompany, { params: { id }, query: { lang: args.lang } }).then((r) => r.data, notFound),
      call(inquiriesApi.getResponseStats, { params: { id } }).then((r) => r.data, notFound),
      call(paymentRoutesApi.listCompanyPaymentRoutes, { params: { id } }).then((r) => r.data, notFound),
    ]);
    const url = pageUrl(origin, args.lang, `/suppliers/${id}`);
    const paymentRoutes = routes.map((r) => ({
      kind: r.kind,
      currency: r.currency,
      via: r.bank?.name ?? r.foreignBank?.name ?? r.agentName ?? null,
      bankLicence: r.bank?.licenceStatus ?? null,
      swiftBic: r.foreignBank?.swiftBic ?? null,
      fees: r.fees,
      outcomes: r.stats,
    }));
    const legalEntities = company.legalEntities.map((e) => ({
      kind: e.kind,
      name: e.nameFull,
      inn: e.inn,
      kpp: e.kpp,
      ogrn: e.ogrn,
      address: e.address,
    }));
    const response =
      stats.responseRate === null
        ? `Response rate: too few inquiries in the last ${stats.windowDays} days to say (${stats.inquiries}, at least ${stats.minimum} needed)`
        : `Response rate: ${Math.round(stats.responseRate * 100)} % of ${stats.inquiries} inquiries answered within 48 h (last ${stats.windowDays} days)` +
          (stats.medianResponseS !== null ? `; median first reply ${Math.round(stats.medianResponseS / 3600)} h` : "");
    const verification =
      company.verification.level > 0
        ? `Verified, level ${company.verification.level}${company.verification.verifiedAt ? ` on ${company.verification.verifiedAt.slice(0, 10)}` : ""}${company.verification.evidence ? `: ${text(company.verification.evidence)}` : ""}`
        : "Not verified by the platform";
    const lines = [
      `${companyLine(company)} — ${url}`,
      verification,
      response,
      `Published products: ${company.productCount} — ${pageUrl(origin, args.lang, `/suppliers/${id}/products`)}`,
      company.okved.length ? `OKVED2: ${company.okved.map((o) => `${o.code}${o.isMain ? " (main)" : ""} ${text(o.name)}`).join("; ")}` : "",
      legalEntities.length
        ? `Legal entities:\n${legalEntities.map((e) => `  ${e.name}: INN ${e.inn}${e.kpp ? `, KPP ${e.kpp}` : ""}${e.ogrn ? `, OGRN ${e.ogrn}` : ""}`).join("\n")}`
        : "",
      paymentRoutes.length
        ? `Payment routes:\n${paymentRoutes
            .map((r) => {
              const outcome = r.outcomes
                ? `${r.outcomes.payments} payments: ${r.outcomes.credited} credited, ${r.outcomes.partiallyCredited} partly, ${r.outcomes.returned} returned, ${r.outcomes.frozen} frozen${r.outcomes.medianDays !== null ? `, median ${r.outcomes.medianDays} days` : ""}`
                : "too few recorded payments to show outcomes";
              return `  ${KIND_NAMES[r.kind] ?? r.kind} in ${r.currency}${r.via ? ` via ${r.via}` : ""} — ${outcome}`;
            })
            .join("\n")}`
        : "Payment routes: none published",
      [company.website, company.phone, company.email].some(Boolean)
        ? `Contacts: ${[company.website, company.phone, company.email].filter(Boolean).join(", ")}`
        : "",
      company.description ? `About: ${truncate(text(company.description), 1500)}` : "",
    ].filter(Boolean);
    return {
      text: lines.join("\n"),
      structured: {
        ...supplierOf(origin, args.lang, company),
        url,
        city: company.city ? text(company.city) : null,
        verification: {
          level: company.verification.level,
          evidence: company.verification.evidence ? text(company.verification.evidence) : null,
          verifiedAt: company.verification.verifiedAt,
        },
        response: stats,
        productCount: company.productCount,
        okved: company.okved.map((o) => ({ code: o.code, isMain: o.isMain, name: text(o.name) })),
        legalEntities,
        paymentRoutes,
        website: company.website,
        phone: company.phone,
        email: company.email,
        yearFounded: company.yearFounded,
      },
    };
  },
});

/** lookup_tnved and lookup_okved: the same shape over the two classifiers. */
function classifierLookup(kind: "tnved" | "okved") {
  const tnved = kind === "tnved";
  const name = tnved ? "TN VED EAEU" : "OKVED2";
  const search = tnved ? classifiersApi.searchRoute.tnved : classifiersApi.searchRoute.okved;
  const tree = tnved ? classifiersApi.treeRoute.tnved : classifiersApi.treeRoute.okved;
  return tool({
    name: `lookup_${kind}`,
    title: `Look up ${name} codes`,
    description: tnved
      ? "TN VED EAEU (the Eurasian Economic Union's customs goods nomenclature, 2022 edition): words in Russian, English or Chinese → matching codes with their names (everyday words and misspellings handled); or `code` → that code's name, level, path from the section down, children and, for a tariff line, the EAEU import duty rate. Mirrors GET /dev/ved (searchTnved), GET /api/tnved/tree?code= (tnvedTree) and GET /api/tariff/{code} (getDuty); with an API key they need catalog:read."
      : "OKVED2 (OK 029-2014, Russian classifier of economic activities): words in Russian, English or Chinese → matching activity codes with their names; or `code` → that code's name, level, path from the section down and children. A supplier's main OKVED2 code says whether it is a manufacturer (section C) or a trader (class 46). Mirrors GET /dev/okved2 (searchOkved) and GET /api/okved/tree?code= (okvedTree); with an API key they need catalog:read.",
    mirrors: tnved ? ["searchTnved", "tnvedTree", "getDuty"] : ["searchOkved", "okvedTree"],
    scopes: ["catalog:read"],
    readOnly: true,
    input: z
      .object({
        query: Words.optional().describe(`Words (or a code prefix) to search ${name} for`),
        code: z
          .string()
          .trim()
          .min(1)
          .max(40)
          .optional()
          .describe(
            tnved ? "A code in any spelling (7304 19 100 9, 7304191009, XV for a section)" : "A code (24.20, 24.20.1, C for a section)",
          ),
        lang: Lang,
        limit: Limit(20, 10),
      })
      .refine((args) => (args.query === undefined) !== (args.code === undefined), {
        message: "give either query or code",
        path: ["query"],
      }),
    async run({ call, origin }, args) {
      const link = (code: string) => pageUrl(origin, args.lang, `/${kind}/${encodeURIComponent(code)}`);
      if (args.code !== undefined) {
        let detail: RouteData<typeof tree>;
        try {
          detail = (await call(tree, { query: { lang: args.lang, code: args.code } })).data;
        } catch (error) {
          if (isNotFound(error)) throw new ToolFailure(`${name} has no code ${args.code}`);
          throw error;
        }
        if (Array.isArray(detail)) throw new ToolFailure(`${name} has no code ${args.code}`);
        let duty: RouteData<typeof moneyApi.getDuty> | null = null;
        if (tnved && /^\d{4,10}$/.test(detail.code)) {
          duty = await call(moneyApi.getDuty, { params: { code: detail.code } }).then(
            (r) => r.data,
            (error: unknown) => {
              if (isNotFound(error)) return null;
              throw error;
            },
          );
        }
        const dutyText = !duty
          ? ""
          : duty.kind === "single" && duty.rate
            ? `EAEU import duty: ${duty.rate.text} (ETT, ${duty.sourceDate ?? "current"})`
            : duty.kind === "range"
              ? `EAEU import duty: ${duty.min}–${duty.max} % depending on the 10-digit line`
              : "EAEU import duty: differs between the code's tariff lines";
        const lines = [
          `${detail.displayCode} — ${detail.name} (${detail.levelName}${detail.abolished ? ", abolished" : ""}${detail.provisional ? ", provisional" : ""}) — ${link(detail.code)}`,
          detail.path.length ? `Path: ${detail.path.map((p) => `${p.displayCode} ${p.name}`).join(" › ")}` : "",
          dutyText,
          detail.children.length
            ? `Children (${detail.children.length}):\n${detail.children
                .slice(0, 30)
                .map((c) => `  ${c.displayCode} — ${c.name}`)
                .join("\n")}`
            : "",
        ].filter(Boolean);
        return {
          text: lines.join("\n"),
          structured: {
            code: detail.code,
            displayCode: detail.displayCode,
            name: detail.name,
            nameLang: detail.nameLang,
            level: detail.levelName,
            abolished: detail.abolished,
            url: link(detail.code),
            path: detail.path.map((p) => ({ code: p.code, name: p.name })),
            children: detail.children.map((c) => ({ code: c.code, name: c.name, isLeaf: c.isLeaf })),
            ...(tnved ? { duty: duty && { kind: duty.kind, rate: duty.rate?.text ?? null, min: duty.min, max: duty.max } } : {}),
          },
        };
      }
      const { data, meta } = await call(search, { query: { q: args.query, lang: args.lang, page: 1, perPage: args.limit } });
      const items = data.map((hit) => ({
        code: hit.code,
        displayCode: hit.displayCode,
        name: hit.name,
        nameLang: hit.nameLang,
        level: hit.levelName,
        isLeaf: hit.isLeaf,
        context: hit.context,
        url: link(hit.code),
      }));
      const corrected = meta.correctedQuery ? ` (spelling corrected to «${meta.correctedQuery}»)` : "";
      return {
        text: data.length
          ? `${meta.total} ${name} codes match «${args.query}»${corrected}; showing ${data.length}.\n${items
              .map(
                (hit, i) =>
                  `${i + 1}. ${hit.displayCode} — ${hit.name} (${hit.level})${hit.context ? ` [${truncate(hit.context, 200)}]` : ""}\n   ${hit.url}`,
              )
              .join("\n")}`
          : `No ${name} codes match «${args.query}».`,
        structured: { query: args.query, correctedQuery: meta.correctedQuery, total: meta.total, items },
      };
    },
  });
}

const MISSING: Record<NonNullable<moneyApi.LandedCost["missing"]>, string> = {
  tnved: "the product has no TN VED code, so no duty can be found",
  tariff_line: "the product's TN VED code has no line in the EAEU tariff",
  rate_range: "the product's TN VED code covers tariff lines with different duty rates (a 10-digit code is needed)",
  rate: "no Bank of Russia exchange rate is stored for the price's currency",
  duty_units: "the duty is specific (per kg, litre, …): give duty_units, the tariff's units in one unit of the product",
  not_computable: "the tariff line's rate cannot be applied automatically",
};

const estimateLandedCost = tool({
  name: "estimate_landed_cost",
  title: "Estimate landed cost in Russia",
  description:
    "Estimated landed cost of importing a quantity of a product into Russia, as the product page calculates it: the price tier for the quantity converted to roubles at the Bank of Russia's official rate, plus the freight and insurance you give (to the EAEU border, roubles; catalogue prices carry no Incoterms, so add what the price leaves to the buyer: for an EXW/FOB-like price the carriage and insurance), makes the customs value; the EAEU Common Customs Tariff duty for the product's TN VED code (ad valorem, specific or combined); import VAT 20 % on the customs value plus duty. Every step is answered, with the total and per unit in roubles and in `currency`. Duty and VAT are the same for any destination in Russia; `destination` only labels the answer (e.g. Moscow). Mirrors GET /api/products/{id}/landed-cost (getLandedCost); with an API key it needs catalog:read.",
  mirrors: ["getLandedCost"],
  scopes: ["catalog:read"],
  readOnly: true,
  input: z.object({
    ...idOrUrl("product", "product"),
    quantity: z.number().min(0.001).max(1e9).describe("Quantity in the product's price unit (see get_product's price tiers)"),
    freight_rub: z.number().min(0).max(1e12).default(0).describe("Freight for the whole quantity to the EAEU border, RUB (default 0)"),
    insurance_rub: z.number().min(0).max(1e12).default(0).describe("Cargo insurance for the whole quantity, RUB (default 0)"),
    duty_units: z
      .number()
      .min(0.001)
      .max(1e9)
      .optional()
      .describe("For a specific or combined duty: units of the tariff's measure (e.g. kg) in one unit of the product"),
    currency: CurrencySchema.default("RUB").describe("Also show the total in this currency: RUB, CNY or USD"),
    destination: z.string().trim().max(200).optional().describe("Where in Russia the goods go (a label for the answer, e.g. Moscow)"),
    lang: Lang,
  }),
  async run({ call, origin }, args) {
    const id = idFrom(args, "product", "product");
    let cost: moneyApi.LandedCost;
    try {
      cost = (
        await call(moneyApi.getLandedCost, {
          params: { id },
          query: {
            qty: args.quantity,
            currency: args.currency,
            freight: args.freight_rub,
            insurance: args.insurance_rub,
            dutyUnits: args.duty_units,
          },
        })
      ).data;
    } catch (error) {
      if (isNotFound(error)) throw new ToolFailure(`No published product ${id} with a price`);
      throw error;
    }
    const query = new URLSearchParams({ qty: String(args.quantity) });
    if (args.freight_rub) query.set("freight", String(args.freight_rub));
    if (args.insurance_rub) query.set("insurance", String(args.insurance_rub));
    if (args.duty_units !== undefined) query.set("dutyUnits", String(args.duty_units));
    const url = `${pageUrl(origin, args.lang, `/product/${id}`)}?${query}#landed-cost`;
    const rate = cost.rates.map((r) => `${r.currency} = ${r.perUnit} RUB`).join(", ");
    const head = [
      `Landed cost estimate: product ${id}, ${cost.quantity} ${cost.unit}${args.destination ? `, to ${args.destination}` : ""} — ${url}`,
      `Price tier: from ${cost.tier.minQuantity} ${cost.tier.unit} at ${cost.tier.price} ${cost.tier.currency} per ${cost.tier.unit}${cost.belowMoq ? " (the quantity is below the lowest tier: its price is used)" : ""}`,
      rate
        ? `Bank of Russia rate${cost.rates.length > 1 ? "s" : ""} of ${cost.rateDate}: ${rate}${cost.stale ? " (stale: the daily import has stopped)" : ""}`
        : "",
      cost.duty?.rate ? `Duty (TN VED ${spacedTnved(cost.duty.rate.code)}): ${cost.duty.rate.text}` : "",
    ].filter(Boolean);
    const s = cost.steps;
    const body = s
      ? [
          `1. Goods value (price × quantity): ${s.goodsValue} RUB`,
          `2. Freight to the border: ${s.freight} RUB`,
          `3. Insurance: ${s.insurance} RUB`,
          `4. Customs value: ${s.customsValue} RUB`,
          `5. Import duty: ${s.duty} RUB${s.dutyAdValorem !== null && s.dutySpecific !== null ? ` (ad valorem ${s.dutyAdValorem}, specific ${s.dutySpecific})` : ""}`,
          `6. Import VAT ${s.vatPct} % of ${s.vatBase} RUB: ${s.vat} RUB`,
          `Total landed cost: ${s.total} RUB (${s.perUnit} RUB per ${cost.unit})` +
            (cost.inCurrency && cost.inCurrency.currency !== "RUB"
              ? `; ${cost.inCurrency.total} ${cost.inCurrency.currency} (${cost.inCurrency.perUnit} per ${cost.unit})`
              : ""),
          args.freight_rub === 0 || args.insurance_rub === 0
            ? "Freight or insurance not given are counted as 0: add them for a full estimate."
            : "",
        ].filter(Boolean)
      : [`No full estimate: ${cost.missing ? MISSING[cost.missing] : "the data is incomplete"}.`];
    return {
      text: [
        ...head,
        ...body,
        "An estimate for comparison, not a customs calculation: fees, excise and certification are not included.",
      ].join("\n"),
      structured: { ...cost, destination: args.destination ?? null, url },
    };
  },
});

const listBuyingRequests = tool({
  name: "list_buying_requests",
  title: "List open buying requests",
  description:
    "Open public buying requests (RFQs) that buyers published for suppliers to quote on, newest first: goods (TN VED code, category), quantity and unit, target price, Incoterms rule, destination, deadline, number of quotes so far; never the buyer's contacts. Filters: words, TN VED code or prefix, catalogue category. Mirrors GET /api/rfq (listRfqs); with an API key it needs the rfq scope.",
  mirrors: ["listRfqs"],
  scopes: ["rfq"],
  readOnly: true,
  input: z.object({
    query: Words.optional().describe("Words of the title or description"),
    tnved: TnvedPrefix.optional().describe("TN VED EAEU code or prefix"),
    category: Id.optional().describe("Catalogue category id (subcategories included)"),
    lang: Lang,
    limit: Limit(50, 10),
  }),
  async run({ call, origin }, args) {
    const { data, meta } = await call(rfqApi.listRfqs, {
      query: { q: args.query, tnved: args.tnved, category: args.category, lang: args.lang, page: 1, perPage: args.limit },
    });
    const items = data.map((r) => ({
      id: r.id,
      title: r.title,
      tnvedCode: r.tnvedCode,
      tnvedName: r.tnved?.name ?? null,
      category: r.category,
      quantity: r.quantity,
      unit: r.unit,
      targetPrice: r.targetPrice,
      currency: r.currency,
      incoterms: r.incoterms,
      destination: `${r.destinationCity}, ${r.destinationCountry}`,
      deadline: r.deadline,
      quoteCount: r.quoteCount,
      buyerCompany: r.buyerCompany,
      url: pageUrl(origin, args.lang, `/rfq/${r.id}`),
    }));
    const lines = items.map(
      (r, i) =>
        `${i + 1}. ${r.title} — ${r.quantity} ${r.unit}${r.targetPrice ? `, target ${r.targetPrice} ${r.currency}` : ""}; ${r.incoterms} ${r.destination}; TN VED ${r.tnvedCode ? spacedTnved(r.tnvedCode) : "—"}; quotes until ${r.deadline} (${r.quoteCount} so far)\n   ${r.url}`,
    );
    return {
      text: items.length
        ? `${meta.total} open buying requests; showing ${items.length}.\n${lines.join("\n")}`
        : "No open public buying requests match.",
      structured: { total: meta.total, items },
    };
  },
});

const draftBuyingRequest = tool({
  name: "draft_buying_request",
  title: "Draft a buying request",
  description:
    "Write a buying request (RFQ) as a DRAFT in the key owner's account; it is never submitted: the person reviews it on the returned page and submits it there (a public request then goes to moderation, a private one to the invited suppliers). Goods by TN VED EAEU code (4–10 digits) and/or catalogue category, quantity and unit, optional target price with currency, Incoterms 2020 rule, destination country (ISO alpha-2) and city, quote deadline (YYYY-MM-DD, from tomorrow to a year ahead). A public request must not contain phone numbers, e-mails or links. Needs an API key with the rfq scope. Mirrors POST /api/profile/rfq (createRfq).",
  mirrors: ["createRfq"],
  scopes: ["rfq"],
  readOnly: false,
  input: z.object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().min(1).max(5000),
    lang: Lang.describe("Language the request is written in, and of the answer: ru (default), en or zh"),
    tnved_code: TnvedPrefix.optional().describe("TN VED EAEU code of the goods, 4, 6, 8 or 10 digits (this or category_id)"),
    category_id: Id.optional().describe("Catalogue category id (this or tnved_code)"),
    quantity: z.union([z.number().positive(), z.string().trim().min(1).max(20)]).describe('Quantity, e.g. 20 or "12.5"'),
    unit: z.enum(UNIT_IDS as [string, ...string[]]).describe("Unit of the quantity (e.g. t, kg, pcs, m)"),
    target_price: z
      .union([z.number().positive(), z.string().trim().min(1).max(20)])
      .optional()
      .describe("Target price per unit"),
    currency: CurrencySchema.optional().describe("Currency of the target price: RUB, CNY or USD"),
    incoterms: z
      .enum(rfqApi.INCOTERMS)
      .describe("Incoterms 2020 rule the quotes should be on (EXW, FCA, CPT, CIP, DAP, DPU, DDP, FAS, FOB, CFR, CIF)"),
    destination_country: z.string().trim().length(2).describe("Destination country, ISO 3166-1 alpha-2 (RU, KZ, …)"),
    destination_city: z.string().trim().min(1).max(200),
    deadline: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe("Last day for quotes, YYYY-MM-DD (UTC)"),
    visibility: z
      .enum(rfqApi.RFQ_VISIBILITIES)
      .default("public")
      .describe("public (listed after moderation) or private (only invited suppliers)"),
    invited_company_ids: z.array(Id).max(rfqApi.MAX_INVITED).optional().describe("Supplier ids to invite (private requests)"),
  }),
  async run({ call, origin }, args) {
    const { data } = await call(rfqApi.createRfq, {
      query: { lang: args.lang },
      body: {
        title: args.title,
        description: args.description,
        lang: args.lang,
        tnvedCode: args.tnved_code ?? null,
        categoryId: args.category_id ?? null,
        quantity: String(args.quantity),
        unit: args.unit,
        targetPrice: args.target_price === undefined ? null : String(args.target_price),
        currency: args.currency ?? null,
        incoterms: args.incoterms,
        destinationCountry: args.destination_country,
        destinationCity: args.destination_city,
        deadline: args.deadline,
        visibility: args.visibility,
        invitedCompanyIds: args.invited_company_ids ?? [],
      },
    });
    const url = pageUrl(origin, args.lang, `/profile/rfq/${data.id}`);
    return {
      text: `Draft buying request ${data.id} «${data.title}» saved (status ${data.status}); it is not submitted. Review and submit it at ${url}`,
      structured: { id: data.id, status: data.status, title: data.title, visibility: data.visibility, url },
    };
  },
});

const listConversations = tool({
  name: "list_conversations",
  title: "List conversations",
  description:
    "The key owner's conversations, latest activity first: box=buyer their inquiries to suppliers, box=company their company's inbox of buyers' inquiries. Each has its status (new, answered, closed), the other side, the products asked about, unread messages, the last message and the page link. Needs an API key with the conversations:read scope (the company box also needs a role that answers buyers). Mirrors GET /api/conversations (listConversations).",
  mirrors: ["listConversations"],
  scopes: ["conversations:read"],
  readOnly: true,
  input: z.object({
    box: z
      .enum(conversationsApi.CONVERSATION_BOXES)
      .default("buyer")
      .describe("buyer: the person's inquiries; company: the company's inbox"),
    status: z.enum(CONVERSATION_STATUSES).optional(),
    unread_only: z.boolean().optional(),
    lang: Lang,
    limit: Limit(50, 20),
  }),
  async run({ call, origin }, args) {
    const { data, meta } = await call(conversationsApi.listConversations, {
      query: { box: args.box, status: args.status, unread: args.unread_only ? "true" : undefined, page: 1, perPage: args.limit },
    });
    const items = data.map((c) => ({
      id: c.id,
      status: c.status,
      side: c.side,
      supplier: named(c.supplier.name, args.lang),
      buyer: c.buyer.company ? `${c.buyer.name}, ${named(c.buyer.company, args.lang)}` : c.buyer.name,
      products: c.products.map((p) => ({ id: p.id, name: named(p.name, args.lang) })),
      unread: c.unread,
      lastMessage: truncate(c.lastMessage, 300),
      lastMessageAt: c.lastMessageAt,
      url: pageUrl(origin, args.lang, `/profile/conversations/${c.id}`),
    }));
    const lines = items.map(
      (c, i) =>
        `${i + 1}. [${c.status}${c.unread ? `, ${c.unread} unread` : ""}] ${args.box === "buyer" ? c.supplier : c.buyer}${c.products.length ? ` — ${c.products.map((p) => p.name).join(", ")}` : ""} (${c.lastMessageAt.slice(0, 16).replace("T", " ")}): ${c.lastMessage}\n   ${c.url}`,
    );
    return {
      text: items.length
        ? `${meta.total} conversations (${meta.unreadConversations} with unread messages); showing ${items.length}.\n${lines.join("\n")}`
        : "No conversations.",
      structured: { total: meta.total, unreadConversations: meta.unreadConversations, items },
    };
  },
});

const listOrders = tool({
  name: "list_orders",
  title: "List orders",
  description:
    "The key's company's orders, as buyer and as supplier, last changed first: state (negotiating, confirmed, cancelled, closed), the current stage of a confirmed order, whether it is overdue, the counterparty, the total and the page link. Needs a company API key with the orders scope. Mirrors GET /api/profile/orders (listOrders).",
  mirrors: ["listOrders"],
  scopes: ["orders"],
  readOnly: true,
  input: z.object({
    state: z.enum(ordersApi.ORDER_STATES).optional(),
    stage: z.enum(ordersApi.ORDER_STAGES).optional(),
    overdue_only: z.boolean().optional(),
    lang: Lang,
    limit: Limit(50, 20),
  }),
  async run({ call, origin }, args) {
    const { data, meta } = await call(ordersApi.listOrders, {
      query: {
        lang: args.lang,
        state: args.state,
        stage: args.stage,
        overdue: args.overdue_only ? "true" : undefined,
        page: 1,
        perPage: args.limit,
      },
    });
    const items = data.map((o) => ({
      id: o.id,
      state: o.state,
      side: o.side,
      counterparty: o.counterparty,
      stage: o.stage,
      overdue: o.overdue,
      waitingFor: o.waitingFor,
      total: o.total,
      currency: o.currency,
      updatedAt: o.updatedAt,
      url: pageUrl(origin, args.lang, `/profile/orders/${o.id}`),
    }));
    const lines = items.map(
      (o, i) =>
        `${i + 1}. Order ${o.id} (${o.side === "buyer" ? "buying from" : "selling to"} ${o.counterparty.name}) — ${o.state}${o.stage ? `, stage ${o.stage}` : ""}${o.overdue ? ", OVERDUE" : ""}${o.waitingFor ? `, waiting for the ${o.waitingFor}` : ""}; ${o.total} ${o.currency}\n   ${o.url}`,
    );
    return {
      text: items.length ? `${meta.total} orders; showing ${items.length}.\n${lines.join("\n")}` : "No orders.",
      structured: { total: meta.total, items },
    };
  },
});

/** Every tool, in the order `tools/list` answers them. */
export const TOOLS: readonly Tool[] = [
  searchProducts,
  searchSuppliers,
  getProduct,
  getSupplier,
  classifierLookup("tnved"),
  classifierLookup("okved"),
  estimateLandedCost,
  listBuyingRequests,
  draftBuyingRequest,
  listConversations,
  listOrders,
];
