/**
 * Query-parameter contracts of list pages, declared by each route in `handle.query` and enforced by
 * the check-query-params guard: unknown parameters and invalid values are dropped by a 301 to the
 * cleaned URL, so every page has one canonical address per state.
 */
import { z } from "zod";

export type QuerySchema = Record<string, z.ZodType<unknown>>;

export const pageParam = z.string().regex(/^[1-9]\d{0,4}$/);
export const searchParam = z.string().max(200);

/** Keeps only the declared parameters whose values pass; returns null when nothing changed. */
export function cleanQuery(params: URLSearchParams, schema: QuerySchema): URLSearchParams | null {
  const cleaned = new URLSearchParams();
  let changed = false;
  const seen = new Set<string>();
  for (const [key, value] of params) {
    const rule = schema[key];
    if (!rule || seen.has(key) || value === "" || !rule.safeParse(value).success) {
      changed = true;
      continue;
    }
    seen.add(key);
    cleaned.append(key, value);
  }
  return changed ? cleaned : null;
}
