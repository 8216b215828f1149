/**
 * The sign-in flow's state between its steps (spec §4: registration needs the earlier step's
 * data): the `auth_flow` cookie (HttpOnly, SameSite=Lax, 30 minutes) holds the address the code went
 * to, its masked form, when a new code may be asked for, where to return after sign-in and, after
 * a new identity's code, the registration token. The check-auth-data guard sends anyone without it
 * back to `/auth`.
 */
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

export function readAuthFlow(request: Request): AuthFlow | null {
  const raw = parse(request.headers.get("cookie") ?? "")[AUTH_FLOW_COOKIE];
  if (!raw) return null;
  try {
    const parsed = FlowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function authFlowCookie(flow: AuthFlow): string {
  return serialize(AUTH_FLOW_COOKIE, JSON.stringify(flow), { ...options(), maxAge: FLOW_MAX_AGE_S });
}

export function clearAuthFlowCookie(): string {
  return serialize(AUTH_FLOW_COOKIE, "", { ...options(), maxAge: 0 });
}

/** `{ email }` or `{ phone }` for API calls. */
export function identityBody(flow: Pick<AuthFlow, "channel" | "target">): { email: string } | { phone: string } {
  return flow.channel === "email" ? { email: flow.target } : { phone: flow.target };
}
