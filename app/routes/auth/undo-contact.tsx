/**
 * `/auth/undo-contact?token=…` (security review F10): the link in the notice of a changed sign-in
 * e-mail or phone, sent to the account's (old) e-mail. Opening it changes nothing — a mail scanner
 * may follow links — and shows what would be restored with a button; the POST of that form (no
 * JavaScript needed) undoes the change: the old address signs in again and every session of the
 * account ends (server/auth/contact-changes.ts). A bad, expired or spent link says so. The page is
 * never stored by a cache (the token is in its address).
 */
import type { TFunction } from "i18next";
import { Form, data } from "react-router";
import type { Route } from "./+types/undo-contact";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as auth from "#contract/auth.ts";
import type { ContactUndo } from "#contract/auth.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { useT } from "#app/lib/use-t.ts";
import { privatePageHeaders } from "#app/lib/private-headers.ts";

type UndoState =
  | { state: "confirm"; undo: ContactUndo; token: string }
  | { state: "done"; undo: ContactUndo }
  | { state: "invalid" }
  | { state: "taken" }
  | { state: "limited" };

/** An API refusal the page explains; anything else is a real failure. */
function refusal(error: unknown): UndoState {
  if (error instanceof ApiClientError && error.code === "invalid_undo_link") return { state: "invalid" };
  if (error instanceof ApiClientError && error.code === "contact_taken") return { state: "taken" };
  if (error instanceof ApiClientError && error.code === "rate_limited") return { state: "limited" };
  if (error instanceof ApiClientError && error.status === 400) return { state: "invalid" };
  throw error;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const token = documentUrl(request).searchParams.get("token")?.trim() ?? "";
  let state: UndoState;
  if (!token) state = { state: "invalid" };
  else {
    try {
      const undo = (await context.get(apiContext).send(auth.previewContactUndo, { query: { token } })).data;
      state = { state: "confirm", undo, token };
    } catch (error) {
      state = refusal(error);
    }
  }
  return { ...state, seo: { title: t("contactUndo.title") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const token = String((await request.formData()).get("token") ?? "").trim();
  let state: UndoState;
  try {
    const undo = (await context.get(apiContext).send(auth.undoContactChange, { body: { token } })).data;
    state = { state: "done", undo };
  } catch (error) {
    state = refusal(error);
  }
  const status = state.state === "done" ? 200 : state.state === "limited" ? 429 : state.state === "taken" ? 409 : 400;
  return data({ ...state, seo: { title: t("contactUndo.title") } }, { status });
}

/**
 * The sentence naming the contact an undo restores, in the page's language: the e-mail address
 * (key `email`), the phone number (`phone`), or, when there was no phone before, its removal
 * (`phoneRemoved`). `address` comes masked from the API.
 */
function contactSentence(t: TFunction, { kind, address }: ContactUndo, email: string, phone: string, phoneRemoved: string): string {
  if (kind === "email") return t(email, { address });
  return address ? t(phone, { address }) : t(phoneRemoved);
}

export default function UndoContact({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const view = (actionData ?? loaderData) as UndoState;
  if (view.state === "invalid" || view.state === "taken" || view.state === "limited") {
    return (
      <section className="stack" data-testid="undo-invalid">
        <h1>{t("contactUndo.invalidTitle")}</h1>
        <p role="alert">{t(`contactUndo.${view.state}`)}</p>
        <p>
          <LocaleLink to="/auth">{t("contactUndo.toSignIn")}</LocaleLink>
        </p>
      </section>
    );
  }
  if (view.state === "done") {
    return (
      <section className="stack" data-testid="undo-done">
        <h1>{t("contactUndo.doneTitle")}</h1>
        <p role="status">
          {contactSentence(t, view.undo, "contactUndo.doneEmail", "contactUndo.donePhone", "contactUndo.donePhoneRemoved")}
        </p>
        <p>{t("contactUndo.doneNext")}</p>
        <p>
          <LocaleLink to="/auth" className="button button-primary">
            {t("contactUndo.toSignIn")}
          </LocaleLink>
        </p>
      </section>
    );
  }
  return (
    <section className="stack">
      <h1>{t("contactUndo.title")}</h1>
      <p>{contactSentence(t, view.undo, "contactUndo.confirmEmail", "contactUndo.confirmPhone", "contactUndo.confirmRemovePhone")}</p>
      <p>{t("contactUndo.explain")}</p>
      <Form method="post" reloadDocument>
        <input type="hidden" name="token" value={view.token} />
        <button type="submit" className="button button-primary">
          {t("contactUndo.submit")}
        </button>
      </Form>
    </section>
  );
}

export function headers() {
  // The undo link's token is in the address: no Referer may carry it to another site.
  return { ...privatePageHeaders(), "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
