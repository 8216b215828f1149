/**
 * Security review F9 (issue 16): SMS pumping. Whatever the number of client addresses, the site
 * sends at most `smsPerHour` SMS an hour, and the numbers of one country get at most their
 * country's budget; beyond it a phone code is refused (429 `rate_limited`) and no SMS goes out,
 * while e-mail sign-in keeps working.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { openTestApi, type TestApi } from "../support/api.ts";
import { call } from "../support/profile.ts";

let api: TestApi;
const sent: string[] = [];

beforeAll(async () => {
  api = await openTestApi({
    auth: {
      // Generous per-IP and per-target limits, so only the budgets can refuse.
      limits: { sendPerIp: 1000, sendPerTarget: 10, smsPerHour: 6, smsPerCountryHour: 2, smsCountryBudgets: { RU: 4 } },
      sms: { send: async (to) => void sent.push(to) },
    },
  });
});

beforeEach(async () => {
  sent.length = 0;
  await api.db.execute(sql`delete from rate_limits where key like 'sms-%'`);
});

afterAll(async () => {
  await api?.close();
});

/** A code to `phone` from a client address of its own (a rotating /64, many proxies…). */
const sendCode = (body: Record<string, string>, i: number) =>
  call(api, "POST", "/api/auth/send-code", body, undefined, { "x-client-ip": `2001:db8:${i.toString(16)}::1` });

test("one country's numbers get at most that country's hourly budget", async () => {
  // Premium-looking numbers of one country (Latvia), each from another address.
  const replies = [];
  for (let i = 0; i < 4; i++) replies.push(await sendCode({ phone: `+3712000000${i}` }, i));
  expect(replies.map((r) => r.status)).toEqual([200, 200, 429, 429]);
  expect(replies[2]!.body.error.code).toBe("rate_limited");
  expect(sent).toHaveLength(2);
  // Russian numbers have a budget of their own.
  expect((await sendCode({ phone: "+79161230001" }, 10)).status).toBe(200);
  // E-mail is not an SMS.
  expect((await sendCode({ email: "budget@example.com" }, 11)).status).toBe(200);
});

test("the whole site sends at most smsPerHour SMS an hour, across countries", async () => {
  const phones = ["+79161230010", "+79161230011", "+79161230012", "+79161230013", "+37120000010", "+37120000011", "+4915112345678"];
  const statuses = [];
  for (const [i, phone] of phones.entries()) statuses.push((await sendCode({ phone }, 100 + i)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  expect(sent).toHaveLength(6);
});
