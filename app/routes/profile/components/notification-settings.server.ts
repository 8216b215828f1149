/** The server side of the settings page's notification card (./notification-settings.tsx): read and save the e-mail mode. */
import * as notificationsApi from "#contract/notifications.ts";
import type { EmailMode } from "#contract/notifications.ts";
import type { ApiClient } from "#app/lib/api-client.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";

/** The caller's e-mail mode (`instant` when the API cannot say). */
export function loadEmailMode(api: ApiClient): Promise<EmailMode> {
  return api
    .send(notificationsApi.getNotificationSettings)
    .then((r) => r.data.emailMode)
    .catch(() => "instant" as const);
}

/** Saves the posted `emailMode` and redirects back with a flash; an unknown value is a 400. */
export async function saveEmailMode(api: ApiClient, request: Request, formData: FormData): Promise<Response> {
  const mode = String(formData.get("emailMode") ?? "");
  const parsed = notificationsApi.NotificationSettingsSchema.safeParse({ emailMode: mode });
  if (!parsed.success) return new Response(null, { status: 400 });
  await api.send(notificationsApi.putNotificationSettings, { body: parsed.data });
  return localizedRedirect(request, "/profile/settings", "inquiries.flash.settingsSaved");
}
