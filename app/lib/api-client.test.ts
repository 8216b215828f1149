import { describe, expect, test } from "vitest";
import * as auth from "#contract/auth.ts";
import * as stories from "#contract/admin/stories.ts";
import * as users from "#contract/admin/users.ts";
import * as appData from "#contract/app-data.ts";
import { searchTnved } from "#contract/classifiers.ts";
import * as files from "#contract/files.ts";
import { ApiClient, ApiClientError, RETRY_STATUSES } from "./api-client.server.ts";
import type { ApiDirect, DirectAnswer } from "#contract/web-services.ts";

/** A GET operation and a call of it, for the retry rules. */
const get = (client: ApiClient) => client.send(searchTnved, { query: { q: "x" } });

/** One operation of each non-idempotent method, called with any input (the transport is fake). */
const MUTATIONS = {
  POST: (client: ApiClient) => client.send(auth.sendCode, { body: { email: "a@b.ru" } }),
  PUT: (client: ApiClient) => client.send(stories.setCover, { params: { id: 1 }, form: new FormData() }),
  PATCH: (client: ApiClient) => client.send(users.setRole, { params: { id: 1 }, body: { role: "USER" } }),
  DELETE: (client: ApiClient) => client.send(stories.removeCover, { params: { id: 1 } }),
};

function recorder(statuses: number[]) {
  const seen: Request[] = [];
  const transport = async (request: Request) => {
    seen.push(request);
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
    const body = status < 400 ? { data: { ok: true } } : { error: { code: "boom", message: "failed" } };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return {
    seen,
    client: new ApiClient({ transport, baseUrl: "http://api.test", accessToken: "tok", fingerprint: "os=Linux; browser=Chrome" }),
  };
}

describe("ApiClient", () => {
  test.each([...RETRY_STATUSES])("retries a GET once after %i and returns the second answer", async (status) => {
    const { seen, client } = recorder([status, 200]);
    await expect(get(client)).resolves.toMatchObject({ data: { ok: true } });
    expect(seen).toHaveLength(2);
  });

  test("gives up after one retry", async () => {
    const { seen, client } = recorder([503, 503, 200]);
    await expect(get(client)).rejects.toMatchObject({ status: 503, code: "boom" });
    expect(seen).toHaveLength(2);
  });

  test.each(["POST", "PUT", "PATCH", "DELETE"] as const)("never retries %s", async (method) => {
    const { seen, client } = recorder([503, 200]);
    await expect(MUTATIONS[method](client)).rejects.toBeInstanceOf(ApiClientError);
    expect(seen[0]!.method).toBe(method);
    expect(seen).toHaveLength(1);
  });

  test.each([400, 401, 403, 404, 422])("does not retry a GET after %i", async (status) => {
    const { seen, client } = recorder([status, 200]);
    await expect(get(client)).rejects.toMatchObject({ status });
    expect(seen).toHaveLength(1);
  });

  test("passes an upload on as multipart/form-data with its file intact, and never as JSON", async () => {
    const { seen, client } = recorder([200]);
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "spec.pdf", { type: "application/pdf" }));
    form.set("title.ru", "Паспорт изделия");
    await expect(client.send(files.createUpload, { form })).resolves.toMatchObject({ data: { ok: true } });
    const sent = seen[0]!;
    expect(sent.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers.get("authorization")).toBe("Bearer tok");
    const received = await sent.formData();
    expect(received.get("title.ru")).toBe("Паспорт изделия");
    const file = received.get("file") as File;
    expect(file.name).toBe("spec.pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  test("sends the bearer token, the URL-encoded fingerprint and the query", async () => {
    const { seen, client } = recorder([200]);
    await client.send(searchTnved, { query: { q: "8471 30", lang: "zh", page: undefined } });
    const request = seen[0]!;
    expect(request.headers.get("authorization")).toBe("Bearer tok");
    expect(request.headers.get("fingerprint")).toBe(encodeURIComponent("os=Linux; browser=Chrome"));
    expect(new URL(request.url).search).toBe("?q=8471+30&lang=zh");
  });

  test("a GET the API refuses with 503 service_unavailable (database out of reach) becomes a 503 page with Retry-After", async () => {
    const client = new ApiClient({
      baseUrl: "http://api.test",
      transport: async () =>
        Response.json({ error: { code: "service_unavailable", message: "later" } }, { status: 503, headers: { "retry-after": "5" } }),
    });
    const thrown = await client.send(appData.getAppData, { query: { lang: "ru" } }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 503, headers: { "Retry-After": "5" } } });
    // A form post keeps the error, so the form can say so and keep what was typed.
    await expect(MUTATIONS.POST(client)).rejects.toMatchObject({ status: 503, code: "service_unavailable" });
  });

  test("a network failure of a GET is retried once, then reported as 503 unreachable", async () => {
    let calls = 0;
    const client = new ApiClient({
      baseUrl: "http://api.test",
      transport: async () => {
        calls += 1;
        throw new TypeError("connection refused");
      },
    });
    await expect(client.send(appData.getAppData, { query: { lang: "ru" } })).rejects.toMatchObject({ status: 503, code: "unreachable" });
    expect(calls).toBe(2);
  });

  test("send forwards the refresh cookie only when asked, and answers the Set-Cookie lines", async () => {
    const seen: Request[] = [];
    const client = new ApiClient({
      baseUrl: "http://api.test",
      refreshCookie: "r1",
      transport: async (request) => {
        seen.push(request);
        const headers = new Headers({ "content-type": "application/json" });
        headers.append("set-cookie", "refresh=r2; Path=/; HttpOnly");
        return new Response(JSON.stringify({ data: { accessToken: "a2" } }), { status: 200, headers });
      },
    });
    const refreshed = await client.send(auth.refreshToken, {}, { withRefreshCookie: true });
    expect(refreshed.data).toEqual({ accessToken: "a2" });
    expect(refreshed.setCookies).toEqual(["refresh=r2; Path=/; HttpOnly"]);
    expect(seen[0]!.headers.get("cookie")).toBe("refresh=r1");
    await client.send(auth.sendCode, { body: { email: "a@b.ru" } });
    expect(seen[1]!.headers.get("cookie")).toBeNull();
  });

  test("an error's details reach ApiClientError (a wrong code's attempts left)", async () => {
    const client = new ApiClient({
      baseUrl: "http://api.test",
      transport: async () =>
        new Response(
          JSON.stringify({ error: { code: "invalid_code", message: "The code is wrong: 3 attempts left", details: { attemptsLeft: 3 } } }),
          { status: 400 },
        ),
    });
    await expect(client.send(auth.verifyCode, { body: { email: "a@b.ru", code: "000000" } })).rejects.toMatchObject({
      status: 400,
      code: "invalid_code",
      details: { attemptsLeft: 3 },
    });
  });

  describe("direct reads (ADR 069)", () => {
    /** A client whose direct read answers `answers` in turn (the last one repeated) and whose transport must not be used. */
    function directClient(answers: DirectAnswer[], accessToken?: string) {
      const reads: { operationId: string; params: Record<string, string>; query: Record<string, string | string[]> }[] = [];
      const direct: ApiDirect = {
        read(operationId, params, query) {
          reads.push({ operationId, params, query });
          return Promise.resolve(answers[Math.min(reads.length - 1, answers.length - 1)]!);
        },
      };
      const { seen, client } = recorder([200]);
      return { reads, seen, client: new ApiClient({ ...client.options, accessToken, direct }) };
    }

    test("an anonymous GET is answered by the direct read with the values as the URL carries them", async () => {
      const { reads, seen, client } = directClient([{ status: 200, body: { data: { ok: "direct" } } }]);
      const query = { q: "труба", chapter: undefined, page: 2, tags: ["a", "", "b"] } as never;
      await expect(client.send(searchTnved, { query })).resolves.toEqual({ data: { ok: "direct" }, meta: undefined, setCookies: [] });
      expect(reads).toEqual([{ operationId: "searchTnved", params: {}, query: { q: ["труба"], page: ["2"], tags: ["a", "b"] } }]);
      expect(seen).toHaveLength(0);
    });

    test("the retry policy and the errors are the transport's: one retry on 503, then a 503 page with Retry-After", async () => {
      const unavailable = { status: 503, body: { error: { code: "service_unavailable", message: "later" } }, retryAfter: 5 };
      const once = directClient([unavailable, { status: 200, body: { data: { ok: true } } }]);
      await expect(get(once.client)).resolves.toMatchObject({ data: { ok: true } });
      expect(once.reads).toHaveLength(2);
      const always = directClient([unavailable]);
      const thrown = await get(always.client).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 503, headers: { "Retry-After": "5" } } });
      expect(always.reads).toHaveLength(2);
      const notFound = directClient([
        { status: 404, body: { error: { code: "not_found", message: "Product not found", details: { a: 1 } } } },
      ]);
      await expect(get(notFound.client)).rejects.toMatchObject({
        status: 404,
        code: "not_found",
        message: "Product not found",
        details: { a: 1 },
      });
      expect(notFound.reads).toHaveLength(1);
    });

    test("a signed-in visitor's GET and an operation without a direct read go through the transport", async () => {
      const signedIn = directClient([{ status: 200, body: { data: {} } }], "tok");
      await get(signedIn.client);
      expect([signedIn.reads.length, signedIn.seen.length]).toEqual([0, 1]);
      const fallback = recorder([200]);
      const none = new ApiClient({ ...fallback.client.options, accessToken: undefined, direct: { read: () => undefined } });
      await expect(get(none)).resolves.toMatchObject({ data: { ok: true } });
      expect(fallback.seen).toHaveLength(1);
    });
  });
});
