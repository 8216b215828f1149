/**
 * Seeded randomness for the demo catalogue.
 *
 * Every entity draws from its own generator, derived from `(seed, stream, index)` — e.g. product 12 345
 * of seed 1 uses the stream "product"/12345 — so an entity's values never depend on how many draws
 * other entities made or on the batch it was generated in. That is what lets the generator stream a
 * million products in batches and still give identical rows for the same seed.
 *
 * The generator is xoroshiro128+ from pure-rand; its 128-bit state is taken from SHA-256 of
 * `seed:stream:index` (node:crypto), so neighbouring indices get unrelated sequences.
 */
import { hash } from "node:crypto";
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

type Generator = ReturnType<typeof xoroshiro128plusFromState>;

export class Rng {
  private readonly gen: Generator;

  constructor(seed: number, stream: string, index = 0) {
    const digest = hash("sha256", `${seed}:${stream}:${index}`, "buffer");
    const state: number[] = [digest.readInt32LE(0), digest.readInt32LE(4), digest.readInt32LE(8), digest.readInt32LE(12)];
    // An all-zero state would stay zero forever (probability 2^-128, but cheap to rule out).
    if (!state.some((v) => v !== 0)) state[0] = 1;
    this.gen = xoroshiro128plusFromState(state);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return max <= min ? min : uniformInt(this.gen, min, max);
  }

  /** Float in [0, 1). */
  float(): number {
    return uniformFloat64(this.gen);
  }

  /** Float in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.float();
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[this.int(0, items.length - 1)]!;
  }

  /** One of `items`, with probability proportional to `weight(item)`. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let r = this.float() * total;
    for (const item of items) {
      r -= weight(item);
      if (r < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** `count` distinct items in their original order (all of them when count ≥ length). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return [...items];
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(this.int(0, items.length - 1));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
  }

  /** A value from a roughly log-uniform distribution on [min, max] (prices, quantities). */
  logBetween(min: number, max: number): number {
    return Math.exp(this.between(Math.log(min), Math.log(max)));
  }
}

/** Index of the entry of `cumulative` (ascending running totals) that `r ∈ [0, total)` falls in. */
export function searchCumulative(cumulative: Float64Array | number[], r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
