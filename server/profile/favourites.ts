/**
 * A person's favourite products (spec §7 Profile): only published products of published companies
 * count, so the header's number matches the favourites page; newest first, at most
 * MAX_FAVOURITES listed.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Lang } from "#contract/lang-schemas.ts";
import type { ProductCard } from "#contract/product-card.ts";
import { productsByIds } from "../catalog/repository.ts";
import type { Db } from "../db/client.ts";
import { companies, favourites, products } from "../db/schema.ts";
import { notFound } from "../errors.ts";

export const MAX_FAVOURITES = 1000;

/** Ids of the favourites of `userId` that visitors can see, newest first. */
export async function favouriteIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .innerJoin(products, and(eq(products.id, favourites.productId), eq(products.status, "published")))
    .innerJoin(companies, and(eq(companies.id, products.companyId), eq(companies.status, "published")))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt))
    .limit(MAX_FAVOURITES);
  return rows.map((r) => r.productId);
}

/** The product cards of the favourites of `userId` in `lang`, newest first. */
export async function favouriteCards(db: Db, userId: number, lang: Lang): Promise<ProductCard[]> {
  return productsByIds(db, await favouriteIds(db, userId), lang);
}

/** Marks `productId` a favourite (again: no change). A product that is not published is a 404. */
export async function addFavourite(db: Db, userId: number, productId: number): Promise<void> {
  const [product] = await db.select({ status: products.status }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product || product.status !== "published") throw notFound("Product");
  await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
}

/** Removes `productId` from the favourites (not there: no change). */
export async function removeFavourite(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
}
