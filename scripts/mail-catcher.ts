/**
 * Mail catcher for the e2e suite: a real SMTP server (smtp-server, 127.0.0.1:MAIL_SMTP_PORT) that
 * the app under test sends its sign-in e-mails to, plus a small HTTP API on MAIL_HTTP_PORT for the
 * test workers: `GET /messages?to=<address>` → `[{ to, subject, text, html, receivedAt }]` (oldest first),
 * `GET /healthz` → 200. It is also the SMS provider of the e2e server (SMS_URL, the HTTP provider of
 * server/auth/delivery/sms.ts): `POST /sms` `{ to, text }` keeps a text message, and
 * `GET /sms?to=<E.164 number>` → `[{ to, text }]` (oldest first) lists them.
 */
import http from "node:http";
import { startSmtp } from "#tests/support/smtp.ts";

const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 2527);
const smtp = await startSmtp(smtpPort);
const sms: { to: string; text: string }[] = [];
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/healthz") return void res.writeHead(200).end("ok");
  if (url.pathname === "/sms" && req.method === "POST") {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      try {
        const body = JSON.parse(raw) as { to?: unknown; text?: unknown };
        if (typeof body.to !== "string" || typeof body.text !== "string") throw new Error("bad SMS");
        sms.push({ to: body.to, text: body.text });
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      } catch {
        res.writeHead(400).end();
      }
    });
    return;
  }
  if (url.pathname === "/sms") {
    const to = url.searchParams.get("to");
    return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(sms.filter((m) => !to || m.to === to)));
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = smtp.messages.filter((m) => !to || m.to.includes(to));
    return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  }
  res.writeHead(404).end();
});
server.listen(httpPort, "127.0.0.1", () => console.log(`mail catcher: smtp ${smtp.url}, http http://127.0.0.1:${httpPort}`));
const stop = () => void smtp.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
