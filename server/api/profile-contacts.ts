/**
 * The signed-in user's sign-in e-mail and phone (issue 5, spec §2 `profile/mail`, `profile/phone`;
 * ADR 017). Changing either is confirmed by a one-time code sent TO THE NEW address
 * (server/auth/contact-changes.ts holds the rules):
 * - GET /api/profile/contacts → ContactChangeView[]: pending changes, newest first.
 * - POST /api/profile/contacts ContactChangeSchema `{ kind: email|phone, value, locale? }` → 201
 *   ContactChangeView `{ id, kind, value, sentTo, status, resendAfter, expiresIn, attemptsLeft }`
 *   (a code was sent), or 200 with the pending change to the same address while its resend
 *   countdown runs (no second code). 400 `invalid_body` (issues: `value` invalid_email /
 *   invalid_phone / required), 409 `contact_unchanged` / `contact_taken` (issue on `value`), 429
 *   `resend_too_soon` / `rate_limited` (Retry-After), 503 `delivery_failed`.
 * - GET /api/profile/contacts/{id} → ContactChangeView (pending or done).
 * - POST /api/profile/contacts/{id}/verify `{ code }` → the updated profile (as GET /api/profile).
 *   400 `invalid_code` (issues: attempts left) / `code_expired`, 429 `too_many_attempts` /
 *   `rate_limited`, 409 `contact_taken` / `change_completed`.
 * - POST /api/profile/contacts/{id}/resend `{ locale? }` → ContactChangeView. 429, 409
 *   `change_completed`, 503.
 * - DELETE /api/profile/contacts/{id} → `{ id, cancelled: true }`. 409 `change_completed`.
 * Another user's change id is a 404 `not_found`, like one that does not exist. 401 when anonymous.
 */
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import { normalizeEmail, normalizePhone, type Identity } from "../auth/identity.ts";
import { users, type Lang } from "../db/schema.ts";
import { ContactChangeSchema, ContactCodeSchema, ContactResendSchema } from "../profile/contact-schemas.ts";
import type { ApiEnv } from "./app.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { ok } from "./http.ts";
import { parseForm, pathId } from "./profile-support.ts";

async function userLocale(c: Context<ApiEnv>, userId: number): Promise<Lang> {
  const [user] = await c.var.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.locale ?? "ru";
}

export const profileContactRoutes = new Hono<ApiEnv>()
  .get("/api/profile/contacts", async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.var.auth.contacts.list(caller.userId));
  })
  .post("/api/profile/contacts", async (c) => {
    const caller = requireCaller(c);
    const input = await parseForm(c, ContactChangeSchema);
    // The schema has checked the format; normalizing gives the stored form (phone in E.164).
    const target = input.kind === "email" ? normalizeEmail(input.value) : normalizePhone(input.value);
    const identity: Identity = { channel: input.kind, target: target ?? input.value };
    const lang = input.locale ?? (await userLocale(c, caller.userId));
    const { change, created } = await c.var.auth.contacts.start(caller.userId, identity, lang, clientContext(c));
    return c.json({ data: change }, created ? 201 : 200);
  })
  .get("/api/profile/contacts/:id", async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.var.auth.contacts.get(caller.userId, pathId(c, "id", "Contact change")));
  })
  .post("/api/profile/contacts/:id/verify", async (c) => {
    const caller = requireCaller(c);
    const id = pathId(c, "id", "Contact change");
    const { code } = await parseForm(c, ContactCodeSchema);
    await c.var.auth.contacts.verify(caller.userId, id, code, clientContext(c));
    return ok(c, await c.var.auth.profile(caller.userId));
  })
  .post("/api/profile/contacts/:id/resend", async (c) => {
    const caller = requireCaller(c);
    const id = pathId(c, "id", "Contact change");
    const { locale } = await parseForm(c, ContactResendSchema);
    return ok(c, await c.var.auth.contacts.resend(caller.userId, id, locale ?? (await userLocale(c, caller.userId)), clientContext(c)));
  })
  .delete("/api/profile/contacts/:id", async (c) => {
    const caller = requireCaller(c);
    const id = pathId(c, "id", "Contact change");
    await c.var.auth.contacts.cancel(caller.userId, id);
    return ok(c, { id, cancelled: true });
  });
