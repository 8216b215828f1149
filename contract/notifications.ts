/**
 * Notifications (issue 14 §3; ADR 028): a person's inbox of events — a new inquiry for their
 * company, a reply, a status change (and, later, the buying requests' events) — each with a link.
 * The same event is e-mailed in the person's language at once, in one daily digest, or not at all
 * (`emailMode`, on the profile settings page). The header shows the unread count.
 */
import { z } from "zod";
import { defineRoute, PageMetaSchema, PagingSchema } from "./route.ts";
import { form, Id } from "./profile/fields.ts";

export const EMAIL_MODES = ["instant", "digest", "off"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    /** What happened: `inquiry.new`, `conversation.reply`, `conversation.status`, … */
    kind: z.string(),
    /** The event's data (names, a status, an excerpt): shown by the web tier per `kind`. */
    payload: z.record(z.string(), z.unknown()),
    /** A language-neutral site path ("/profile/conversations/12"). */
    link: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationSettingsSchema = form({
  emailMode: z.enum(EMAIL_MODES, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
}).meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

const TAG = "Notifications";

export const listNotifications = defineRoute({
  method: "GET",
  path: "/api/notifications",
  operationId: "listNotifications",
  tag: TAG,
  summary: "The caller's notifications, newest first; meta.unread counts the unread ones",
  auth: "user",
  query: PagingSchema,
  data: z.array(NotificationSchema),
  meta: PageMetaSchema.extend({ unread: z.number().int() }),
  errors: ["unauthorized"],
});

export const countUnreadNotifications = defineRoute({
  method: "GET",
  path: "/api/notifications/unread",
  operationId: "countUnreadNotifications",
  tag: TAG,
  summary: "How many notifications the caller has not read (the header's badge)",
  auth: "user",
  data: z.object({ unread: z.number().int() }),
  errors: ["unauthorized"],
});

export const markNotificationsRead = defineRoute({
  method: "POST",
  path: "/api/notifications/read",
  operationId: "markNotificationsRead",
  tag: TAG,
  summary: "Mark the given notifications (or all, without ids) read",
  auth: "user",
  body: form({ ids: z.array(Id).max(100).optional() }),
  data: z.object({ unread: z.number().int() }),
  errors: ["unauthorized"],
});

export const getNotificationSettings = defineRoute({
  method: "GET",
  path: "/api/notifications/settings",
  operationId: "getNotificationSettings",
  tag: TAG,
  summary: "How the caller gets notification e-mails",
  auth: "user",
  data: NotificationSettingsSchema,
  errors: ["unauthorized"],
});

export const putNotificationSettings = defineRoute({
  method: "PUT",
  path: "/api/notifications/settings",
  operationId: "putNotificationSettings",
  tag: TAG,
  summary: "Choose notification e-mails: at once, a daily digest, or none",
  auth: "user",
  body: NotificationSettingsSchema,
  data: NotificationSettingsSchema,
  errors: ["unauthorized"],
});
