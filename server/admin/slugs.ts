/**
 * Slugs of the records edited in the admin area (categories, service types, stories, tags): each is
 * unique in its table, so a write that repeats one fails on the table's unique index.
 */
import { DomainError } from "../errors.ts";
import { isUniqueViolation } from "../db/queries.ts";

/**
 * Runs `write` (the transaction that inserts or updates a record with a slug) and returns its
 * result. A unique violation it raises becomes 409 `slug_taken`, an issue on the `slug` field;
 * any other error passes through.
 */
export async function withUniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError("slug_taken", "This slug is used already", { issues: [{ path: "slug", message: "slug_taken" }] });
    }
    throw error;
  }
}
