/** sharedRead: one API read serves a key's callers for SHARED_READ_MS; a failed read is asked again. */
import { describe, expect, test } from "vitest";
import { DUTY_READ_MS, SHARED_READ_MS, sharedRead } from "./shared-reads.server.ts";

describe("sharedRead", () => {
  test("callers of a key within the window share one read; after it, and for another key, it is read again", async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    const t0 = 1_000_000;
    expect(await sharedRead("test-a", read, t0)).toBe(1);
    expect(await sharedRead("test-a", read, t0 + SHARED_READ_MS - 1)).toBe(1);
    expect(await sharedRead("test-b", read, t0 + 1)).toBe(2);
    expect(await sharedRead("test-a", read, t0 + SHARED_READ_MS)).toBe(3);
  });

  test("a failed read is not kept", async () => {
    const t0 = 2_000_000;
    await expect(sharedRead("test-c", () => Promise.reject(new Error("down")), t0)).rejects.toThrow("down");
    expect(await sharedRead("test-c", () => Promise.resolve("up"), t0 + 1)).toBe("up");
  });

  test("a read given its own lifetime (a TN VED code's duty, ADR 064) is shared for that long, a null answer too", async () => {
    let reads = 0;
    const read = () => Promise.resolve(++reads % 2 === 1 ? null : { kind: "single" });
    const t0 = 3_000_000;
    expect(await sharedRead("duty:9404291000", read, t0, DUTY_READ_MS)).toBeNull();
    expect(await sharedRead("duty:9404291000", read, t0 + DUTY_READ_MS - 1, DUTY_READ_MS)).toBeNull();
    expect(reads).toBe(1);
    expect(await sharedRead("duty:9404291000", read, t0 + DUTY_READ_MS, DUTY_READ_MS)).toEqual({ kind: "single" });
    expect(reads).toBe(2);
  });
});
