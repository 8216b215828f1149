/**
 * The sign-in flow's state between its steps (spec §4: registration needs the earlier step's
 * data): the `auth_flow` cookie (HttpOnly, SameSite=Lax, 30 minutes) holds the address the code went
 * to, its masked form, when a new code may be asked for, where to return after sign-in and, after
 * a new identity's code, the registration token. The check-auth-data guard sends anyone without it
 * back to `/auth`.
 *
 * The cookie is `base64url(JSON).base64url(HMAC-SHA256)` (security review F22): a sibling subdomain
 * that can toss cookies, or a page that plants one, cannot forge a flow (another person's address, an
 * external `redirectTo`); an unsigned or altered cookie reads as no flow. The key is derived from
 * AUTH_SECRET (the same in every process in production, server/env.ts); without it (development,
 * tests) a random key of this process is used, so a restart only asks for a new code.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { z } from "zod";

export const AUTH_FLOW_COOKIE = "auth_flow";

const FlowSchema = z.object({
  channel: z.enum(["email", "phone"]),
  target: z.string().min(3).max(320),
  sentTo: z.string().max(320),
  /** Epoch milliseconds after which "send a new code" is allowed. */
  resendAt: z.number(),
  redirectTo: z.string().max(2000).optional(),
  registrationToken: z.string().max(128).optional(),
});

export type AuthFlow = z.infer<typeof FlowSchema>;

const FLOW_MAX_AGE_S = 30 * 60;
const options = () => ({ httpOnly: true, sameSite: "lax" as const, secure: process.env.NODE_ENV === "production", path: "/" });

let processKey: Buffer | null = null;

/** The HMAC key of the flow cookie: derived from AUTH_SECRET, else random per process. */
function flowKey(): Buffer {
  const secret = process.env.AUTH_SECRET;
  if (secret) return createHmac("sha256", secret).update("postavka:auth_flow").digest();
  processKey ??= randomBytes(32);
  return processKey;
}

function mac(payload: string): string {
  return createHmac("sha256", flowKey()).update(payload).digest("base64url");
}

/** The cookie's value for `flow`: the payload and its MAC. */
export function signAuthFlow(flow: AuthFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString("base64url");
  return `${payload}.${mac(payload)}`;
}

/** The flow of a cookie value, or null when it is missing, unsigned, altered or malformed. */
export function verifyAuthFlow(raw: string | undefined): AuthFlow | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(mac(payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = FlowSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readAuthFlow(request: Request): AuthFlow | null {
  return verifyAuthFlow(parse(request.headers.get("cookie") ?? "")[AUTH_FLOW_COOKIE]);
}

export function authFlowCookie(flow: AuthFlow): string {
  return serialize(AUTH_FLOW_COOKIE, signAuthFlow(flow), { ...options(), maxAge: FLOW_MAX_AGE_S });
}

/**
 * What the code page shows when opened, given the one-click link's address and code (if any) and the
 * stored flow (security review F22, login CSRF): the link's code is filled in only when the link is
 * for the address this browser's own flow sent a code to. A link for another address never replaces
 * a flow in progress and never fills a code in, so a crafted link cannot sign a visitor into someone
 * else's account with one click. Opened in a browser without a flow (another device), the link starts
 * a flow for its address but the person types the code from the mail themselves.
 * `setFlow` is the flow to store (a new cookie), or null to keep the stored one.
 */
export function codePageFlow(
  link: { email: string; code: string } | null,
  stored: AuthFlow | null,
): { flow: AuthFlow | null; code: string; setFlow: AuthFlow | null } {
  if (stored) {
    const sameTarget = link !== null && stored.channel === "email" && stored.target === link.email;
    return { flow: stored, code: sameTarget ? link.code : "", setFlow: null };
  }
  if (!link) return { flow: null, code: "", setFlow: null };
  const flow: AuthFlow = { channel: "email", target: link.email, sentTo: link.email, resendAt: 0 };
  return { flow, code: "", setFlow: flow };
}

export function clearAuthFlowCookie(): string {
  return serialize(AUTH_FLOW_COOKIE, "", { ...options(), maxAge: 0 });
}

/** `{ email }` or `{ phone }` for API calls. */
export function identityBody(flow: Pick<AuthFlow, "channel" | "target">): { email: string } | { phone: string } {
  return flow.channel === "email" ? { email: flow.target } : { phone: flow.target };
}
