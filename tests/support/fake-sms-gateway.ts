/**
 * A local fake of the SMS.RU HTTP API (https://sms.ru/api/send) for tests: `POST /sms/send` (or GET
 * with a query) with `api_id`, `to`, `msg`, `json=1` answers like the real gateway —
 * `{"status":"OK","status_code":100,"sms":{"<to>":{"status":"OK","status_code":100,"sms_id":"…"}},"balance":…}`
 * — and keeps the message. Documented refusals: a wrong `api_id` is `{"status":"ERROR",
 * "status_code":200,"status_text":"Неправильный api_id"}`; a number in `refuse` answers `status:
 * "ERROR"` with status_code 207 inside `sms`; `mode` makes the next replies an HTTP 500 or a
 * non-JSON body, for the provider's error paths.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSmsGateway {
  url: string;
  /** Messages accepted: `to` as sent (digits), `msg`, `from`. */
  messages: { to: string; msg: string; from: string | null }[];
  /** Requests received (every one, refused or not), as their decoded parameters. */
  requests: Record<string, string>[];
  /** Numbers (digits) the gateway refuses to deliver to. */
  refuse: Set<string>;
  mode: "ok" | "http500" | "garbage";
  close(): Promise<void>;
}

export async function startFakeSmsGateway(apiId: string): Promise<FakeSmsGateway> {
  const fake: Omit<FakeSmsGateway, "url" | "close"> = { messages: [], requests: [], refuse: new Set(), mode: "ok" };
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const params = Object.fromEntries(new URLSearchParams(req.method === "POST" ? raw : url.search));
      fake.requests.push(params);
      const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (url.pathname !== "/sms/send") return void res.writeHead(404).end();
      if (fake.mode === "http500") return void res.writeHead(500).end("Internal Server Error");
      if (fake.mode === "garbage") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
      if (params.api_id !== apiId) return json({ status: "ERROR", status_code: 200, status_text: "Неправильный api_id" });
      if (!params.to || !params.msg)
        return json({ status: "ERROR", status_code: 202, status_text: "Неправильно указан номер телефона получателя" });
      const sms: Record<string, unknown> = {};
      for (const to of params.to.split(",")) {
        if (fake.refuse.has(to)) {
          sms[to] = { status: "ERROR", status_code: 207, status_text: "На этот номер нельзя отправлять сообщения" };
        } else {
          counter += 1;
          fake.messages.push({ to, msg: params.msg, from: params.from ?? null });
          sms[to] = { status: "OK", status_code: 100, sms_id: `000000-${100000 + counter}` };
        }
      }
      json({ status: "OK", status_code: 100, sms, balance: 100 - counter });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake as FakeSmsGateway, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
