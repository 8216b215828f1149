/**
 * A person's favourite products (spec §7 Profile): only published products of published companies
 * count, so the header's number matches the favourites page; newest first, at most
 * MAX_FAVOURITES listed, the cards a page at a time.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Lang } from "#contract/lang-schemas.ts";
import type { ProductCard } from "#contract/product-card.ts";
import { productsByIds } from "../catalog/repository.ts";
import type { Db } from "../db/client.ts";
import { namedStatement, preparedQuery } from "../db/named-statement.ts";
import { companies, favourites, products } from "../db/schema.ts";
import { notFound } from "../errors.ts";

export const MAX_FAVOURITES = 1000;

/** Ids of the favourites of `userId` that visitors can see, newest first. */
export async function favouriteIds(db: Db, userId: number): Promise<number[]> {
  const rows = await favouriteIdsQuery.execute(db, { userId });
  return rows.map((r) => r.productId);
}

/**
 * One page of the product cards of the favourites of `userId` in `lang`, newest first, and how many
 * favourites there are in all (`total`, at most MAX_FAVOURITES). A page past the last one is empty.
 * Only the page's cards are built: a list of hundreds answered whole cost every call all of its cards (ADR 079).
 */
export async function favouriteCards(
  db: Db,
  userId: number,
  lang: Lang,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ cards: ProductCard[]; total: number }> {
  const ids = await favouriteIds(db, userId);
  const start = (page - 1) * perPage;
  return { cards: await productsByIds(db, ids.slice(start, start + perPage), lang), total: ids.length };
}

/**
 * Marks `productId` a favourite (again: no change). A product that is not published is a 404. One
 * statement checks and inserts (a round trip fewer per star, issue 31 §5): the insert takes the id
 * only from a published product, and the count of those tells a 404 from a favourite already there.
 */
export async function addFavourite(db: Db, userId: number, productId: number): Promise<void> {
  const [row] = await addFavouriteStatement.read<{ published: number }>(db, { userId, productId });
  if (!row || row.published === 0) throw notFound("Product");
}

/** Removes `productId` from the favourites (not there: no change). */
export async function removeFavourite(db: Db, userId: number, productId: number): Promise<void> {
  await deleteFavourite.execute(db, { userId, productId });
}

// Every signed-in page load asks for the ids, and the star toggles them: prepared once (issue 31 §5).
const favouriteIdsQuery = preparedQuery("pq_favourite_ids", (db, name) =>
  db
    .select({ productId: favourites.productId })
    .from(favourites)
    .innerJoin(products, and(eq(products.id, favourites.productId), eq(products.status, "published")))
    .innerJoin(companies, and(eq(companies.id, products.companyId), eq(companies.status, "published")))
    .where(eq(favourites.userId, sql.placeholder("userId")))
    .orderBy(desc(favourites.createdAt))
    .limit(MAX_FAVOURITES)
    .prepare(name),
);

const addFavouriteStatement = namedStatement<{ userId: number; productId: number }>(
  "favourite_add",
  sql`with product as (
        select ${products.id} as id from ${products}
        where ${products.id} = ${sql.placeholder("productId")} and ${products.status} = 'published'
      ), added as (
        insert into ${favourites} (user_id, product_id)
        select ${sql.placeholder("userId")}::int, id from product
        on conflict do nothing
      )
      select count(*)::int as published from product`,
);

const deleteFavourite = preparedQuery("pq_favourite_delete", (db, name) =>
  db
    .delete(favourites)
    .where(and(eq(favourites.userId, sql.placeholder("userId")), eq(favourites.productId, sql.placeholder("productId"))))
    .prepare(name),
);
