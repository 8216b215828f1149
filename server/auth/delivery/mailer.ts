/**
 * Outgoing e-mail. With `SMTP_URL` (smtp:// or smtps://, credentials in the URL) messages go through
 * nodemailer's SMTP transport. Without it — development and the demo — each message is printed to
 * the log and kept as an .eml file in `DATA_DIR/outbox/`, so a developer can sign in without a mail
 * server (DESIGN §7).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "#server/logger.ts";
import type { MailMessage } from "./messages.ts";

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}

export function createOutboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.to.replace(/[^\w.@+-]/g, "_")}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, `No SMTP_URL: e-mail kept in the outbox.\n${message.text}`);
    },
  };
}

/** A mailer that only logs (the API's default when none is configured, e.g. in unit tests). */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send(message) {
      logger.info({ to: message.to, subject: message.subject }, `E-mail not sent (no mailer configured).\n${message.text}`);
    },
  };
}

/** The mailer from configuration: SMTP when `smtpUrl` is set, else the outbox under `dataDir/outbox`. */
export function createMailer(config: { smtpUrl?: string; from?: string; dataDir: string; logger: Logger }): Mailer {
  const from = config.from ?? "Postavka <no-reply@postavka.local>";
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, from)
    : createOutboxMailer(path.join(config.dataDir, "outbox"), from, config.logger);
}
