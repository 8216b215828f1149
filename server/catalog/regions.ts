/**
 * Regions the directory places suppliers in: the 89 subjects of the Russian Federation and the 31
 * provincial-level divisions of mainland China.
 *
 * - Russia: `code` is the two-digit region code used as the first two digits of INN and KPP (and of
 *   the tax office code); source: the list of subjects in art. 65 of the Constitution of the Russian
 *   Federation and the FNS tax office codes (приказ ФНС России от 29.06.2012 № ММВ-7-6/435@;
 *   codes 90–95 for the regions admitted in 2014 and 2022). Capitals are the administrative centres.
 * - China: `code` is `CN-` plus the two-digit province prefix of GB/T 2260 (administrative division
 *   codes of the PRC), e.g. CN-21 Liaoning, CN-44 Guangdong; the capital is the provincial capital
 *   (for the four municipalities, the municipality itself).
 *
 * The rows are data (regions.json). Names are given in Russian, English and Chinese (the Chinese names of Russian regions as commonly
 * written in the PRC press, e.g. 莫斯科, 圣彼得堡, 滨海边疆区). Coordinates are WGS 84 decimal degrees
 * of the capital's centre (latitude north, longitude east).
 */
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { RegionChoice } from "#contract/regions.ts";
import { regions, type Lang } from "../db/schema.ts";
import { sourceFile } from "../paths.ts";

export type { RegionChoice } from "#contract/regions.ts";

export type L3 = { ru: string; en: string; zh: string };

export interface RegionInfo {
  /** "66" (Sverdlovsk Oblast) or "CN-21" (Liaoning). */
  code: string;
  country: "RU" | "CN";
  name: L3;
  capital: { name: L3; lat: number; lon: number };
}

type Row = [code: string, ru: string, en: string, zh: string, capRu: string, capEn: string, capZh: string, lat: number, lon: number];

/** regions.json: one row a region, Russian ones by region code, Chinese ones by province code. */
const ROWS = JSON.parse(readFileSync(sourceFile("server/catalog/regions.json"), "utf8")) as { RU: Row[]; CN: Row[] };

const toInfo =
  (country: "RU" | "CN") =>
  ([code, ru, en, zh, capRu, capEn, capZh, lat, lon]: Row): RegionInfo => ({
    code,
    country,
    name: { ru, en, zh },
    capital: { name: { ru: capRu, en: capEn, zh: capZh }, lat, lon },
  });

/** The 89 subjects of the Russian Federation, by region code. */
export const RUSSIAN_REGIONS: readonly RegionInfo[] = ROWS.RU.map(toInfo("RU"));
/** The 31 provincial-level divisions of mainland China, by GB/T 2260 prefix. */
export const CHINESE_REGIONS: readonly RegionInfo[] = ROWS.CN.map(toInfo("CN"));
/** Russia first, then China; the order is the `position` written to the table. */
export const REGIONS: readonly RegionInfo[] = [...RUSSIAN_REGIONS, ...CHINESE_REGIONS];

const byCode = new Map(REGIONS.map((r) => [r.code, r]));

/** The region with this code, or undefined. */
export function regionByCode(code: string): RegionInfo | undefined {
  return byCode.get(code);
}

/**
 * Upserts every region into `regions` (names and order); idempotent. Returns the number of rows written.
 */
export async function seedRegions(db: Db): Promise<number> {
  const rows = REGIONS.map((r, i) => ({ code: r.code, country: r.country, name: r.name, position: i + 1 }));
  await db
    .insert(regions)
    .values(rows)
    .onConflictDoUpdate({
      target: regions.code,
      set: { country: sql`excluded.country`, name: sql`excluded.name`, position: sql`excluded.position`, updatedAt: sql`now()` },
    });
  return rows.length;
}

/** True when the `regions` table has no rows (a database imported before regions were seeded). */
export async function regionsAreEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ code: regions.code }).from(regions).limit(1);
  return !row;
}

/**
 * The regions stored in the database (what a company's `region_code` may reference), in table
 * order (Russia by region code, then China), optionally of one country, named in `lang` (falling
 * back to Russian, then English).
 */
export async function listRegions(db: Db, lang: Lang, country?: "RU" | "CN"): Promise<RegionChoice[]> {
  const rows = await db
    .select({ code: regions.code, country: regions.country, name: regions.name })
    .from(regions)
    .where(country ? eq(regions.country, country) : undefined)
    .orderBy(asc(regions.position), asc(regions.code));
  return rows.map((r) => ({ code: r.code, country: r.country, name: r.name[lang] ?? r.name.ru ?? r.name.en ?? r.code }));
}
