/**
 * Builds the auth service from configuration: SMTP mailer when `smtpUrl` is set, otherwise the
 * outbox under `dataDir/outbox`; SMS.RU with `smsProvider: "smsru"`, the webhook provider when
 * `smsUrl` is set, otherwise the log one (or none in production).
 */
import path from "node:path";
import type pg from "pg";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./delivery/mailer.ts";
import {
  createDisabledSmsProvider,
  createHttpSmsProvider,
  createLogSmsProvider,
  createSmsRuProvider,
  type SmsProvider,
} from "./delivery/sms.ts";
import { AuthService, type AuthLimits } from "./service.ts";

export interface AuthConfig {
  db: Db;
  pool: pg.Pool;
  logger: Logger;
  dataDir: string;
  /** Origin for links in messages; a function because the listening port is known only later. */
  publicUrl: () => string;
  smtpUrl?: string;
  mailFrom?: string;
  /** `smsru` (SMS.RU's API) or `webhook` (JSON `{to, text}` to smsUrl); default webhook when smsUrl is set. */
  smsProvider?: "smsru" | "webhook";
  smsUrl?: string;
  smsToken?: string;
  /** SMS.RU's api_id. */
  smsApiId?: string;
  /** SMS.RU's sender name. */
  smsFrom?: string;
  /** See AuthServiceDeps.keySecret. */
  keySecret?: string;
  /** `false` in production without OUTBOX: no SMS_URL then means no SMS at all, never codes in a log. */
  outbox?: boolean;
  limits?: Partial<AuthLimits>;
  /** Overrides for tests. */
  mailer?: Mailer;
  sms?: SmsProvider;
  now?: () => Date;
}

export function createAuthService(config: AuthConfig): AuthService {
  const outbox = path.join(config.dataDir, "outbox");
  const from = config.mailFrom ?? "Postavka <no-reply@postavka.local>";
  const mailer =
    config.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, from) : createOutboxMailer(outbox, from, config.logger));
  const sms =
    config.sms ??
    (config.smsProvider === "smsru" && config.smsApiId
      ? createSmsRuProvider({ apiId: config.smsApiId, baseUrl: config.smsUrl, from: config.smsFrom })
      : config.smsUrl
        ? createHttpSmsProvider(config.smsUrl, config.smsToken)
        : config.outbox === false
          ? createDisabledSmsProvider()
          : createLogSmsProvider(outbox, config.logger));
  return new AuthService({
    db: config.db,
    pool: config.pool,
    logger: config.logger,
    mailer,
    sms,
    publicUrl: config.publicUrl,
    limits: config.limits,
    now: config.now,
    keySecret: config.keySecret,
  });
}
