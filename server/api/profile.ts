/**
 * The signed-in user's own data (spec §7 Profile):
 * - GET /api/profile → `{ data: { id, role, firstName, lastName, email, phone, locale, organization, invitations } }`
 *   (`invitations`: open invitations to the user's e-mail while they have no company, see
 *   profile-employees.ts);
 *   without a valid token `{ data: { role: "ANONIM" } }` (spec §3: the anonymous role), status 200.
 * - PATCH /api/profile `{ firstName?, lastName?, locale? }` → the updated profile. 401 when anonymous.
 * - GET /api/profile/favourites?lang= → `{ data: ProductCard[] }`, newest first (published products only);
 *   with `view=ids` → `{ data: [{ id }] }` of every favourite, without loading the cards.
 * - POST /api/products/{id}/favourite → 201; DELETE → 200. Unknown or unpublished product → 404.
 */
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { productsByIds } from "../catalog/repository.ts";
import { companies, favourites, products } from "../db/schema.ts";
import type { ApiEnv } from "./app.ts";
import { RegisterBody } from "./auth.ts";
import { requireCaller } from "./caller.ts";
import { invitationsFor } from "./profile-employees.ts";
import { LangSchema, notFound, ok, parseJsonBody, parseQuery } from "./http.ts";

export const ProfilePatchBody = z
  .object({ firstName: RegisterBody.shape.firstName, lastName: RegisterBody.shape.lastName, locale: z.enum(["ru", "en", "zh"]) })
  .partial()
  .strict();

const ProductId = z.coerce.number().int().positive().max(2_147_483_647);

function productIdOf(raw: string): number {
  const parsed = ProductId.safeParse(raw);
  if (!parsed.success) throw notFound("Product");
  return parsed.data;
}

export const profileRoutes = new Hono<ApiEnv>()
  .get("/api/profile", async (c) => {
    const caller = c.var.caller;
    const profile = caller ? await c.var.auth.profile(caller.userId) : null;
    if (!profile) return ok(c, { role: "ANONIM" });
    // Open invitations to the user's e-mail: the profile start page offers to accept them.
    return ok(c, { ...profile, invitations: profile.organization ? [] : await invitationsFor(c.var.db, profile.id) });
  })
  .patch("/api/profile", async (c) => {
    const caller = requireCaller(c);
    const patch = await parseJsonBody(c, ProfilePatchBody);
    await c.var.auth.updateProfile(caller.userId, patch);
    return ok(c, await c.var.auth.profile(caller.userId));
  })
  .get("/api/profile/favourites", async (c) => {
    const caller = requireCaller(c);
    const { lang, view } = parseQuery(c, z.object({ lang: LangSchema, view: z.enum(["cards", "ids"]).default("cards") }));
    const rows = await c.var.db
      .select({ productId: favourites.productId })
      .from(favourites)
      // Only what visitors can see, so the header's count matches the favourites page.
      .innerJoin(products, and(eq(products.id, favourites.productId), eq(products.status, "published")))
      .innerJoin(companies, and(eq(companies.id, products.companyId), eq(companies.status, "published")))
      .where(eq(favourites.userId, caller.userId))
      .orderBy(desc(favourites.createdAt))
      .limit(1000);
    const ids = rows.map((r) => r.productId);
    // `view=ids` is what every page load needs (which stars are on); cards only for the favourites page.
    if (view === "ids") return ok(c, ids.map((id) => ({ id })));
    return ok(c, await productsByIds(c.var.db, ids, lang));
  })
  .post("/api/products/:id/favourite", async (c) => {
    const caller = requireCaller(c);
    const productId = productIdOf(c.req.param("id"));
    const [product] = await c.var.db.select({ status: products.status }).from(products).where(eq(products.id, productId)).limit(1);
    if (!product || product.status !== "published") throw notFound("Product");
    await c.var.db.insert(favourites).values({ userId: caller.userId, productId }).onConflictDoNothing();
    return c.json({ data: { id: productId, favourite: true } }, 201);
  })
  .delete("/api/products/:id/favourite", async (c) => {
    const caller = requireCaller(c);
    const productId = productIdOf(c.req.param("id"));
    await c.var.db.delete(favourites).where(and(eq(favourites.userId, caller.userId), eq(favourites.productId, productId)));
    return ok(c, { id: productId, favourite: false });
  });

