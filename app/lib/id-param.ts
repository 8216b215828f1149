/**
 * The one rule for an id the web tier reads from a URL, a query string or a form field (architecture
 * review F3): decimal digits only, then the contract's `IdSchema` (a positive PostgreSQL integer,
 * contract/route.ts), the same range the API's path parameters are checked against. Anything else
 * is not an id: the caller answers 404 or leaves the value out.
 */
import { IdSchema } from "#contract/route.ts";

/** Decimal digits only: `IdSchema` coerces, and would take "0x10" or "1e3" for a number. */
const DIGITS = /^\d{1,10}$/;

/** `value` as an id, or null when it is not one ("12" → 12; "0", "-1", "1.5", "0x10", "2147483648" → null). */
export function idParam(value: unknown): number | null {
  if (typeof value !== "string" || !DIGITS.test(value)) return null;
  const parsed = IdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
