/**
 * Random products of the public catalogue (spec §7 "/api/products (list, random)"): `GET
 * /api/products?sort=random` (with the list's filters, optionally a `seed`) and `GET
 * /api/products/random` (the whole catalogue) both draw here.
 *
 * How a page is drawn, without sorting the catalogue (ADR 011: every list is an index walk):
 * - A small set (at most SMALL_SET products match the filters) is read whole, in id order, and
 *   shuffled; pages are consecutive slices of that one permutation, so paging shows every product
 *   once.
 * - A large set: 2 × perPage points are drawn uniformly between the first and the last matching id
 *   and each takes the first matching product at or after it (one short walk of products_pkey per
 *   point). Repeats are dropped and the first perPage kept; when repeats leave the page short, up to
 *   two more rounds are drawn, then the page is filled with the products following one more point
 *   (wrapping to the first). A product
 *   that follows a long run of ids the filters reject is drawn more often than one in a dense run;
 *   for a showcase of the catalogue that bias is accepted (a uniform draw would need every matching
 *   id: a full scan at 1,000,000 products).
 * The draw's randomness comes from `seed` when given (the same seed, filters and page give the same
 * products while the catalogue is unchanged: links and tests are reproducible), else from
 * Math.random. Each page of a large set is its own draw, so two pages may share a product.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Lang } from "../db/schema.ts";
import { productFrom, productTotal, productWhere, productsByIds, type Paged, type ProductCard, type ProductFilters } from "./repository.ts";

/** Above this many matching products a page is drawn by random points (see the module's docstring). */
export const SMALL_SET = 200;

/**
 * A seeded generator of uniform numbers in [0, 1) (mulberry32: 32-bit state, period 2³²) — enough to
 * pick products, not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator of one page: from `seed` mixed with the page number, or Math.random without a seed. */
function pageRandom(seed: number | undefined, page: number): () => number {
  return seed === undefined ? Math.random : seededRandom(seed ^ Math.imul(page, 0x9e3779b1));
}

/** The filters a random draw applies: the list's, without its order (a random draw has none). */
const drawFilters = (filters: ProductFilters): ProductFilters => ({ ...filters, sort: undefined });

/** Ids of at most SMALL_SET + 1 matching products, in id order: the whole set when it is small. */
export function smallSetSql(filters: ProductFilters): SQL {
  const f = drawFilters(filters);
  return sql`select p.id ${productFrom(f)} where ${productWhere(f)} order by p.id limit ${SMALL_SET + 1}`;
}

/**
 * For each point (an id within the matching products' id range, in order), the first matching
 * product with an id at or after it: one row per point, in the points' order.
 */
export function randomPointsSql(filters: ProductFilters, points: number[]): SQL {
  const f = drawFilters(filters);
  return sql`select k.id from unnest(array[${sql.join(
    points.map((point) => sql`${point}`),
    sql`, `,
  )}]::int[]) with ordinality as r(point, n)
    cross join lateral (select p.id ${productFrom(f)} where ${productWhere(f)} and p.id >= r.point order by p.id limit 1) k
    order by r.n`;
}

/** Rounds of random points before a short page is filled from consecutive products. */
const DRAW_ROUNDS = 3;

/** Ids of up to `limit` matching products from id `from` on, in id order (a walk of products_pkey). */
export function followingIdsSql(filters: ProductFilters, from: number, limit: number): SQL {
  const f = drawFilters(filters);
  return sql`select p.id ${productFrom(f)} where ${productWhere(f)} and p.id >= ${from} order by p.id limit ${limit}`;
}

/** The highest id of a matching product (a backward walk of products_pkey, or the planner's better index). */
function lastIdSql(filters: ProductFilters): SQL {
  const f = drawFilters(filters);
  return sql`select p.id ${productFrom(f)} where ${productWhere(f)} order by p.id desc limit 1`;
}

/**
 * One page of products drawn at random among those `filters` select (ProductFilters; `sort` is
 * ignored), `perPage` of them or all there are when fewer. `seed` (a 32-bit unsigned integer) makes the
 * draw reproducible. `total` is the list's total for the same filters.
 */
export async function randomProductPage(
  db: Db,
  filters: ProductFilters,
  lang: Lang,
  page: number,
  perPage: number,
  seed?: number,
): Promise<Paged<ProductCard>> {
  const [small, count] = await Promise.all([db.execute<{ id: number }>(smallSetSql(filters)), productTotal(db, drawFilters(filters))]);
  let ids: number[];
  if (small.rows.length <= SMALL_SET) {
    // One permutation of the whole set (seeded by `seed` alone, so every page slices the same one).
    const all = small.rows.map((r) => r.id);
    const random = pageRandom(seed, 0);
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    ids = all.slice((page - 1) * perPage, page * perPage);
  } else {
    // Points fall between the first and the last matching id: a supplier's products, say, sit in one
    // narrow run of ids, and points over the whole table would nearly all land on its first product.
    const min = small.rows[0]!.id;
    const max = (await db.execute<{ id: number }>(lastIdSql(filters))).rows[0]?.id ?? min;
    const random = pageRandom(seed, page);
    const chosen = new Set<number>();
    // Points falling into the same gap of rejected ids land on the same product: draw again (a few
    // rounds), then fill from the products following one more point, so a page is never short.
    for (let round = 0; round < DRAW_ROUNDS && chosen.size < perPage; round++) {
      const points = Array.from({ length: perPage * 2 }, () => min + Math.floor(random() * (max - min + 1)));
      for (const row of (await db.execute<{ id: number }>(randomPointsSql(filters, points))).rows) chosen.add(row.id);
    }
    if (chosen.size < perPage) {
      const from = min + Math.floor(random() * (max - min + 1));
      for (const start of [from, min]) {
        const rows = (await db.execute<{ id: number }>(followingIdsSql(filters, start, perPage + chosen.size))).rows;
        for (const row of rows) if (chosen.size < perPage) chosen.add(row.id);
      }
    }
    ids = [...chosen].slice(0, perPage);
  }
  return { items: await productsByIds(db, ids, lang), ...count };
}
