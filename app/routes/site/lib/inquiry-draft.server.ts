/**
 * The inquiry draft cookie (security review N15; issue 26 defect #5): a visitor's filled inquiry
 * form is kept by the API under a random token while they sign in, and only the browser that filled
 * it holds that token — in this HttpOnly, SameSite=Lax cookie, for the draft's 24 hours. The token is
 * never in a URL, so it is not in the history, the server logs or a Referer. One draft per browser:
 * a newer one replaces it. After sending, the cookie stays until it expires so that going back to
 * the form shows the inquiry as sent (the API keeps the spent draft's conversation id).
 */
import { parse, serialize } from "cookie";
import { DraftToken } from "#contract/inquiries.ts";

export const INQUIRY_DRAFT_COOKIE = "inquiry_draft";
/** The API keeps a draft 24 h (server/inquiries/service.ts DRAFT_TTL_MS); the cookie lives as long. */
const MAX_AGE_S = 24 * 3600;

/** The Set-Cookie line that hands `token` to this browser. */
export function inquiryDraftCookie(token: string): string {
  return serialize(INQUIRY_DRAFT_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production",
    path: "/",
    maxAge: MAX_AGE_S,
  });
}

/** The draft token this browser holds, or null (absent or malformed). */
export function inquiryDraftToken(request: Request): string | null {
  const value = parse(request.headers.get("cookie") ?? "")[INQUIRY_DRAFT_COOKIE];
  return value && DraftToken.safeParse(value).success ? value : null;
}
