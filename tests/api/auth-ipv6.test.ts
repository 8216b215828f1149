/**
 * Per-address sign-in limits count an IPv6 client by its /64 network (security review F9): one
 * subscriber holds a whole /64, so counting single addresses would hand them 2⁶⁴ buckets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "#server/auth/codes.ts";
import { openTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.close());

const send = (ip: string, n: number) =>
  api.app.request("/api/auth/send-code", {
    method: "POST",
    headers: { "content-type": "application/json", "x-client-ip": ip },
    body: JSON.stringify({ email: `v6.${n}.${Date.now().toString(36)}@example.test`, locale: "ru" }),
  });

describe("IPv6 sign-in limits (F9)", () => {
  it("every address of one /64 shares a bucket; the next /64 has its own", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 1; i <= DEFAULT_LIMITS.sendPerIp; i++) expect((await send(`${prefix}::${i.toString(16)}`, i)).status).toBe(200);
    const limited = await send(`${prefix}:ffff:ffff:ffff:ffff`, 0);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await send(`${prefix.replace(/:1$/, ":2")}::1`, 99)).status).toBe(200);
  });
});
