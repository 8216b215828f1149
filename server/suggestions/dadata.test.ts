/**
 * The DaData-compatible client against a local fake service (tests/support/fake-services.ts): the
 * token goes in the Authorization header, answers are mapped to the app's shapes, party answers
 * are cached, and every failure (no token, wrong token, 500, timeout, unreachable) is an empty,
 * flagged answer rather than an exception.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeDadata, type FakeDadata } from "#tests/support/fake-services.ts";
import { createSuggestionsClient } from "./dadata.ts";

let fake: FakeDadata;

beforeAll(async () => {
  fake = await startFakeDadata("secret-token");
});

afterAll(async () => {
  await fake?.close();
});

describe("DaData-compatible suggestions", () => {
  test("without a token nothing is called and the answer says so", async () => {
    const client = createSuggestionsClient({ url: fake.url });
    const before = fake.calls.length;
    expect(client.configured).toBe(false);
    expect(await client.findParty("7707083893")).toEqual({ configured: false, available: true, items: [] });
    expect(await client.suggestAddress("Москва")).toEqual({ configured: false, available: true, items: [] });
    expect(fake.calls.length).toBe(before);
  });

  test("finds a legal entity by INN: name, KPP, OGRN, address; the answer is cached", async () => {
    let now = 1_000_000;
    const client = createSuggestionsClient({ url: `${fake.url}/`, token: "secret-token", now: () => now });
    const result = await client.findParty("7707083893");
    expect(result).toEqual({
      configured: true,
      available: true,
      items: [
        {
          kind: "legal",
          inn: "7707083893",
          kpp: "773601001",
          ogrn: "1027700132195",
          nameFull: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
          nameShort: "ПАО СБЕРБАНК",
          address: "117312, г Москва, Академический р-н, ул Вавилова, д 19",
          state: "ACTIVE",
        },
      ],
    });
    const last = fake.calls.at(-1)!;
    expect(last).toMatchObject({
      path: "/suggestions/api/4_1/rs/findById/party",
      body: { query: "7707083893", count: 5 },
      authorization: "Token secret-token",
    });
    const calls = fake.calls.length;
    expect(await client.findParty("7707083893")).toEqual(result);
    expect(fake.calls.length).toBe(calls);
    now += 61 * 60 * 1000;
    await client.findParty("7707083893");
    expect(fake.calls.length).toBe(calls + 1);
  });

  test("a sole proprietor has no KPP and an OGRNIP", async () => {
    const client = createSuggestionsClient({ url: fake.url, token: "secret-token" });
    const { items } = await client.findParty("500100732259");
    expect(items[0]).toMatchObject({ kind: "individual", kpp: null, ogrn: "304500116000157", nameShort: "ИП Иванов И.И." });
    expect((await client.findParty("7728168971")).items).toEqual([]);
  });

  test("address suggestions with postal code, region and coordinates", async () => {
    const client = createSuggestionsClient({ url: fake.url, token: "secret-token" });
    const result = await client.suggestAddress("Москва Тверская 1", { count: 2, lang: "ru" });
    expect(fake.calls.at(-1)!.body).toEqual({ query: "Москва Тверская 1", count: 2, language: "ru" });
    expect(result.items).toEqual([
      {
        value: "г Москва, ул Тверская, д 1",
        unrestrictedValue: "125009, г Москва, ул Тверская, д 1",
        postalCode: "125009",
        regionIsoCode: "RU-MOW",
        city: "Москва",
        latitude: 55.757,
        longitude: 37.613,
        fiasId: "abc",
      },
      {
        value: "г Москва, ул Тверская, д 12",
        unrestrictedValue: "г Москва, ул Тверская, д 12",
        postalCode: null,
        regionIsoCode: null,
        city: null,
        latitude: null,
        longitude: null,
        fiasId: null,
      },
    ]);
  });

  test("a wrong token, a server error, a timeout and an unreachable service are answers with available: false", async () => {
    const unavailable = { configured: true, available: false, items: [] };
    expect(await createSuggestionsClient({ url: fake.url, token: "wrong" }).findParty("7707083893")).toEqual(unavailable);
    const client = createSuggestionsClient({ url: fake.url, token: "secret-token", timeoutMs: 300 });
    expect(await client.findParty("7736207543")).toEqual(unavailable);
    const started = Date.now();
    expect(await client.findParty("7702070139")).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await createSuggestionsClient({ url: "http://127.0.0.1:9", token: "secret-token" }).suggestAddress("x")).toEqual(unavailable);
  });
});
