/**
 * The two regions the hand-made test catalogues place suppliers in (tests/api/catalog*.test.ts):
 * Sverdlovsk Oblast (66) and Liaoning (CN-21), with the names and positions of the region list.
 * Inserted if missing, so files sharing the test database may both call it.
 */
import { regions } from "#server/db/schema.ts";
import type { TestApi } from "./api.ts";

export async function insertTestRegions(api: TestApi): Promise<void> {
  await api.db
    .insert(regions)
    .values([
      { code: "66", country: "RU", name: { ru: "Свердловская область", en: "Sverdlovsk Oblast", zh: "斯维尔德洛夫斯克州" }, position: 66 },
      { code: "CN-21", country: "CN", name: { ru: "Ляонин", en: "Liaoning", zh: "辽宁省" }, position: 200 },
    ])
    .onConflictDoNothing();
}
