/**
 * A local fake of both documented translation APIs (server/translation/provider.ts), for the API
 * tests and the e2e server (`node tests/support/fake-translator.ts`, port FAKE_TRANSLATOR_PORT):
 *
 * - LibreTranslate: `POST /translate` JSON `{q, source, target, format, api_key}` → `{translatedText}`;
 *   a wrong `api_key` is 403 `{error}` as LibreTranslate answers.
 * - Yandex Cloud Translate v2: `POST /translate/v2/translate` with `Authorization: Api-Key <key>`
 *   and JSON `{sourceLanguageCode, targetLanguageCode, texts[], folderId}` → `{translations:[{text}]}`;
 *   a wrong key is 401, a missing folder 400, as the service answers.
 *
 * The "translation" is `fakeTranslation(text, target)`: the text with the target language's tag,
 * so a test can tell what was translated into which language. `requests` records every call;
 * `failNext(n)` answers the next n calls with 500.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTranslator {
  url: string;
  requests: { path: string; headers: http.IncomingHttpHeaders; body: any }[];
  failNext(count: number): void;
  close(): Promise<void>;
}

/** What the fake answers for `text` translated into `target`. */
export function fakeTranslation(text: string, target: string): string {
  return `[${target}] ${text}`;
}

export async function startFakeTranslator(options: { apiKey?: string; folderId?: string; port?: number } = {}): Promise<FakeTranslator> {
  const apiKey = options.apiKey ?? "test-translation-key";
  const folderId = options.folderId ?? "b1gtestfolder";
  const requests: FakeTranslator["requests"] = [];
  let failures = 0;
  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: any = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      /* answered below */
    }
    requests.push({ path: req.url ?? "", headers: req.headers, body });
    const reply = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.method === "GET" && req.url === "/healthz") return reply(200, { ok: true });
    if (failures > 0) {
      failures -= 1;
      return reply(500, { error: "Internal error" });
    }
    if (req.method !== "POST" || !body) return reply(400, { error: "Invalid request" });
    if (req.url === "/translate") {
      if (body.api_key !== apiKey) return reply(403, { error: "Invalid API key" });
      if (typeof body.q !== "string" || !body.source || !body.target) return reply(400, { error: "Invalid request: missing q" });
      return reply(200, { translatedText: fakeTranslation(body.q, body.target) });
    }
    if (req.url === "/translate/v2/translate") {
      if (req.headers.authorization !== `Api-Key ${apiKey}`) return reply(401, { code: 16, message: "Unknown api key" });
      if (body.folderId !== folderId) return reply(400, { code: 3, message: "folderId is invalid" });
      if (!Array.isArray(body.texts)) return reply(400, { code: 3, message: "texts required" });
      return reply(200, { translations: body.texts.map((text: string) => ({ text: fakeTranslation(text, body.targetLanguageCode) })) });
    }
    return reply(404, { error: "Not found" });
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count) => void (failures = count),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `node tests/support/fake-translator.ts`: the e2e server's LibreTranslate.
if (import.meta.filename === process.argv[1]) {
  const fake = await startFakeTranslator({ apiKey: process.env.TRANSLATION_API_KEY, port: Number(process.env.FAKE_TRANSLATOR_PORT ?? 0) });
  console.log(`fake translator on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
