/**
 * Loaders and actions of the sign-in contact pages (spec §2; ADR 017), shared by the e-mail
 * (`/profile/change_mail`, `/profile/mail/…`) and the phone (`/profile/phone/…`, `/profile/mail/phone`)
 * routes, which differ only in the contact's kind:
 * - entry: an address form; the action starts a change (a code goes to the new address) and moves
 *   to the code step of the change's id;
 * - `{id}/code`: the code, "send a new code" with the countdown, cancel;
 * - `{id}/success`: the confirmed address.
 * A step opened for a change in another state moves to the right step; an unknown id, or another
 * user's, is the 404 page. Refusals come back as 400/409/429/503 with the form's errors in the
 * page's language and what was typed kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { apiContext, profileContext, sessionContext } from "#app/context.ts";
import * as auth from "#contract/auth.ts";
import { accessCookie } from "#app/lib/session.server.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import * as contacts from "#contract/profile-contacts.ts";
import type { ContactChangeView, ContactKind } from "#contract/profile-contacts.ts";
import { attemptsLeft, invalidCodeKey, resendRefusalKey } from "#app/lib/one-time-code.server.ts";
import { CodeSchema, ContactChangeSchema } from "./personal-forms.ts";
import { ApiClientError, formatPhone } from "./personal.server.ts";
import { apiErrorStatus, replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { idParam } from "#app/lib/id-param.ts";

type Context = Readonly<RouterContextProvider>;
export type ContactStep = "entry" | "code" | "success";

const BASE: Record<ContactKind, string> = { email: "/profile/mail", phone: "/profile/phone" };

/** The language-neutral path of a step of change `id`. */
export function stepPath(kind: ContactKind, id: number, step: ContactStep): string {
  return `${BASE[kind]}/${id}${step === "entry" ? "" : `/${step}`}`;
}

/** The change as a page shows it: the new address formatted for reading. */
export interface ChangeForPage extends ContactChangeView {
  display: string;
}

function forPage(change: ContactChangeView): ChangeForPage {
  return { ...change, display: change.kind === "phone" ? (formatPhone(change.value) ?? change.value) : change.value };
}

/**
 * The change `params.id` of the signed-in user for `step` of a `kind` page: a change of the other
 * kind goes to its own page, a confirmed one to its success step, a pending one away from success.
 */
export async function loadChange(
  request: Request,
  context: Context,
  kind: ContactKind,
  rawId: string | undefined,
  step: ContactStep,
): Promise<ChangeForPage> {
  const id = idParam(rawId) ?? pageNotFound(request);
  const change = (await orNotFound(request, context.get(apiContext).send(contacts.getContactChange, { params: { id } }))).data;
  const wanted: ContactStep = change.status === "done" ? "success" : step === "success" ? "code" : step;
  if (change.kind !== kind || wanted !== step)
    throw localizedRedirect(request, stepPath(change.kind, id, wanted) + documentUrl(request).search);
  return forPage(change);
}

const TITLES: Record<ContactKind, { step: string; changed: string; change: string; add: string }> = {
  email: {
    step: "profileContacts.emailStepTitle",
    changed: "profileContacts.emailChangedTitle",
    change: "profileContacts.changeEmailTitle",
    add: "profileContacts.addEmailTitle",
  },
  phone: {
    step: "profileContacts.phoneStepTitle",
    changed: "profileContacts.phoneChangedTitle",
    change: "profileContacts.changePhoneTitle",
    add: "profileContacts.addPhoneTitle",
  },
};

/** The page starting a change (`/profile/change_mail`, `/profile/mail/phone`): the current address, if any. */
export function loadNewContact(context: Context, kind: ContactKind) {
  const profile = context.get(profileContext);
  const current = kind === "email" ? profile.email : formatPhone(profile.phone);
  return { current, seo: { title: getInstance(context).t(current ? TITLES[kind].change : TITLES[kind].add) } };
}

/** The entry step of change `rawId`: its address, which can be corrected. */
export async function loadEntryStep(request: Request, context: Context, kind: ContactKind, rawId: string | undefined) {
  const change = await loadChange(request, context, kind, rawId, "entry");
  return {
    change: { display: change.display, codePath: stepPath(kind, change.id, "code") },
    seo: { title: getInstance(context).t(TITLES[kind].step) },
  };
}

/** The entry step's action: a corrected address starts the change again (a new code goes to it). */
export async function entryStepAction(request: Request, context: Context, kind: ContactKind, rawId: string | undefined) {
  await loadChange(request, context, kind, rawId, "entry");
  return startChangeAction(request, context, kind);
}

/** The code step of change `rawId`; `?code=` (the link in the message) fills the code in. */
export async function loadCodeStep(request: Request, context: Context, kind: ContactKind, rawId: string | undefined) {
  const change = await loadChange(request, context, kind, rawId, "code");
  const code = documentUrl(request).searchParams.get("code") ?? "";
  return {
    change: {
      id: change.id,
      kind: change.kind,
      display: change.display,
      resendAfter: change.resendAfter,
      expiresIn: change.expiresIn,
      code: /^\d{6}$/.test(code) ? code : "",
    },
    entryPath: stepPath(kind, change.id, "entry"),
    seo: { title: getInstance(context).t(TITLES[kind].step) },
  };
}

/** The success step of change `rawId`: the address the person now signs in with. */
export async function loadSuccessStep(request: Request, context: Context, kind: ContactKind, rawId: string | undefined) {
  const change = await loadChange(request, context, kind, rawId, "success");
  return { display: change.display, seo: { title: getInstance(context).t(TITLES[kind].changed) } };
}

/** Specific refusals of starting a change, as field errors on `value`. */
const START_ERRORS = {
  contact_taken: { field: "value", message: "profileContacts.errors.taken" },
  contact_unchanged: { field: "value", message: "profileContacts.errors.unchanged" },
  reauth_required: { message: "hardening.reauthRequired" },
  rate_limited: { message: "auth.errors.tooManySends" },
  resend_too_soon: { message: "auth.errors.resendTooSoon" },
  delivery_failed: { message: "auth.errors.deliveryFailed" },
};

/**
 * The entry form's action: starts a change to the typed address (`kind` from the page, never from
 * the form) and goes to its code step.
 */
export async function startChangeAction(request: Request, context: Context, kind: ContactKind) {
  const formData = await request.formData();
  formData.set("kind", kind);
  const submission = parseWithZod(formData, { schema: ContactChangeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { data: change } = await context
      .get(apiContext)
      .send(contacts.startContactChange, { body: { kind, value: submission.value.value, locale: pageLang(request) } });
    return localizedRedirect(request, stepPath(kind, change.id, "code"));
  } catch (error) {
    return replyWithApiError(submission, error, { codes: START_ERRORS });
  }
}

/**
 * A confirmed change ends every session (the user's session version goes up; security review F10)
 * but keeps this browser's refresh token: a new access token keeps this browser signed in. When the
 * refresh fails the person simply signs in again.
 */
async function renewSession(context: Context): Promise<void> {
  const session = context.get(sessionContext);
  try {
    const refreshed = await context.get(apiContext).send(auth.refreshToken, {}, { withRefreshCookie: true });
    session.accessToken = refreshed.data.accessToken;
    session.setCookies.push(accessCookie(refreshed.data.accessToken), ...refreshed.setCookies);
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
  }
}

const VERIFY_ERRORS: Record<string, string> = {
  code_expired: "auth.errors.codeExpired",
  too_many_attempts: "auth.errors.tooManyAttempts",
  contact_taken: "profileContacts.errors.takenNow",
};

/**
 * The code step's action, by `intent`: `verify` (to the success step), `resend` (a new code; the
 * page's countdown starts again), `cancel` (back to the contacts page with a flash message).
 */
export async function codeStepAction(request: Request, context: Context, kind: ContactKind, rawId: string | undefined) {
  const change = await loadChange(request, context, kind, rawId, "code");
  const api = context.get(apiContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "cancel") {
    try {
      await api.send(contacts.cancelContactChange, { params: { id: change.id } });
    } catch (error) {
      // Confirmed or gone meanwhile: the contacts page shows how things stand.
      if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    }
    return localizedRedirect(request, "/profile/mail", { message: "profileContacts.flash.cancelled", tone: "info" });
  }
  if (intent === "resend") {
    try {
      await api.send(contacts.resendContactChange, { params: { id: change.id }, body: { locale: pageLang(request) } });
      return data({ intent: "resend" as const, resent: true, result: null });
    } catch (error) {
      if (!(error instanceof ApiClientError)) throw error;
      const key = resendRefusalKey(error, "auth.errors.tryLater");
      return data(
        { intent: "resend" as const, resent: false, result: { status: "error" as const, error: { "": [key] } } },
        { status: apiErrorStatus(error) },
      );
    }
  }
  const submission = parseWithZod(formData, { schema: CodeSchema });
  if (submission.status !== "success")
    return data({ intent: "verify" as const, resent: false, result: submission.reply() }, { status: 400 });
  try {
    await api.send(contacts.verifyContactChange, { params: { id: change.id }, body: { code: submission.value.code } });
    await renewSession(context);
    return localizedRedirect(request, stepPath(kind, change.id, "success"));
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    if (error.code === "invalid_code") {
      const left = attemptsLeft(error);
      return data(
        {
          intent: "verify" as const,
          resent: false,
          result: submission.reply({ fieldErrors: { code: [invalidCodeKey(left)] } }),
          attemptsLeft: left,
        },
        { status: 400 },
      );
    }
    if (error.code === "change_completed") throw localizedRedirect(request, stepPath(kind, change.id, "success"));
    const key = VERIFY_ERRORS[error.code] ?? "auth.errors.tryLater";
    return data(
      { intent: "verify" as const, resent: false, result: submission.reply({ formErrors: [key] }) },
      { status: apiErrorStatus(error) },
    );
  }
}
