/**
 * SMS providers behind one interface. `log` (default) prints the message and keeps it in
 * `DATA_DIR/outbox/`; `http` POSTs `{ "to": "+7…", "text": "…" }` as JSON with
 * `Authorization: Bearer <SMS_TOKEN>` to `SMS_URL` and treats any non-2xx answer (or no answer in
 * 10 s) as a failure.
 */
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../../logger.ts";

export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
}

export function createLogSmsProvider(outboxDir: string, logger: Logger): SmsProvider {
  return {
    async send(to, text) {
      await mkdir(outboxDir, { recursive: true });
      await appendFile(path.join(outboxDir, "sms.log"), `${new Date().toISOString()}\t${to}\t${text}\n`);
      logger.info({ to }, `No SMS_URL: SMS kept in the outbox. ${text}`);
    },
  };
}

/**
 * No SMS delivery configured in production (no SMS_URL, no OUTBOX): phone sign-in answers
 * `delivery_failed` rather than writing codes where an operator could read them (review F18).
 */
export function createDisabledSmsProvider(): SmsProvider {
  return {
    async send() {
      throw new SmsDeliveryError("SMS delivery is not configured (SMS_URL)");
    },
  };
}

export function createHttpSmsProvider(url: string, token: string | undefined): SmsProvider {
  return {
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS provider unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SmsDeliveryError(`SMS provider answered ${response.status}`);
    },
  };
}
