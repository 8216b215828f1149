/**
 * The signed-in person's sign-in e-mail and phone (contract/profile-contacts.ts; issue 5, ADR 017):
 * the resource `/api/profile/contacts`. Changing either is confirmed by a one-time code sent TO THE
 * NEW address; server/auth/contact-changes.ts holds the rules.
 */
import * as contacts from "#contract/profile-contacts.ts";
import { normalizeEmail, normalizePhone, type Identity } from "../auth/identity.ts";
import { notFound } from "../errors.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { implement, resource } from "./resource.ts";

export const contactResource = resource("/api/profile/contacts", [
  implement(contacts.listContactChanges, async (c) => ({ data: await c.var.auth.contacts.list(requireCaller(c).userId) })),
  implement(contacts.startContactChange, async (c, { body }) => {
    const { userId, authTime } = requireCaller(c);
    // The schema has checked the format; normalizing gives the stored form (phone in E.164).
    const target = body.kind === "email" ? normalizeEmail(body.value) : normalizePhone(body.value);
    const identity: Identity = { channel: body.kind, target: target ?? body.value };
    const lang = body.locale ?? (await c.var.auth.locale(userId));
    const { change, created } = await c.var.auth.contacts.start(userId, identity, lang, clientContext(c), { authTime });
    // A double submit gets the pending change back with 200: no second code went out.
    return created ? { data: change } : c.json({ data: change }, 200);
  }),
  implement(contacts.getContactChange, async (c, { params: { id } }) => ({
    data: await c.var.auth.contacts.get(requireCaller(c).userId, id),
  })),
  implement(contacts.verifyContactChange, async (c, { params: { id }, body }) => {
    const { userId, sessionId } = requireCaller(c);
    await c.var.auth.contacts.verify(userId, id, body.code, clientContext(c), { sessionId });
    const profile = await c.var.auth.profile(userId);
    if (!profile) throw notFound("Profile");
    return { data: profile };
  }),
  implement(contacts.resendContactChange, async (c, { params: { id }, body }) => {
    const { userId } = requireCaller(c);
    return { data: await c.var.auth.contacts.resend(userId, id, body.locale ?? (await c.var.auth.locale(userId)), clientContext(c)) };
  }),
  implement(contacts.cancelContactChange, async (c, { params: { id } }) => {
    await c.var.auth.contacts.cancel(requireCaller(c).userId, id);
    return { data: { id, cancelled: true as const } };
  }),
]);
