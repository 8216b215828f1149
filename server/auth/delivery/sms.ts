/**
 * SMS providers behind one interface (SMS_PROVIDER, server/env.ts):
 * - `smsru`: the SMS.RU gateway's HTTP API (https://sms.ru/api/send): `POST {SMS_URL}/sms/send`
 *   form-encoded `api_id`, `to` (digits, no `+`), `msg`, `json=1` and, when set, `from` (an
 *   approved sender name). The reply is JSON: `{"status":"OK","status_code":100,"sms":{"<to>":
 *   {"status":"OK","status_code":100,"sms_id":"…"}},"balance":…}`; a refused request is
 *   `{"status":"ERROR","status_code":200,"status_text":"…"}` and a refused number carries
 *   `status: "ERROR"` with its own status_code inside `sms`. POST keeps the code and the key out
 *   of URLs (proxy logs);
 * - `webhook`: POSTs `{ "to": "+7…", "text": "…" }` as JSON with `Authorization: Bearer
 *   <SMS_TOKEN>` to `SMS_URL` (an operator's own relay; the e2e mail catcher speaks it);
 * - `log` (development, demo) prints the message and keeps it in `DATA_DIR/outbox/`;
 * - disabled (production without a provider).
 * Any refusal, non-2xx answer or no answer in 10 s is an SmsDeliveryError (the API answers 503
 * `delivery_failed`); the message text is never logged.
 */
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "#server/logger.ts";

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

/** Settings of the SMS.RU gateway. */
export interface SmsRuSettings {
  /** The account's API key (SMS_API_ID). */
  apiId: string;
  /** Origin of the API; https://sms.ru unless a test or a proxy says otherwise (SMS_URL). */
  baseUrl?: string;
  /** An approved sender name (SMS_FROM); the account's default when absent. */
  from?: string;
}

interface SmsRuReply {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, { status?: string; status_code?: number; status_text?: string; sms_id?: string }>;
}

/** The SMS.RU provider (see the module comment for the request and reply). */
export function createSmsRuProvider(settings: SmsRuSettings): SmsProvider {
  const endpoint = new URL("/sms/send", settings.baseUrl ?? "https://sms.ru");
  return {
    async send(to, text) {
      const number = to.replace(/\D/g, "");
      const form = new URLSearchParams({ api_id: settings.apiId, to: number, msg: text, json: "1" });
      if (settings.from) form.set("from", settings.from);
      let response: Response;
      try {
        response = await fetch(endpoint, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) });
      } catch (error) {
        throw new SmsDeliveryError(`SMS.RU unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SmsDeliveryError(`SMS.RU answered HTTP ${response.status}`);
      let reply: SmsRuReply;
      try {
        reply = (await response.json()) as SmsRuReply;
      } catch {
        throw new SmsDeliveryError("SMS.RU answered something that is not JSON");
      }
      if (reply.status !== "OK") {
        throw new SmsDeliveryError(`SMS.RU refused the request: ${reply.status_code ?? "?"} ${reply.status_text ?? ""}`.trim());
      }
      const one = reply.sms?.[number];
      if (one?.status !== "OK") {
        throw new SmsDeliveryError(`SMS.RU refused the number: ${one?.status_code ?? "?"} ${one?.status_text ?? ""}`.trim());
      }
    },
  };
}
