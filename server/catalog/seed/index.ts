/**
 * The demo catalogue: `seedDemo(db, options)` fills an EMPTY catalogue with categories, suppliers,
 * products, services and stories that look real (see the module comments of the files in this
 * folder), deterministically for a seed. `catalogueIsEmpty(db)` tells whether there is anything to
 * overwrite; `clearCatalogue(db)` deletes every catalogue row (one statement per table).
 *
 * Writing: pictures are rendered and stored first (server/files/storage.ts under DATA_DIR); then
 * everything else is written, products in batches of `batchSize` with one multi-row INSERT (PGlite)
 * or one COPY (PostgreSQL) per table and batch (sql.ts). The bulk tables' secondary indexes and
 * foreign keys are dropped before the load and rebuilt over the loaded rows:
 * - on PGlite inside the load's one transaction (sql.ts `dropForBulkLoad`), so a failure rolls back;
 * - on PostgreSQL in a committed first step that stores the way back in a table (sql.ts
 *   `prepareBulkLoad`); the products are then COPYed over `copyConnections` connections in parallel
 *   (each its own transaction), the indexes rebuilt over the same connections, then the keys. Any
 *   failure rolls the transactions back, deletes the rows above the marks taken before the load and
 *   rebuilds what was dropped (sql.ts `recoverBulkLoad`); a killed seed is undone by the next seed
 *   or the server's start (ADR 059, second addendum). Product
 * generation for the next batch overlaps the database work of the previous one. Ids are taken from
 * the tables' sequences before the rows are written, so children (prices, variants, pictures) go in
 * right after their products. Then the vocabulary (catalog_terms) is rebuilt — on PostgreSQL beside
 * the restore, in a transaction committed only once the restore succeeded — and the tables are
 * vacuumed and analyzed.
 */
import { invalidateSharedCountGroups } from "../count-groups.ts";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db } from "#server/db/client.ts";
import { createLocalStorage } from "#server/files/storage.ts";
import { seedRegions } from "../regions.ts";
import { catalogTermsRebuild, refreshCatalogTerms } from "../vocabulary.ts";
import { seedContentPages } from "#server/admin/pages.ts";
import { classifyRealEntities, generateCompany, type CompanyContext, type CompanyDraft } from "./companies.ts";
import { SERVICE_TYPES } from "./data/services.ts";
import { TAGS } from "./data/stories.ts";
import { coverImage, logoImage, productImage, storeAll, type RenderedImage } from "./images.ts";
import { buildPlan, planHeadings } from "./plan.ts";
import { generateProduct, productContext, type ProductDraft, type SeededCompany } from "./products.ts";
import { Rng } from "./random.ts";
import { assertClassifiers, loadOkvedCodes, loadRealEntities, loadTnved, type TnvedReference } from "./reference.ts";
import {
  copyEncoded,
  dropForBulkLoad,
  insertRows,
  prepareBulkLoad,
  recoverBulkLoad,
  restoreAfterBulkLoad,
  restoreInParallel,
  reserveIds,
  type Client,
  type Recovery,
  type RestoreStep,
} from "./sql.ts";
import { encodeProductBatch, PRODUCT_TABLE_ORDER, PRODUCT_TABLES, productRows, type ProductTable } from "./copy-text.ts";
import { ProductWorkers, type ProductResult, type ProductWorkerInit } from "./workers.ts";
import { generateStories, storyCount, type StoryDraft } from "./stories.ts";
import type { Shape } from "./types.ts";

export { ClassifiersMissingError } from "./reference.ts";

export interface SeedProgress {
  /** `restore`: the indexes, then the foreign keys rebuilt after a PostgreSQL load (`step` says which). */
  phase: "images" | "companies" | "products" | "stories" | "restore" | "analyze";
  step?: "index" | "constraint";
  done: number;
  total: number;
}

export interface SeedOptions {
  /** Suppliers (default 300). */
  companies?: number;
  /** Products (default 5000). */
  products?: number;
  /** Random seed (default 1). */
  seed?: number;
  /** DATA_DIR: pictures are stored under `<dataDir>/files/seed/…`. */
  dataDir: string;
  /** The shared reference data (for real legal entities); default CLASSIFIER_DATA_DIR or ../shared/data. */
  referenceDir?: string;
  /** Dates are spread back from this moment (default: today 00:00 UTC). */
  now?: Date;
  /**
   * The engine behind `db`: on "postgres" products and their children go in through COPY (sql.ts
   * `copyEncoded`, the products encoded by copy-text.ts, in worker threads unless `workers` is 0); PGlite (the default) takes the unnest INSERT.
   */
  engine?: "pglite" | "postgres";
  /** Products per INSERT or COPY (default 1000). */
  batchSize?: number;
  /**
   * Worker threads that generate and encode the products on PostgreSQL (workers.ts; default
   * `defaultWorkers(products)`: one per core from 20,000 products, none below); 0 generates on the calling thread. PGlite always generates
   * on the calling thread (its database already runs in a thread of its own, server/db/client.ts).
   */
  workers?: number;
  /**
   * PostgreSQL connections that COPY the products in parallel and then rebuild the indexes (default
   * `defaultCopyConnections()`: two on a machine with two cores or more; ADR 059, second addendum).
   * Each holds its own transaction, so the load is not one transaction: a failure deletes the rows
   * and restores the schema (sql.ts `recoverBulkLoad`). Ignored on PGlite.
   */
  copyConnections?: number;
  /** Called on every step; a throw fails the seed like any other error (the tests inject failures this way). */
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedSummary {
  categories: number;
  companies: number;
  russianCompanies: number;
  realCompanies: number;
  chineseCompanies: number;
  legalEntities: number;
  companyOkvedCodes: number;
  serviceTypes: number;
  companyServices: number;
  products: number;
  productPrices: number;
  productVariants: number;
  productFiles: number;
  stories: number;
  tags: number;
  files: number;
  ms: number;
}

/** The tables a seed loads in bulk: their secondary indexes and foreign keys are dropped first and restored after the load. */
const BULK_TABLES = [
  "companies",
  "legal_entities",
  "company_okved_codes",
  "company_services",
  "products",
  "product_prices",
  "product_variants",
  "product_files",
] as const;

/** Catalogue tables, children first: the order rows are deleted in. */
export const CATALOGUE_TABLES = [
  "product_files",
  "product_variants",
  "product_prices",
  "product_companies",
  "products",
  "company_services",
  "company_files",
  "company_okved_codes",
  "legal_entities",
  "companies",
  "service_types",
  "story_tags",
  "stories",
  "tags",
  "categories",
  "catalog_terms",
] as const;

export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(
    sql`select not (exists (select 1 from companies) or exists (select 1 from products) or exists (select 1 from categories)
        or exists (select 1 from stories) or exists (select 1 from tags) or exists (select 1 from service_types)) as empty`,
  );
  return result.rows[0]?.empty ?? true;
}

/** Deletes every catalogue row and the seed's file rows, one statement per table. */
export async function clearCatalogue(db: Db): Promise<void> {
  for (const table of CATALOGUE_TABLES) await db.execute(sql.raw(`delete from ${table}`));
  await db.execute(sql`delete from files where storage_key like 'seed/%'`);
}

const DAY = 86_400_000;

function startOfTodayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function poolOf(db: Db): pg.Pool {
  const client = (db as unknown as { $client: pg.Pool }).$client;
  if (!client || typeof client.connect !== "function") throw new Error("seedDemo needs a Drizzle database over a pg Pool");
  return client;
}

const COVER_SHAPES: Record<string, Shape> = {
  logistics: "box",
  customs: "chip",
  exhibitions: "screen",
  certification: "sheets",
  payments: "coil",
  analytics: "bars",
  suppliers: "gear",
  "border-crossings": "pipes",
  industry: "gear",
  quality: "leaf",
};
const COVER_COLOURS = ["#2f5d8a", "#7a3b2e", "#3b6e4f", "#6b4f8a", "#8a6d2f", "#2f6f7a", "#8a2f55", "#4a5a6a", "#5a6e2f", "#2f3f8a"];

/** Everything of the demo catalogue except products, which are generated batch by batch. */
export interface DemoPlan {
  seed: number;
  now: number;
  plan: ReturnType<typeof buildPlan>;
  tnved: TnvedReference;
  okved: Set<string>;
  companies: CompanyDraft[];
  stories: StoryDraft[];
}

/**
 * Reads the reference data and generates the categories, companies and stories (no writes).
 * Throws ClassifiersMissingError when the classifiers are not imported.
 */
export async function planDemo(db: Db, options: Pick<SeedOptions, "companies" | "seed" | "referenceDir" | "now">): Promise<DemoPlan> {
  const companyCount = Math.max(1, Math.floor(options.companies ?? 300));
  const seed = Math.floor(options.seed ?? 1);
  const now = (options.now ?? startOfTodayUtc()).getTime();
  const referenceDir = options.referenceDir ?? process.env.CLASSIFIER_DATA_DIR ?? path.resolve("../shared/data");
  const plan = buildPlan();
  const client = await poolOf(db).connect();
  let tnved: TnvedReference;
  let okved: Set<string>;
  try {
    await assertClassifiers(client);
    tnved = await loadTnved(client, planHeadings(plan.subs));
    okved = await loadOkvedCodes(client);
  } finally {
    client.release();
  }
  for (const sub of plan.subs) {
    for (const code of [...sub.def.okved.make, ...sub.def.okved.trade]) {
      if (!okved.has(code)) throw new Error(`OKVED code ${code} of ${sub.def.slug} is not in okved_codes`);
    }
  }
  const candidates = classifyRealEntities(loadRealEntities(referenceDir), plan.subs, okved, new Rng(seed, "real-entities"));
  const ctx: CompanyContext = {
    seed,
    subs: plan.subs,
    okvedCodes: okved,
    now,
    goodsCandidates: candidates.goods,
    serviceCandidates: candidates.services,
    usedInns: new Set(),
    usedNames: new Set(),
    usedDomains: new Set(),
  };
  const companies: CompanyDraft[] = [];
  for (let i = 0; i < companyCount; i++) companies.push(generateCompany(ctx, i));
  const stories = generateStories(seed, storyCount(companyCount), now, plan.subs);
  return { seed, now, plan, tnved, okved, companies, stories };
}

/** The first `count` products of a plan, with companies numbered by their index (for previews and tests). */
export function previewProducts(demo: DemoPlan, count: number): ProductDraft[] {
  const seeded = demo.companies.map((c) => ({ ...c, id: c.index }));
  const ctx = productContext(demo.seed, demo.now, seeded, demo.tnved);
  return Array.from({ length: count }, (_, i) => generateProduct(ctx, i));
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const productCount = Math.max(0, Math.floor(options.products ?? 5000));
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
  const progress = options.onProgress ?? (() => {});
  const storage = createLocalStorage(options.dataDir);
  const pool = poolOf(db);

  const demo = await planDemo(db, options);
  const { seed, now, plan, companies: drafts, stories } = demo;
  const reference = { tnved: demo.tnved, okved: demo.okved };
  await seedRegions(db);

  // Pictures: per-subcategory pools, logos by initial, covers by tag.
  const initials = new Map<string, number>();
  for (const d of drafts) initials.set(d.initial, (initials.get(d.initial) ?? 0) + 1);
  const logoInitials = [...initials.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 40)
    .map(([i]) => i);
  const jobs: Array<() => Promise<RenderedImage>> = [];
  const PER_SUB = 3;
  for (const sub of plan.subs) {
    for (let n = 0; n < PER_SUB; n++) {
      jobs.push(() =>
        productImage(
          `seed/products/${sub.def.slug}-${n + 1}.webp`,
          sub.top.colour,
          sub.def.shape,
          n,
          sub.def.name.ru,
          `${sub.def.name.zh} · ${sub.def.name.en}`,
        ),
      );
    }
  }
  logoInitials.forEach((initial, i) => jobs.push(() => logoImage(`seed/logos/${initial.codePointAt(0)!.toString(16)}.webp`, initial, i)));
  TAGS.forEach((tag, i) =>
    jobs.push(() =>
      coverImage(`seed/stories/${tag.slug}.webp`, COVER_COLOURS[i % COVER_COLOURS.length]!, COVER_SHAPES[tag.slug] ?? "box", tag.name.ru),
    ),
  );
  let rendered = 0;
  const images = await storeAll(storage, jobs, () => progress({ phase: "images", done: ++rendered, total: jobs.length }));

  const summary: SeedSummary = {
    categories: 0,
    companies: 0,
    russianCompanies: 0,
    realCompanies: 0,
    chineseCompanies: 0,
    legalEntities: 0,
    companyOkvedCodes: 0,
    serviceTypes: 0,
    companyServices: 0,
    products: 0,
    productPrices: 0,
    productVariants: 0,
    productFiles: 0,
    stories: 0,
    tags: 0,
    files: 0,
    ms: 0,
  };

  const postgres = options.engine === "postgres";
  // A PostgreSQL seed that was killed left its way back behind (sql.ts RESTORE_TABLE): undo it first.
  if (postgres) await recoverInterruptedSeed(db);
  // One connection stays free for the id reservations (and anything else the pool serves meanwhile).
  const poolMax = (pool as { options?: { max?: number } }).options?.max ?? 10;
  const connections = postgres ? Math.max(1, Math.min(Math.floor(options.copyConnections ?? defaultCopyConnections()), poolMax - 1)) : 1;
  const client = await pool.connect();
  const extra: pg.PoolClient[] = [];
  // PostgreSQL: the steps that rebuild what the committed first step dropped (sql.ts prepareBulkLoad).
  let restoreSteps: RestoreStep[] | null = null;
  // PostgreSQL: the vocabulary's rebuild running beside the restore (startVocabularyRebuild).
  let vocabulary: VocabularyRebuild | null = null;
  let failed = false;
  try {
    if (postgres) {
      // Several connections load in their own transactions, so the drops are committed first, with
      // their way back (and the deletes that undo this load) stored in the database (ADR 059, second addendum).
      restoreSteps = await prepareBulkLoad(client, BULK_TABLES, cleanupStatements(await markTables(client)));
      for (let i = 1; i < connections; i++) extra.push(await pool.connect());
      for (const other of extra) await other.query("begin");
    }
    await client.query("begin");
    // PGlite: the bulk tables' secondary indexes and foreign keys are dropped inside the load's
    // transaction and come back before its commit (sql.ts dropForBulkLoad).
    const restore = postgres ? [] : await dropForBulkLoad(client, BULK_TABLES);

    // Files.
    const fileIds = await reserveIds(client, "files", images.length);
    await insertRows(
      client,
      "files",
      [
        ["id", "int"],
        ["storage_key", "text"],
        ["mime", "text"],
        ["size", "int"],
        ["width", "int"],
        ["height", "int"],
        ["sha256", "text"],
      ],
      images.map((img, i) => [fileIds[i], img.key, img.mime, img.bytes.length, img.width, img.height, img.sha256]),
    );
    summary.files = images.length;
    const fileByKey = new Map(images.map((img, i) => [img.key, fileIds[i]!]));
    plan.subs.forEach((sub) => {
      sub.imageFileIds = Array.from({ length: PER_SUB }, (_, n) => fileByKey.get(`seed/products/${sub.def.slug}-${n + 1}.webp`)!);
    });
    const logoIds = logoInitials.map((initial) => fileByKey.get(`seed/logos/${initial.codePointAt(0)!.toString(16)}.webp`)!);
    const logoFor = (initial: string) => {
      const at = logoInitials.indexOf(initial);
      return logoIds[at >= 0 ? at : initial.codePointAt(0)! % logoIds.length] ?? null;
    };

    // Categories: top level, then subcategories.
    const categoryIds = await reserveIds(client, "categories", plan.tops.length + plan.subs.length);
    plan.tops.forEach((top, i) => (top.id = categoryIds[i]!));
    plan.subs.forEach((sub, i) => (sub.id = categoryIds[plan.tops.length + i]!));
    const categoryRows = [
      ...plan.tops.map((top) => [
        top.id,
        null,
        top.def.slug,
        top.def.icon,
        top.def.name,
        [...new Set(top.def.subs.flatMap((s) => s.headings))].join(","),
        top.position,
      ]),
      ...plan.subs.map((sub) => [
        sub.id,
        sub.topPlan.id,
        sub.def.slug,
        sub.top.icon,
        sub.def.name,
        sub.def.headings.join(","),
        sub.position,
      ]),
    ];
    await client.query(
      `insert into categories (id, parent_id, slug, icon, name, source_lang, tnved_headings, position)
       select id, parent_id, slug, icon, name, 'ru', string_to_array(headings, ','), position
         from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::int[]) as t(id, parent_id, slug, icon, name, headings, position)`,
      categoryRows[0]!.map((_, c) => categoryRows.map((row) => (c === 4 ? JSON.stringify(row[c]) : row[c]))),
    );
    summary.categories = categoryRows.length;

    // Service types and tags.
    const serviceIds = await reserveIds(client, "service_types", SERVICE_TYPES.length);
    const serviceIdBySlug = new Map(SERVICE_TYPES.map((t, i) => [t.slug, serviceIds[i]!]));
    await insertRows(
      client,
      "service_types",
      [
        ["id", "int"],
        ["slug", "text"],
        ["icon", "text"],
        ["name", "jsonb"],
        ["description", "jsonb"],
        ["source_lang", "text"],
        ["position", "int"],
      ],
      SERVICE_TYPES.map((t, i) => [serviceIds[i], t.slug, t.icon, t.name, t.description, "ru", i + 1]),
    );
    summary.serviceTypes = SERVICE_TYPES.length;
    const tagIds = await reserveIds(client, "tags", TAGS.length);
    await insertRows(
      client,
      "tags",
      [
        ["id", "int"],
        ["slug", "text"],
        ["name", "jsonb"],
      ],
      TAGS.map((t, i) => [tagIds[i], t.slug, t.name]),
    );
    summary.tags = TAGS.length;

    // Companies and their children.
    const companyIds = await reserveIds(client, "companies", drafts.length);
    const seeded: SeededCompany[] = drafts.map((d, i) => ({ ...d, id: companyIds[i]! }));
    for (let start = 0; start < seeded.length; start += batchSize) {
      const batch = seeded.slice(start, start + batchSize);
      await writeCompanies(client, batch, logoFor, serviceIdBySlug, now);
      progress({ phase: "companies", done: Math.min(start + batchSize, seeded.length), total: seeded.length });
    }
    summary.companies = seeded.length;
    summary.chineseCompanies = seeded.filter((c) => c.country === "CN").length;
    summary.russianCompanies = seeded.length - summary.chineseCompanies;
    summary.realCompanies = seeded.filter((c) => c.real).length;
    summary.legalEntities = seeded.filter((c) => c.legal).length;
    summary.companyOkvedCodes = seeded.reduce((n, c) => n + 1 + c.okvedExtra.length, 0);
    summary.companyServices = seeded.reduce((n, c) => n + c.services.length, 0);

    // Stories.
    const storyIds = await reserveIds(client, "stories", stories.length);
    const coverIds = TAGS.map((t) => fileByKey.get(`seed/stories/${t.slug}.webp`) ?? null);
    await insertRows(
      client,
      "stories",
      [
        ["id", "int"],
        ["slug", "text"],
        ["title", "jsonb"],
        ["lead", "jsonb"],
        ["body", "jsonb"],
        ["source_lang", "text"],
        ["cover_file_id", "int"],
        ["status", "text"],
        ["published_at", "timestamptz"],
        ["created_at", "timestamptz"],
        ["updated_at", "timestamptz"],
      ],
      stories.map((s, i) => [
        storyIds[i],
        s.slug,
        s.title,
        s.lead,
        s.body,
        "ru",
        coverIds[s.cover] ?? null,
        "published",
        s.publishedAt,
        new Date(s.publishedAt.getTime() - DAY),
        s.publishedAt,
      ]),
    );
    const tagIdBySlug = new Map(TAGS.map((t, i) => [t.slug, tagIds[i]!]));
    await insertRows(
      client,
      "story_tags",
      [
        ["story_id", "int"],
        ["tag_id", "int"],
      ],
      stories.flatMap((s, i) => s.tags.map((t) => [storyIds[i], tagIdBySlug.get(t)])),
    );
    summary.stories = stories.length;
    progress({ phase: "stories", done: stories.length, total: stories.length });

    // Products, batch by batch.
    if (productCount > 0) {
      const pctx = productContext(seed, now, seeded, reference.tnved);
      const counted = (done: number, added: { prices: number; variants: number; files: number }) => {
        summary.productPrices += added.prices;
        summary.productVariants += added.variants;
        summary.productFiles += added.files;
        summary.products = done;
        progress({ phase: "products", done, total: productCount });
      };
      const workerCount = options.engine === "postgres" ? Math.max(0, Math.floor(options.workers ?? defaultWorkers(productCount))) : 0;
      if (workerCount > 0) {
        await writeProductsInWorkers(
          [client, ...extra],
          pool,
          productCount,
          batchSize,
          workerCount,
          { seed, now, companies: pctx.companies, tnved: reference.tnved },
          counted,
        );
      } else {
        // One thread: the next batch is generated while the database takes the previous one.
        let inflight: Promise<unknown> = Promise.resolve();
        for (let start = 0; start < productCount; start += batchSize) {
          const end = Math.min(start + batchSize, productCount);
          const batch: ProductDraft[] = [];
          for (let i = start; i < end; i++) batch.push(generateProduct(pctx, i));
          await inflight;
          const ids = await reserveIds(client, "products", batch.length);
          if (options.engine === "postgres") {
            const encoded = encodeProductBatch(ids, batch);
            inflight = writeEncoded(client, (table) => encoded.text[table]);
            counted(end, encoded);
          } else {
            inflight = insertProducts(client, ids, batch);
            counted(end, {
              prices: batch.reduce((n, p) => n + p.prices.length, 0),
              variants: batch.reduce((n, p) => n + p.variants.length, 0),
              files: batch.reduce((n, p) => n + p.imageFileIds.length, 0),
            });
          }
          inflight.catch(() => {});
        }
        await inflight;
      }
    }

    if (postgres) {
      for (const other of extra) await other.query("commit");
      await client.query("commit");
      vocabulary = await startVocabularyRebuild(pool);
      await restoreInParallel([client, ...extra], restoreSteps!, (step, done, total) => progress({ phase: "restore", step, done, total }));
      await vocabulary.commit();
      vocabulary = null;
    } else {
      await restoreAfterBulkLoad(client, restore);
      await client.query("commit");
    }
  } catch (error) {
    failed = true;
    // Every transaction of the load ends before the recovery: its CREATE INDEX would wait for their locks.
    for (const c of [client, ...extra]) await c.query("rollback").catch(() => {});
    // The vocabulary of rows the recovery deletes must not be kept.
    await vocabulary?.cancel();
    if (restoreSteps) {
      try {
        await recoverBulkLoad(pool);
      } catch (recoveryError) {
        throw new AggregateError(
          [error, recoveryError],
          `The seed failed (${String(error)}) and undoing it failed too (${String(recoveryError)}): ${RECOVER_HINT}`,
        );
      }
    }
    throw error;
  } finally {
    // After a failure the connections may be broken or mid-statement: the pool opens new ones.
    for (const c of [client, ...extra]) c.release(failed);
  }

  // After a bulk load (one statement each; the full-text indexes were built over the loaded rows, so
  // they need no REINDEX): VACUUM ANALYZE — statistics for the planner, and the visibility map that
  // lets counts run as index-only scans — then, on PGlite, the vocabulary of the new names (on
  // PostgreSQL it was rebuilt beside the restore). One VACUUM at a time: two side by side share the
  // disk they write every page to (ADR 059, third addendum).
  const finish = [...BULK_TABLES, "stories", "story_tags", "categories", "files"];
  const steps = finish.length + 2;
  for (const [i, table] of finish.entries()) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
    progress({ phase: "analyze", done: i + 1, total: steps });
  }
  if (!postgres) await refreshCatalogTerms(db);
  await db.execute(sql`vacuum analyze catalog_terms`);
  // The spec's content pages: the Liaozhong partner-region page lists this catalogue's Liaozhong suppliers.
  await seedContentPages(db);
  // Counts shared by the processes describe the catalogue before this seed: they group it themselves
  // until the next refresh of the shared view (count-groups.ts).
  await invalidateSharedCountGroups(db);
  progress({ phase: "analyze", done: steps, total: steps });
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

async function writeCompanies(
  client: Client,
  batch: SeededCompany[],
  logoFor: (initial: string) => number | null,
  serviceIdBySlug: Map<string, number>,
  now: number,
): Promise<void> {
  await insertRows(
    client,
    "companies",
    [
      ["id", "int"],
      ["name", "jsonb"],
      ["description", "jsonb"],
      ["source_lang", "text"],
      ["logo_file_id", "int"],
      ["status", "text"],
      ["country", "text"],
      ["region_code", "text"],
      ["city", "jsonb"],
      ["address", "jsonb"],
      ["latitude", "double precision"],
      ["longitude", "double precision"],
      ["website", "text"],
      ["phone", "text"],
      ["email", "text"],
      ["year_founded", "smallint"],
      ["headcount_range", "text"],
      ["okved_main", "text"],
      ["facts", "jsonb"],
      ["verification_level", "smallint"],
      ["verification_evidence", "jsonb"],
      ["verified_at", "timestamptz"],
      ["published_at", "timestamptz"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
    batch.map((c) => [
      c.id,
      c.name,
      c.description,
      c.sourceLang,
      logoFor(c.initial),
      c.status,
      c.country,
      c.regionCode,
      c.city,
      c.address,
      c.latitude,
      c.longitude,
      c.website,
      c.phone,
      c.email,
      c.yearFounded,
      c.headcountRange,
      c.okvedMain,
      c.facts,
      c.verificationLevel,
      c.verificationEvidence,
      c.verifiedAt,
      c.publishedAt,
      c.createdAt,
      c.publishedAt ?? new Date(now),
    ]),
  );
  await insertRows(
    client,
    "legal_entities",
    [
      ["company_id", "int"],
      ["kind", "text"],
      ["inn", "text"],
      ["kpp", "text"],
      ["ogrn", "text"],
      ["name_full", "text"],
      ["name_short", "text"],
      ["address", "text"],
    ],
    batch
      .filter((c) => c.legal)
      .map((c) => [
        c.id,
        c.legal!.kind,
        c.legal!.inn,
        c.legal!.kpp,
        c.legal!.ogrn,
        c.legal!.nameFull,
        c.legal!.nameShort,
        c.legal!.address,
      ]),
  );
  await insertRows(
    client,
    "company_okved_codes",
    [
      ["company_id", "int"],
      ["okved_code", "text"],
      ["is_main", "boolean"],
    ],
    batch.flatMap((c) => [[c.id, c.okvedMain, true], ...c.okvedExtra.map((code) => [c.id, code, false])]),
  );
  await insertRows(
    client,
    "company_services",
    [
      ["company_id", "int"],
      ["service_type_id", "int"],
      ["description", "jsonb"],
      ["source_lang", "text"],
      ["price_from", "numeric"],
      ["currency", "text"],
      ["price_unit", "jsonb"],
      ["status", "text"],
    ],
    batch.flatMap((c) =>
      c.services.map((s) => [
        c.id,
        serviceIdBySlug.get(s.type.slug),
        s.description,
        c.sourceLang,
        s.priceFrom,
        s.currency,
        s.priceUnit,
        s.status,
      ]),
    ),
  );
}

/** Writes a batch of products and their children through the unnest INSERT (PGlite); one statement at a time. */
async function insertProducts(client: pg.PoolClient, ids: number[], batch: ProductDraft[]): Promise<void> {
  const rows = productRows(ids, batch);
  for (const table of PRODUCT_TABLE_ORDER) await insertRows(client, table, PRODUCT_TABLES[table], rows[table]);
}

/** COPYs a batch's encoded tables, in PRODUCT_TABLE_ORDER (a pg client runs one statement at a time). */
async function writeEncoded(client: pg.PoolClient, chunk: (table: ProductTable) => string | Uint8Array): Promise<void> {
  for (const table of PRODUCT_TABLE_ORDER) await copyEncoded(client, table, PRODUCT_TABLES[table], chunk(table));
}

/** The vocabulary's rebuild in an open transaction of its own (`startVocabularyRebuild`). */
interface VocabularyRebuild {
  /** Waits for the rebuild and commits it. Errors: the rebuild's. */
  commit(): Promise<void>;
  /** Stops the rebuild and rolls it back; never throws. */
  cancel(): Promise<void>;
}

/** Compiles the vocabulary's statements for a pool connection (as the Drizzle instances compile). */
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Starts the rebuild of the vocabulary (vocabulary.ts `catalogTermsRebuild`) on a pool connection
 * of its own, in a transaction left open. It reads only the committed rows and takes no lock that an
 * index build, a foreign key's check or the recovery waits for, so it runs beside the restore
 * instead of after it (≈ 11 s a million products saved at 1,000,000; at 10,000,000 it shares the
 * disk with the index builds and the gain was not measurable, ADR 059 third addendum). It commits
 * only once the restore has succeeded: a failed or killed seed never leaves the words of rows its
 * recovery deletes.
 */
async function startVocabularyRebuild(pool: pg.Pool): Promise<VocabularyRebuild> {
  const client = await pool.connect();
  let pid: number;
  try {
    // A killed seed's rebuild stops within a second instead of running on to its end (PostgreSQL ≥ 14; elsewhere it runs on, harmlessly).
    await client.query("set client_connection_check_interval = '1s'").catch(() => {});
    await client.query("begin");
    pid = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
  } catch (error) {
    client.release(true);
    throw error;
  }
  const running = (async () => {
    for (const statement of catalogTermsRebuild()) {
      const query = dialect.sqlToQuery(statement);
      await client.query(query.sql, query.params);
    }
  })();
  running.catch(() => {});
  let ended = false;
  return {
    async commit() {
      try {
        await running;
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        ended = true;
        // Closed rather than pooled: its session carries the setting above.
        client.release(true);
      }
    },
    async cancel() {
      if (ended) return;
      ended = true;
      await pool.query("select pg_cancel_backend($1)", [pid]).catch(() => {});
      await running.catch(() => {});
      await client.query("rollback").catch(() => {});
      client.release(true);
    },
  };
}

/** What tells an operator how to undo an interrupted PostgreSQL seed by hand. */
export const RECOVER_HINT = `the catalogue is incomplete and its indexes are missing: run \`npm run seed:demo -- --recover\` (or start the server) to delete the seed's rows and restore them`;

/**
 * Undoes a PostgreSQL seed whose process was killed (its steps are in sql.ts RESTORE_TABLE):
 * deletes the rows it wrote and re-creates the indexes and foreign keys it had dropped. Answers null
 * when there was none. Run by every PostgreSQL seed before it starts, by `npm run seed:demo`
 * (`--recover` does only this) and at the server's start.
 */
export async function recoverInterruptedSeed(db: Db): Promise<Recovery | null> {
  return recoverBulkLoad(poolOf(db));
}

/** Connections that COPY in parallel by default: two where there are two cores (each COPY's backend computes `search_vector` on one). */
export function defaultCopyConnections(): number {
  return Math.min(2, os.availableParallelism());
}

/** The tables whose highest id marks where a seed's rows start (each takes its ids from its sequence, above the marks). */
const MARKED_TABLES = ["products", "companies", "stories", "tags", "service_types", "categories", "files"] as const;
type Marks = Record<(typeof MARKED_TABLES)[number], number>;

async function markTables(client: Client): Promise<Marks> {
  const { rows } = await client.query<Marks>(
    `select ${MARKED_TABLES.map((table) => `(select coalesce(max(id), 0) from ${table})::bigint::text as ${table}`).join(", ")}`,
  );
  return Object.fromEntries(MARKED_TABLES.map((table) => [table, Number(rows[0]![table])])) as Marks;
}

/**
 * The deletes that undo a PostgreSQL seed: the rows above the marks, children first (the bulk tables'
 * foreign keys are off while they run, so nothing cascades). Rows that were there before the seed
 * keep their ids below the marks and are never touched.
 */
function cleanupStatements(marks: Marks): string[] {
  return [
    `delete from product_files where product_id > ${marks.products}`,
    `delete from product_variants where product_id > ${marks.products}`,
    `delete from product_prices where product_id > ${marks.products}`,
    `delete from products where id > ${marks.products}`,
    `delete from company_services where company_id > ${marks.companies}`,
    `delete from company_okved_codes where company_id > ${marks.companies}`,
    `delete from legal_entities where company_id > ${marks.companies}`,
    `delete from companies where id > ${marks.companies}`,
    `delete from story_tags where story_id > ${marks.stories}`,
    `delete from stories where id > ${marks.stories}`,
    `delete from tags where id > ${marks.tags}`,
    `delete from service_types where id > ${marks.service_types}`,
    `delete from categories where id > ${marks.categories} and parent_id is not null`,
    `delete from categories where id > ${marks.categories}`,
    `delete from files where id > ${marks.files}`,
  ];
}

/** Below this many products a seed generates on its own thread: starting a worker (≈ 1 s of module loading) costs more than it saves. */
const WORKERS_FROM = 20_000;

/**
 * Workers used by default on PostgreSQL for `products`: one per core the process may use (the main
 * thread then only moves bytes to the socket, and PostgreSQL's backend runs the COPY beside them),
 * none for a small catalogue (`npm run demo`'s 5,000 products).
 */
export function defaultWorkers(products: number): number {
  return products < WORKERS_FROM ? 0 : Math.max(1, os.availableParallelism());
}

/**
 * The products through worker threads (workers.ts), COPYed over `clients` (each in its own open
 * transaction): batch k goes to a worker with its ids as soon as a slot frees (two batches per worker
 * and one per connection ahead of the writers), and each connection, when free, takes the next batch
 * in order and COPYs it. Ids are reserved in batch order on `ids` (one reservation at a time, in
 * the order the batches are dispatched), so each product gets the id the single-thread path gives
 * it, whichever connection writes it. A failure stops every connection after its current batch;
 * the error is thrown once none is writing.
 */
async function writeProductsInWorkers(
  clients: readonly pg.PoolClient[],
  ids: Client,
  productCount: number,
  batchSize: number,
  workerCount: number,
  init: ProductWorkerInit,
  counted: (done: number, added: { prices: number; variants: number; files: number }) => void,
): Promise<void> {
  const workers = ProductWorkers.start(workerCount, init);
  try {
    const batches = Math.ceil(productCount / batchSize);
    const ahead = workers.size * 2 + clients.length;
    const pending = new Map<number, Promise<ProductResult>>();
    let reserved: Promise<unknown> = Promise.resolve();
    let dispatched = 0;
    const dispatch = () => {
      if (dispatched >= batches) return;
      const k = dispatched++;
      const start = k * batchSize;
      const end = Math.min(start + batchSize, productCount);
      const result = reserved.then(async () => workers.run({ start, end, ids: await reserveIds(ids, "products", end - start) }));
      reserved = result;
      result.catch(() => {});
      pending.set(k, result);
    };
    for (let k = 0; k < ahead; k++) dispatch();
    let taken = 0;
    let written = 0;
    let failed = false;
    const results = await Promise.allSettled(
      clients.map(async (client) => {
        while (!failed && taken < batches) {
          const k = taken++;
          try {
            while (!pending.has(k)) dispatch();
            const result = await pending.get(k)!;
            pending.delete(k);
            dispatch();
            await writeEncoded(client, (table) => result.bytes[table]);
            // Progress counts batches written, in whatever order the connections finish them.
            written += 1;
            counted(Math.min(written * batchSize, productCount), result);
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      }),
    );
    const rejected = results.find((r) => r.status === "rejected");
    if (rejected) throw rejected.reason;
  } finally {
    await workers.close();
  }
}
