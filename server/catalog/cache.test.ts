import { describe, expect, test, vi } from "vitest";
import type { Db } from "../db/client.ts";
import { cachedQuery } from "./cache.ts";

const dbA = {} as Db;
const dbB = {} as Db;

describe("cached counts", () => {
  test("computes once per database and key; concurrent first calls share one computation", async () => {
    const compute = vi.fn(async (_db: Db, key: string) => `${key}:${compute.mock.calls.length}`);
    const get = cachedQuery(60_000, compute);
    const [a, b] = await Promise.all([get(dbA, "x"), get(dbA, "x")]);
    expect([a, b]).toEqual(["x:1", "x:1"]);
    expect(await get(dbB, "x")).toBe("x:2");
    expect(await get(dbA, "y")).toBe("y:3");
    expect(compute).toHaveBeenCalledTimes(3);
  });

  test("after the TTL the stale value is served at once while one refresh runs", async () => {
    vi.useFakeTimers();
    try {
      let release!: () => void;
      let n = 0;
      const compute = vi.fn(async () => {
        n += 1;
        if (n > 1) await new Promise<void>((resolve) => (release = resolve));
        return n;
      });
      const get = cachedQuery(1000, compute);
      expect(await get(dbA, "")).toBe(1);
      vi.advanceTimersByTime(1500);
      expect(await get(dbA, "")).toBe(1); // stale, refresh started
      expect(await get(dbA, "")).toBe(1); // still stale, no second refresh
      expect(compute).toHaveBeenCalledTimes(2);
      release();
      await vi.waitFor(async () => expect(await get(dbA, "")).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  test("a failed refresh keeps the stale value; a failed first computation is not kept", async () => {
    vi.useFakeTimers();
    try {
      let fail = false;
      const get = cachedQuery(1000, async () => {
        if (fail) throw new Error("database down");
        return "value";
      });
      expect(await get(dbA, "")).toBe("value");
      fail = true;
      vi.advanceTimersByTime(1500);
      expect(await get(dbA, "")).toBe("value");
      await expect(get(dbB, "")).rejects.toThrow("database down");
      fail = false;
      expect(await get(dbB, "")).toBe("value");
    } finally {
      vi.useRealTimers();
    }
  });
});
