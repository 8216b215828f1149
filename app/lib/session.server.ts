/**
 * Session cookies of the web tier (DESIGN §6): `access` holds the access token (spec §3), `refresh`
 * the refresh token (set by the API and passed through), both HttpOnly, SameSite=Lax, Path=/ and
 * Secure in production. `fingerprint` is written by the browser (app/routes/auth/components/fingerprint.tsx)
 * and forwarded to the API as the `fingerprint` header.
 */
import { serialize } from "cookie";

export const ACCESS_COOKIE = "access";
export const REFRESH_COOKIE = "refresh";
export const FINGERPRINT_COOKIE = "fingerprint";
/** Access tokens live 30 minutes (server/auth/tokens.ts); the cookie no longer. */
export const ACCESS_COOKIE_MAX_AGE_S = 30 * 60;
/** Refresh a little before expiry, so a request never reaches the API with a dying token. */
const EXPIRY_SKEW_S = 30;

const secure = () => process.env.NODE_ENV === "production";

export function accessCookie(token: string): string {
  return serialize(ACCESS_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: secure(), path: "/", maxAge: ACCESS_COOKIE_MAX_AGE_S });
}

/** Set-Cookie lines that end the browser's session. */
export function clearSessionCookies(): string[] {
  return [ACCESS_COOKIE, REFRESH_COOKIE].map((name) =>
    serialize(name, "", { httpOnly: true, sameSite: "lax", secure: secure(), path: "/", maxAge: 0 }),
  );
}

/**
 * True when the JWT's `exp` (seconds) is within EXPIRY_SKEW_S of `nowS` or the token cannot be read.
 * Only the expiry is read here; the signature is checked by the API on every call.
 */
export function accessTokenExpiring(token: string, nowS = Date.now() / 1000): boolean {
  const payload = token.split(".")[1];
  if (!payload) return true;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown };
    return typeof exp !== "number" || exp - EXPIRY_SKEW_S <= nowS;
  } catch {
    return true;
  }
}

/**
 * The API answered a request that carried an access token as if it were anonymous: the token was
 * refused (the user signed out on all devices, ADR 017, or the account is gone). The browser's
 * session cookies are dropped on this response so every later request is plainly anonymous.
 */
export function endRefusedSession(session: { accessToken: string | null; setCookies: string[] }): void {
  if (!session.accessToken) return;
  session.accessToken = null;
  session.setCookies.push(...clearSessionCookies());
}
