/**
 * Dealer and distributor links (issue 5; `product_companies`): a company declares that it also
 * supplies another company's published product. The same rows are seen from both sides: the
 * products this company supplies (the other company is the product's owner) and this company's
 * products that others supply (the other company is the one that declared the link).
 *
 * Rules: only a published product of a published company can be linked (otherwise 404, as if it
 * did not exist); not one's own product (409 `own_product`); declaring a link again changes its kind.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { ProductLink } from "#contract/profile/company.ts";
import type { Lang, Localized } from "#contract/lang-schemas.ts";
import type { Db } from "../db/client.ts";
import { companies, productCompanies, products } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";

export type { ProductLink };
export type LinkKind = ProductLink["kind"];

/** The name in `lang`, else in ru, en, zh order; "" when it has none. */
function pickName(name: Localized, lang: Lang): string {
  return name[lang] ?? name.ru ?? name.en ?? name.zh ?? "";
}

/** Both sides of the company's links, oldest first, names picked in `lang`. */
export async function productLinksOf(
  db: Db,
  companyId: number,
  lang: Lang,
): Promise<{ supplied: ProductLink[]; suppliedBy: ProductLink[] }> {
  const links = (otherCompany: SQL, side: SQL) =>
    db
      .select({
        productId: products.id,
        productName: products.name,
        companyId: companies.id,
        companyName: companies.name,
        kind: productCompanies.kind,
        createdAt: productCompanies.createdAt,
      })
      .from(productCompanies)
      .innerJoin(products, eq(products.id, productCompanies.productId))
      .innerJoin(companies, otherCompany)
      .where(side)
      .orderBy(asc(productCompanies.createdAt));
  const [supplied, suppliedBy] = await Promise.all([
    links(eq(companies.id, products.companyId), eq(productCompanies.companyId, companyId)),
    links(eq(companies.id, productCompanies.companyId), eq(products.companyId, companyId)),
  ]);
  const shape = (r: (typeof supplied)[number]): ProductLink => ({
    product: { id: r.productId, name: r.productName, title: pickName(r.productName, lang) },
    company: { id: r.companyId, name: r.companyName, title: pickName(r.companyName, lang) },
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
  });
  return { supplied: supplied.map(shape), suppliedBy: suppliedBy.map(shape) };
}

/** Declares (or re-declares with another kind) that `companyId` supplies `productId`. */
export async function linkProduct(
  db: Db,
  companyId: number,
  productId: number,
  kind: LinkKind,
): Promise<{ productId: number; kind: LinkKind; createdAt: string }> {
  const [product] = await db
    .select({ id: products.id, companyId: products.companyId })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, productId), eq(products.status, "published"), eq(companies.status, "published")))
    .limit(1);
  if (!product) throw notFound("Product");
  if (product.companyId === companyId) throw new DomainError("own_product", "This is your own product");
  const [row] = await db
    .insert(productCompanies)
    .values({ productId: product.id, companyId, kind })
    .onConflictDoUpdate({ target: [productCompanies.productId, productCompanies.companyId], set: { kind, updatedAt: new Date() } })
    .returning();
  return { productId: row!.productId, kind: row!.kind, createdAt: row!.createdAt.toISOString() };
}

/** Removes the company's link to `productId` (404 when there is none). */
export async function unlinkProduct(db: Db, companyId: number, productId: number): Promise<void> {
  const removed = await db
    .delete(productCompanies)
    .where(and(eq(productCompanies.productId, productId), eq(productCompanies.companyId, companyId)))
    .returning({ productId: productCompanies.productId });
  if (removed.length === 0) throw notFound("Link");
}
