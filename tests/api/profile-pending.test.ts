/**
 * A supplier sees the field-by-field diff of their own changes awaiting moderation (issue 15 §5),
 * on both engines: the same diff the moderator gets (server/admin/diff.ts), the old and new name
 * side by side; nothing awaiting before the change; another company's product is a 404.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { products } from "#server/db/schema.ts";
import { createSupplier, createUser, profileTest } from "../support/profile.ts";

const test = profileTest
  .extend("owner", { scope: "file" }, ({ api }) =>
    createSupplier(api, "pending-owner", { name: { ru: "ООО «Правка»" }, sourceLang: "ru", country: "RU" }),
  )
  .extend("other", { scope: "file" }, ({ api }) =>
    createSupplier(api, "pending-other", { name: { ru: "ООО «Чужая»" }, sourceLang: "ru", country: "RU" }),
  )
  .extend("productId", { scope: "file" }, async ({ api, owner }) => {
    const { id } = await owner.ok<{ id: number }>("POST", "/api/profile/company/products", { name: { ru: "Болты М12" }, sourceLang: "ru" });
    // Approved earlier (the moderation round trip is tests/api/admin.test.ts).
    await api.db.update(products).set({ status: "published", publishedAt: new Date() }).where(eq(products.id, id));
    return id;
  });

test("a published product's change waits with its field-by-field diff, as the moderator sees it", async ({ api, owner, productId }) => {
  const before = await owner.ok("GET", `/api/profile/pending/products/${productId}?lang=ru`);
  expect(before.awaiting).toBe(false);

  await owner.ok("PATCH", `/api/profile/company/products/${productId}`, { name: { ru: "Болты М12 оцинкованные" } });
  const pending = await owner.ok("GET", `/api/profile/pending/products/${productId}?lang=ru`);
  expect(pending.awaiting).toBe(true);
  expect(pending.firstSubmission).toBe(false);
  expect(pending.diff.find((f: any) => f.field === "name.ru")).toMatchObject({
    kind: "text",
    changed: true,
    before: "Болты М12",
    after: "Болты М12 оцинкованные",
  });
  // The moderator's review of the same product shows the same diff.
  const moderator = await createUser(api, "pending-moderator", { role: "MODERATOR" });
  const review = await moderator.ok("GET", `/app/admin/moderation/product/${productId}?lang=ru`);
  expect(pending.diff).toEqual(review.diff);
});

test("another company's product is a 404; the company's own card answers too", async ({ owner, other, productId }) => {
  const foreign = await other.get(`/api/profile/pending/products/${productId}`);
  expect(foreign.status).toBe(404);
  const company = await owner.ok("GET", "/api/profile/pending/company?lang=en");
  expect(company).toMatchObject({ awaiting: false, firstSubmission: true });
});
