import { describe, expect, test, vi } from "vitest";
import { isChunkLoadError, isNetworkError, reloadOnce } from "./reload-guard.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe("reload once within 10 s (spec §8)", () => {
  test("the first failure reloads, a second within 10 s does not, a later one does", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce({ storage, key: "k", now: 1_000_000, reload })).toBe(true);
    expect(reloadOnce({ storage, key: "k", now: 1_009_999, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce({ storage, key: "k", now: 1_010_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test("keys are independent; a storage that throws never reloads", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce({ storage, key: "a", now: 5, reload });
    expect(reloadOnce({ storage, key: "b", now: 6, reload })).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(reloadOnce({ storage: broken, key: "a", now: 7, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test("recognises chunk and network failures", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
    expect(isNetworkError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkError(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isNetworkError(new Error("Failed to fetch"))).toBe(false);
  });
});
