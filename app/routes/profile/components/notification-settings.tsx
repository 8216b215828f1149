/**
 * The profile settings page's card «Notification e-mails» (ADR 028): at once, a daily digest or
 * never. A plain form posting `intent=notifications` to the settings page (no JavaScript needed);
 * the action is app/routes/profile/components/notification-settings.server.ts.
 */
import { Form, useNavigation } from "react-router";
import { EMAIL_MODES, type EmailMode } from "#contract/notifications.ts";
import { useT } from "#app/lib/use-t.ts";

export function NotificationSettingsCard({ emailMode }: { emailMode: EmailMode }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "notifications";
  return (
    <div className="card settings-card">
      <h2>{t("inquiries.settings.title")}</h2>
      <p className="muted small">{t("inquiries.settings.lead")}</p>
      <Form method="post">
        <fieldset className="radio-group">
          <legend>{t("inquiries.settings.emailMode")}</legend>
          {EMAIL_MODES.map((mode) => (
            <label key={mode} className="checkbox">
              <input type="radio" name="emailMode" value={mode} defaultChecked={mode === emailMode} /> {t(`inquiries.settings.${mode}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="notifications" className="button" disabled={busy}>
          {t("inquiries.settings.save")}
        </button>
      </Form>
    </div>
  );
}
