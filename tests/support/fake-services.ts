/**
 * Local stand-ins for outside services, on 127.0.0.1 with a random port (or the one given):
 * - `startFakeS3()`: an S3-compatible object store speaking path-style PUT / GET / DELETE object
 *   (`/{bucket}/{key}`), answering 404 `NoSuchKey` in S3's XML error shape, and refusing requests
 *   without an AWS Signature V4 `Authorization` header, or to the bucket `forbidden` (403 AccessDenied).
 * - `startFakeDadata(token)`: the two DaData suggestion methods the app uses
 *   (`findById/party`, `suggest/address`), checking `Authorization: Token <token>`; INN
 *   "7707083893" is a known organisation, "500100732259" a sole proprietor, "7736207543" makes the
 *   service fail with 500, "7702070139" never answers (timeout); `options.parties` adds more
 *   registered organisations (the e2e server's fake registry, tests/support/fake-dadata-server.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** A server with an async handler: node:http ignores the returned promise, so it is let go on purpose. */
function serve(handler: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>): Server {
  return createServer((req, res) => void handler(req, res));
}

function listen(server: Server, port = 0): Promise<string> {
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  const server = serve(async (req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0]!);
    requests.push({ method: req.method ?? "", path });
    if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 ") || path.startsWith("/forbidden/")) {
      res.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    const body = await readBody(req);
    const notFound = () =>
      res
        .writeHead(404, { "content-type": "application/xml" })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${path}</Key></Error>`,
        );
    if (req.method === "PUT") {
      objects.set(path, { body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
      res.writeHead(200, { etag: '"fake"' }).end();
    } else if (req.method === "GET" || req.method === "HEAD") {
      const object = objects.get(path);
      if (!object) return notFound();
      res
        .writeHead(200, { "content-type": object.contentType, "content-length": String(object.body.length), etag: '"fake"' })
        .end(req.method === "GET" ? object.body : undefined);
    } else if (req.method === "DELETE") {
      objects.delete(path);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  const url = await listen(server);
  return { url, objects, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface FakeDadata {
  url: string;
  calls: { path: string; body: any; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** An organisation the fake registry knows, in DaData's `findById/party` suggestion shape. */
export interface FakeParty {
  value: string;
  data: {
    inn: string;
    kpp: string | null;
    ogrn: string | null;
    type: "LEGAL" | "INDIVIDUAL";
    name: { full_with_opf: string; short_with_opf: string | null };
    address: { value: string } | null;
    state: { status: string };
  };
}

export async function startFakeDadata(
  token: string,
  options: { port?: number; parties?: Map<string, FakeParty> } = {},
): Promise<FakeDadata> {
  const calls: FakeDadata["calls"] = [];
  const hanging: ServerResponse[] = [];
  const server = serve(async (req, res) => {
    const body = JSON.parse((await readBody(req)).toString() || "{}");
    calls.push({ path: req.url ?? "", body, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Token ${token}`) {
      res.writeHead(403, { "content-type": "application/json" }).end('{"family":"CLIENT_ERROR","reason":"Forbidden"}');
      return;
    }
    const json = (value: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.url === "/suggestions/api/4_1/rs/findById/party") {
      if (body.query === "7736207543") return void res.writeHead(500).end("oops");
      if (body.query === "7702070139") return void hanging.push(res);
      if (body.query === "7707083893") {
        return json({
          suggestions: [
            {
              value: "ПАО СБЕРБАНК",
              unrestricted_value: "ПАО СБЕРБАНК",
              data: {
                inn: "7707083893",
                kpp: "773601001",
                ogrn: "1027700132195",
                type: "LEGAL",
                name: { full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"', short_with_opf: "ПАО СБЕРБАНК" },
                address: {
                  value: "г Москва, ул Вавилова, д 19",
                  unrestricted_value: "117312, г Москва, Академический р-н, ул Вавилова, д 19",
                },
                state: { status: "ACTIVE" },
              },
            },
          ],
        });
      }
      if (body.query === "500100732259") {
        return json({
          suggestions: [
            {
              value: "ИП Иванов Иван Иванович",
              data: {
                inn: "500100732259",
                kpp: null,
                ogrn: "304500116000157",
                type: "INDIVIDUAL",
                name: { full_with_opf: "Индивидуальный предприниматель Иванов Иван Иванович", short_with_opf: "ИП Иванов И.И." },
                address: { value: "Московская обл, г Балашиха", unrestricted_value: "143900, Московская обл, г Балашиха" },
                state: { status: "ACTIVE" },
              },
            },
          ],
        });
      }
      const party = options.parties?.get(String(body.query));
      return json({ suggestions: party ? [party] : [] });
    }
    if (req.url === "/suggestions/api/4_1/rs/suggest/address") {
      return json({
        suggestions: [
          {
            value: "г Москва, ул Тверская, д 1",
            unrestricted_value: "125009, г Москва, ул Тверская, д 1",
            data: {
              postal_code: "125009",
              region_iso_code: "RU-MOW",
              city: "Москва",
              geo_lat: "55.757",
              geo_lon: "37.613",
              fias_id: "abc",
            },
          },
          { value: "г Москва, ул Тверская, д 12", unrestricted_value: "г Москва, ул Тверская, д 12", data: null },
        ].slice(0, body.count ?? 10),
      });
    }
    res.writeHead(404).end();
  });
  const url = await listen(server, options.port);
  return {
    url,
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
