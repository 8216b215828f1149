/**
 * The coarse device a session is bound to: OS, browser and engine names parsed from the User-Agent
 * with bowser — the same reduction spec §7 applies to the fingerprint's user agent. It needs no
 * JavaScript, so a session started with JS on keeps working with JS off (ADR 008). Versions are left
 * out on purpose: a browser update must not sign anyone out.
 */
import Bowser from "bowser";
import { sha256Hex } from "./crypto.ts";

export interface Device {
  os: string;
  browser: string;
  engine: string;
}

export function deviceOf(userAgent: string | null | undefined): Device {
  if (!userAgent) return { os: "", browser: "", engine: "" };
  const parsed = Bowser.getParser(userAgent);
  return { os: parsed.getOSName() ?? "", browser: parsed.getBrowserName() ?? "", engine: parsed.getEngineName() ?? "" };
}

export function deviceHash(userAgent: string | null | undefined): string {
  const { os, browser, engine } = deviceOf(userAgent);
  return sha256Hex(`${os}|${browser}|${engine}`);
}

/**
 * The `fingerprint` header value (URL-encoded, spec §7) as a hash to store, or null when absent or
 * unusable (over 512 characters or not valid percent-encoding).
 */
export function fingerprintHash(header: string | null | undefined): string | null {
  if (!header || header.length > 512) return null;
  try {
    const value = decodeURIComponent(header).trim();
    return value ? sha256Hex(value) : null;
  } catch {
    return null;
  }
}
