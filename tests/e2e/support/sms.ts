/**
 * Text messages the e2e server sent: its SMS provider is the mail catcher's `/sms` endpoint
 * (playwright.config.ts sets SMS_URL), so a test reads a code from the SMS as a person would.
 */
import { expect } from "@playwright/test";
import { MAIL_HTTP_PORT } from "./ports.ts";

export interface Sms {
  to: string;
  text: string;
}

/** Every SMS to `phone` (E.164, "+79161234567"), oldest first. */
export async function smsTo(phone: string): Promise<Sms[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/sms?to=${encodeURIComponent(phone)}`);
  return (await response.json()) as Sms[];
}

/** Waits for the `n`-th (1-based) SMS to `phone` and returns its six-digit code. */
export async function nthSmsCode(phone: string, n: number): Promise<string> {
  await expect.poll(async () => (await smsTo(phone)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  const text = (await smsTo(phone))[n - 1]!.text;
  return text.match(/\b(\d{6})\b/)![1]!;
}

/** A Russian mobile number nobody else in this run uses, in E.164 and as a person types it. */
export function newPhone(): { e164: string; typed: string } {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return { e164: `+7916${digits}`, typed: `8 916 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` };
}
