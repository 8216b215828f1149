/**
 * Exact decimal arithmetic for money (no binary floating point): a value is a BigInt of
 * millionths. Enough for prices (kopecks, fen, cents), Bank of Russia rates (4 decimals, per
 * nominal) and tariff percents; results are rounded half away from zero to the scale asked for.
 * Pure, shared by the API tier (server/money/landed-cost.ts) and any page that shows an amount.
 */

/** Fixed scale: 10^6. */
const SCALE = 1_000_000n;
const SCALE_DIGITS = 6;

/** A decimal value: `units` millionths. */
export type Dec = bigint;

/** Parses "1234.5", "-0,75" (decimal comma as the Bank of Russia prints it), or a finite number. Throws on anything else. */
export function dec(value: string | number): Dec {
  const text = typeof value === "number" ? numberText(value) : value.trim().replace(",", ".");
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  const [, sign, whole, frac = ""] = match;
  // Digits beyond the scale are rounded half up, like any other rounding here.
  const kept = (frac + "0".repeat(SCALE_DIGITS)).slice(0, SCALE_DIGITS);
  let units = BigInt(whole!) * SCALE + BigInt(kept);
  if (frac.length > SCALE_DIGITS && Number(frac[SCALE_DIGITS]) >= 5) units += 1n;
  return sign ? -units : units;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return value.toFixed(SCALE_DIGITS);
}

/** Divides with rounding half away from zero. */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

export const add = (...values: Dec[]): Dec => values.reduce((a, b) => a + b, 0n);
export const sub = (a: Dec, b: Dec): Dec => a - b;
/** a × b, at the fixed scale. */
export const mul = (a: Dec, b: Dec): Dec => divRound(a * b, SCALE);
/** a ÷ b, at the fixed scale. Throws on b = 0. */
export function div(a: Dec, b: Dec): Dec {
  if (b === 0n) throw new RangeError("Division by zero");
  return divRound(a * SCALE, b);
}
/** `percent` % of a. */
export const pct = (a: Dec, percent: Dec): Dec => divRound(a * percent, SCALE * 100n);
export const max = (a: Dec, b: Dec): Dec => (a > b ? a : b);

/** Rounds to `digits` decimals (2: kopecks), half away from zero. */
export function round(a: Dec, digits = 2): Dec {
  const step = 10n ** BigInt(SCALE_DIGITS - digits);
  return divRound(a, step) * step;
}

/** "1234.50" with exactly `digits` decimals (rounded). */
export function toFixed(a: Dec, digits = 2): string {
  const r = round(a, digits);
  const negative = r < 0n;
  const abs = negative ? -r : r;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(SCALE_DIGITS, "0").slice(0, digits);
  return `${negative ? "-" : ""}${whole}${digits > 0 ? `.${frac}` : ""}`;
}

/** The value as a JS number (for formatting only, never for further arithmetic). */
export const toNumber = (a: Dec): number => Number(a) / Number(SCALE);
