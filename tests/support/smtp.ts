/**
 * A real SMTP peer for tests: smtp-server on 127.0.0.1 (random port, no TLS, any login), keeping
 * every received message parsed with postal-mime. `waitForMessage(to)` resolves with the oldest
 * message to that address not handed out before (already received or still to come); `codeIn(message)` reads the 6-digit sign-in code from its text part.
 */
import { SMTPServer } from "smtp-server";
import PostalMime, { type Email } from "postal-mime";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** When the message arrived (ms since the epoch). */
  receivedAt: number;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((email: Email) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: email.subject ?? "",
            text: email.text ?? "",
            html: email.html ?? "",
            receivedAt: Date.now(),
          };
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (mail.to.includes(waiter.to) && !claimed.has(mail)) {
              claimed.add(mail);
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          // oxlint-disable-next-line promise/no-callback-in-promise -- smtp-server learns the outcome only through it
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    waitForMessage(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const waiting = messages.find((m) => m.to.includes(address) && !claimed.has(m));
      if (waiting) {
        claimed.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No e-mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeIn(mail: ReceivedMail): string {
  const match = mail.text.match(/^\s*(\d{6})\s*$/m);
  if (!match) throw new Error(`No code in the e-mail: ${mail.text}`);
  return match[1]!;
}
