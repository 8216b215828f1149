/**
 * Sign-in identities: an e-mail address or a phone number.
 *
 * - E-mail: trimmed and lower-cased, at most 254 characters (RFC 5321 path limit), syntax checked
 *   with zod's e-mail rule.
 * - Phone: parsed with libphonenumber-js (Google's metadata; a number without a country code is read
 *   as Russian), must be a valid number, stored in E.164 (`+79161234567`).
 * `maskIdentity` gives the `sentTo` shown after sending: `iv***@example.com`, `+7 916 *** ** 67`.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import type { CodeChannel } from "../db/schema.ts";

export interface Identity {
  channel: CodeChannel;
  target: string;
}

const emailRule = z.email().max(254);

export function normalizeEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const value = input.trim().toLowerCase();
  return emailRule.safeParse(value).success ? value : null;
}

export function normalizePhone(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 32) return null;
  const parsed = parsePhoneNumberFromString(input.trim(), "RU");
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** The identity named by a body `{ email }` or `{ phone }`, or null when neither is valid. */
export function identityFrom(body: { email?: unknown; phone?: unknown }): Identity | null {
  if (body.email !== undefined && body.email !== null && body.email !== "") {
    const target = normalizeEmail(body.email);
    return target ? { channel: "email", target } : null;
  }
  if (body.phone !== undefined && body.phone !== null && body.phone !== "") {
    const target = normalizePhone(body.phone);
    return target ? { channel: "phone", target } : null;
  }
  return null;
}

export function maskIdentity({ channel, target }: Identity): string {
  if (channel === "email") {
    const [local = "", domain = ""] = target.split("@");
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***@${domain}`;
  }
  const parsed = parsePhoneNumberFromString(target);
  const international = parsed ? parsed.formatInternational() : target;
  // Keep the country and operator code and the last two digits: "+7 916 *** ** 67".
  const digits = [...international].filter((ch) => /\d/.test(ch)).length;
  let seen = 0;
  const keepHead = Math.min(digits - 2, (parsed?.countryCallingCode.length ?? 1) + 3);
  return [...international]
    .map((ch) => {
      if (!/\d/.test(ch)) return ch;
      seen += 1;
      return seen <= keepHead || seen > digits - 2 ? ch : "*";
    })
    .join("");
}
