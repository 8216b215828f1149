/**
 * `npm run seed:demo -- [--companies N] [--products N] [--seed S] [--workers N] [--copy-connections N] [--force] [--recover]` — fills the catalogue of
 * the configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR) with the demo
 * catalogue (server/catalog/seed). Defaults: 300 companies, 5000 products, seed 1; on PostgreSQL the
 * products are generated in `--workers` threads (default one per core from 20,000 products; 0: on the main thread) and COPYed
 * over `--copy-connections` connections (default two on two cores or more; ADR 059, second addendum). A PostgreSQL seed that
 * was killed is undone first (its rows deleted, its indexes and keys restored); `--recover` does only that. Refuses a
 * catalogue that already has rows unless --force, which deletes them first.
 * Exit codes: 0 success, 1 failure, 2 bad arguments or a non-empty catalogue, 78 bad configuration.
 */
import { MultiBar, Presets, type SingleBar } from "cli-progress";
import {
  catalogueIsEmpty,
  clearCatalogue,
  ClassifiersMissingError,
  recoverInterruptedSeed,
  seedDemo,
  type SeedProgress,
} from "#server/catalog/seed/index.ts";
import { openDatabase } from "#server/db/client.ts";
import { loadEnv } from "#server/env.ts";
import { readCommandLine, wholeNumber } from "./lib/command-line.ts";

const USAGE =
  "Usage: npm run seed:demo -- [--companies N] [--products N] [--seed S] [--workers N] [--copy-connections N] [--force] [--recover]";

const args = readCommandLine(
  USAGE,
  {
    companies: { type: "string", default: "300" },
    products: { type: "string", default: "5000" },
    seed: { type: "string", default: "1" },
    workers: { type: "string" },
    "copy-connections": { type: "string" },
    force: { type: "boolean", default: false },
    recover: { type: "boolean", default: false },
  },
  (values) => ({
    companies: wholeNumber("companies", values.companies, 1),
    products: wholeNumber("products", values.products, 0),
    seed: wholeNumber("seed", values.seed, 0),
    workers: values.workers === undefined ? undefined : wholeNumber("workers", values.workers, 0),
    copyConnections: values["copy-connections"] === undefined ? undefined : wholeNumber("copy-connections", values["copy-connections"], 1),
    force: values.force,
    recover: values.recover,
  }),
);
const env = loadEnv();
const labels: Record<SeedProgress["phase"], string> = {
  images: "Pictures ",
  companies: "Companies",
  stories: "Stories  ",
  products: "Products ",
  restore: "Indexes  ",
  analyze: "Analyze  ",
};

const started = performance.now();
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
let bars: MultiBar | undefined;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  console.log(`Database: ${database.kind} (${database.location})`);
  if (database.kind === "postgres") {
    // A killed seed leaves rows and missing indexes behind: undone before anything else looks at the catalogue.
    const recovery = await recoverInterruptedSeed(database.db);
    if (recovery)
      console.log(`Undid an interrupted seed: ${recovery.deleted} delete statements, ${recovery.restored} indexes and keys restored.`);
    else if (args.recover) console.log("No interrupted seed to undo.");
  }
  if (args.recover) process.exitCode = 0;
  else if (!(await catalogueIsEmpty(database.db))) {
    if (!args.force) {
      console.error("The catalogue already has rows. Run with --force to delete them and seed again.");
      process.exitCode = 2;
    } else {
      console.log("Deleting the existing catalogue (--force)…");
      await clearCatalogue(database.db);
    }
  }
  if (process.exitCode === undefined) {
    console.log(`Seeding ${args.companies} companies and ${args.products} products (seed ${args.seed})…`);
    bars = new MultiBar(
      {
        format: "  {phase} [{bar}] {value}/{total}  {duration_formatted}",
        noTTYOutput: true,
        notTTYSchedule: 2000,
        hideCursor: true,
        stream: process.stdout,
      },
      Presets.shades_classic,
    );
    const open = new Map<string, SingleBar>();
    const summary = await seedDemo(database.db, {
      engine: database.kind,
      companies: args.companies,
      products: args.products,
      seed: args.seed,
      workers: args.workers,
      copyConnections: args.copyConnections,
      dataDir: env.DATA_DIR,
      referenceDir: env.CLASSIFIER_DATA_DIR,
      onProgress: (p) => {
        let bar = open.get(p.phase);
        if (!bar) {
          bar = bars!.create(p.total, 0, { phase: labels[p.phase] });
          open.set(p.phase, bar);
        }
        bar.update(p.done, { phase: labels[p.phase] });
      },
    });
    bars.stop();
    bars = undefined;
    const n = (v: number) => v.toLocaleString("en-US");
    console.log(
      [
        `Done in ${((performance.now() - started) / 1000).toFixed(1)} s (seeding ${(summary.ms / 1000).toFixed(1)} s):`,
        `  categories ${n(summary.categories)}, service types ${n(summary.serviceTypes)}, tags ${n(summary.tags)}, files ${n(summary.files)}`,
        `  companies ${n(summary.companies)} (Russian ${n(summary.russianCompanies)}, of them real legal entities ${n(summary.realCompanies)}; Chinese ${n(summary.chineseCompanies)})`,
        `  legal entities ${n(summary.legalEntities)}, OKVED links ${n(summary.companyOkvedCodes)}, company services ${n(summary.companyServices)}`,
        `  products ${n(summary.products)}, price tiers ${n(summary.productPrices)}, variants ${n(summary.productVariants)}, product pictures ${n(summary.productFiles)}`,
        `  stories ${n(summary.stories)}`,
      ].join("\n"),
    );
  }
} catch (error) {
  if (error instanceof ClassifiersMissingError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    console.error(`Seeding failed: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  }
} finally {
  bars?.stop();
  await database?.close();
}
