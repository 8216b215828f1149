/**
 * The SMS.RU provider (server/auth/delivery/sms.ts) against a local fake of SMS.RU's HTTP API
 * (tests/support/fake-sms-gateway.ts): the request it sends (form-encoded api_id, digits-only
 * number, text, json=1, sender name), the documented refusals (wrong api_id, a refused number),
 * an HTTP error, a non-JSON reply and no answer; and phone sign-in through the API with it, where a
 * refusal is a 503 `delivery_failed` and a delivered code signs in.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createSmsRuProvider, SmsDeliveryError } from "#server/auth/delivery/sms.ts";
import { parseEnv } from "#server/env.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { startFakeSmsGateway, type FakeSmsGateway } from "../support/fake-sms-gateway.ts";
import { call, expectError } from "../support/profile.ts";

let gateway: FakeSmsGateway;

beforeAll(async () => {
  gateway = await startFakeSmsGateway("test-api-id");
});

beforeEach(() => {
  gateway.mode = "ok";
  gateway.refuse.clear();
});

afterAll(async () => {
  await gateway?.close();
});

describe("the SMS.RU provider", () => {
  test("sends api_id, the number's digits, the text, json=1 and the sender name", async () => {
    const provider = createSmsRuProvider({ apiId: "test-api-id", baseUrl: gateway.url, from: "Postavka" });
    await provider.send("+79161234567", "Код входа: 123456");
    expect(gateway.requests.at(-1)).toEqual({
      api_id: "test-api-id",
      to: "79161234567",
      msg: "Код входа: 123456",
      json: "1",
      from: "Postavka",
    });
    expect(gateway.messages.at(-1)).toEqual({ to: "79161234567", msg: "Код входа: 123456", from: "Postavka" });
  });

  test("a wrong api_id, a refused number, an HTTP error, a non-JSON reply and no answer are delivery errors", async () => {
    const wrongKey = createSmsRuProvider({ apiId: "wrong", baseUrl: gateway.url });
    await expect(wrongKey.send("+79161234567", "x")).rejects.toThrow(/200/);
    const provider = createSmsRuProvider({ apiId: "test-api-id", baseUrl: gateway.url });
    gateway.refuse.add("79160000000");
    await expect(provider.send("+79160000000", "x")).rejects.toThrow(/207/);
    gateway.mode = "http500";
    await expect(provider.send("+79161234567", "x")).rejects.toThrow(/HTTP 500/);
    gateway.mode = "garbage";
    await expect(provider.send("+79161234567", "x")).rejects.toBeInstanceOf(SmsDeliveryError);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(createSmsRuProvider({ apiId: "k", baseUrl: `http://127.0.0.1:${port}` }).send("+79161234567", "x")).rejects.toThrow(
      /unreachable/,
    );
  });

  test("configuration: SMS_PROVIDER=smsru needs SMS_API_ID", () => {
    expect(() => parseEnv({ SMS_PROVIDER: "smsru" })).toThrow(/SMS_API_ID/);
    expect(parseEnv({ SMS_PROVIDER: "smsru", SMS_API_ID: "key" }).SMS_PROVIDER).toBe("smsru");
    expect(() => parseEnv({ SMS_PROVIDER: "webhook" })).toThrow(/SMS_URL/);
  });
});

describe("phone sign-in through SMS.RU", () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await openTestApi({ auth: { sms: createSmsRuProvider({ apiId: "test-api-id", baseUrl: gateway.url }) } });
  });

  afterAll(async () => {
    await api?.close();
  });

  test("the code arrives through the gateway and signs in; a refused number is 503 delivery_failed", async () => {
    const phone = `+7916${String(Date.now()).slice(-7)}`;
    const sent = await call(api, "POST", "/api/auth/send-code", { phone }, undefined, { "x-client-ip": "198.51.100.7" });
    expect(sent.status).toBe(200);
    const message = gateway.messages.find((m) => m.to === phone.slice(1));
    const code = message?.msg.match(/\d{6}/)?.[0];
    expect(code).toBeTruthy();
    const verified = await call(api, "POST", "/api/auth/verify-code", { phone, code }, undefined, { "x-client-ip": "198.51.100.7" });
    expect(verified.status).toBe(200);

    const refused = `+7915${String(Date.now()).slice(-7)}`;
    gateway.refuse.add(refused.slice(1));
    const failed = await call(api, "POST", "/api/auth/send-code", { phone: refused }, undefined, { "x-client-ip": "198.51.100.8" });
    expectError(failed, 503, "delivery_failed");
  });
});
