/**
 * Security review F12 (issue 16): the page reader's refusals name no internal address. A host that
 * resolves inside the operator's network is refused with the code and its fixed meaning only; the
 * resolved address and socket errors stay in the server log.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ResolvedAddress } from "#server/parse-meta/safe-fetch.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { cleanupProfileData, createUser, type TestUser } from "../support/profile.ts";

let api: TestApi;
let user: TestUser;

/** Split-horizon DNS: an intranet name with a private address. */
async function resolve(hostname: string): Promise<ResolvedAddress[]> {
  if (hostname === "intranet.corp.example") return [{ address: "10.0.3.7", family: 4 }];
  if (hostname === "db.corp.example") return [{ address: "fd00::17", family: 6 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
}

beforeAll(async () => {
  // Its own budget: the per-address counter is shared with the other files' readers of the same
  // minute (tests/api/parse-meta.test.ts reads dozens of pages from 127.0.0.1), and this file is not
  // about limits.
  api = await openTestApi({ parseMeta: { fetch: { resolve }, limits: { perUser: 10_000, perIp: 10_000 } } });
  await cleanupProfileData(api);
  user = await createUser(api, "prober");
});

afterAll(async () => {
  if (api) {
    await cleanupProfileData(api);
    await api.close();
  }
});

test.each([
  ["http://intranet.corp.example/", "url_forbidden_address", "10.0.3.7"],
  ["http://db.corp.example:5432/", "url_forbidden_address", "fd00::17"],
  ["http://nothing.corp.example/", "dns_failed", "ENOTFOUND"],
])("%s is refused with %s and the reply does not reveal %s", async (url, code, secret) => {
  const reply = await user.get(`/app/parse/meta?url=${encodeURIComponent(url)}`);
  expect(reply.body.error.code).toBe(code);
  expect(JSON.stringify(reply.body)).not.toContain(secret);
  expect(JSON.stringify(reply.body)).not.toContain("corp.example");
});
