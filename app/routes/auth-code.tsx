/**
 * `/auth/code`: step two — the one-time code (guard check-auth-data). Verifying a known person's
 * code signs them in and returns them where they came from; a new person goes on to
 * `/auth/registration`. "Send a new code" respects the resend countdown, which counts down live with
 * JavaScript and is stated in seconds without it. The e-mail's one-click link opens this page with
 * the address and code filled in; the person still presses "Sign in" (a mail scanner following the
 * link must not use the code up).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/auth-code";
import { OneTimeCodeInput } from "../components/one-time-code-input.tsx";
import { LocaleLink } from "../components/locale-link.tsx";
import { apiContext } from "../context.ts";
import { ApiClientError } from "../lib/api-client.server.ts";
import { authFlowCookie, identityBody, readAuthFlow, type AuthFlow } from "../lib/auth-flow.server.ts";
import { CodeSchema } from "../lib/auth-forms.ts";
import { finishSignIn } from "../lib/auth-actions.server.ts";
import { documentUrl } from "../lib/document-url.ts";
import { localizedPath, pageLang } from "../lib/i18n.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { useCountdown } from "../lib/use-countdown.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { getInstance } from "../middleware/i18next.ts";
import { guards } from "../middleware/registry.ts";
import { localizedRedirect } from "../lib/redirect.server.ts";
import { FieldError, FormErrors } from "../components/form/errors.tsx";
import { useT } from "../lib/use-t.ts";

export const middleware = guards("check-auth-data");

function flowFromMailLink(url: URL): AuthFlow | null {
  const email = url.searchParams.get("email")?.trim().toLowerCase();
  if (!email || email.length > 320 || !email.includes("@")) return null;
  return { channel: "email", target: email, sentTo: email, resendAt: 0 };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const t = getInstance(context).t;
  const linked = flowFromMailLink(url);
  const stored = readAuthFlow(request);
  const fromLink = linked !== null && linked.target !== stored?.target;
  const flow = fromLink ? { ...linked, redirectTo: stored?.redirectTo } : stored;
  if (!flow) throw localizedRedirect(request, "/auth");
  const code = /^\d{6}$/.test(url.searchParams.get("code") ?? "") ? url.searchParams.get("code")! : "";
  return data(
    { sentTo: flow.sentTo, channel: flow.channel, resendInS: Math.max(0, Math.ceil((flow.resendAt - Date.now()) / 1000)), code, seo: { title: t("auth.codeTitle") } },
    fromLink ? { headers: { "set-cookie": authFlowCookie(flow) } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = readAuthFlow(request);
  if (!flow) throw localizedRedirect(request, "/auth");
  const formData = await request.formData();
  const api = context.get(apiContext);
  if (formData.get("intent") === "resend") {
    const lang = pageLang(request);
    try {
      const sent = await api.sendCode({ ...identityBody(flow), locale: lang });
      const next = { ...flow, sentTo: sent.sentTo, resendAt: Date.now() + sent.resendAfter * 1000 };
      return data({ result: null, resent: true }, { headers: { "set-cookie": authFlowCookie(next) } });
    } catch (error) {
      if (!(error instanceof ApiClientError)) throw error;
      const key = error.code === "resend_too_soon" ? "auth.errors.resendTooSoon" : error.status === 429 ? "auth.errors.tooManySends" : "auth.errors.deliveryFailed";
      return data({ result: { status: "error" as const, error: { "": [key] } }, resent: false }, { status: error.status === 429 ? 429 : 503 });
    }
  }
  const submission = parseWithZod(formData, { schema: CodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), resent: false }, { status: 400 });
  try {
    const verified = await api.verifyCode({ ...identityBody(flow), code: submission.value.code });
    if (verified.data.registrationToken) {
      return localizedRedirect(request, "/auth/registration", undefined, { headers: { "set-cookie": authFlowCookie({ ...flow, registrationToken: verified.data.registrationToken }) } });
    }
    return finishSignIn(context, verified.data.accessToken!, verified.setCookies, flow.redirectTo ?? localizedPath(request, "/"), "flash.signedIn");
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    if (error.code === "invalid_code") {
      const left = Number(error.issues?.[0]?.message.match(/^(\d+)/)?.[1] ?? NaN);
      const key = Number.isNaN(left) ? "auth.errors.invalidCode" : left === 0 ? "auth.errors.invalidCodeLast" : `auth.errors.invalidCodeLeft_${left === 1 ? "one" : "many"}`;
      return data({ result: submission.reply({ fieldErrors: { code: [key] } }), resent: false, attemptsLeft: left }, { status: 400 });
    }
    const key = error.code === "code_expired" ? "auth.errors.codeExpired" : error.code === "too_many_attempts" ? "auth.errors.tooManyAttempts" : "auth.errors.tryLater";
    return data({ result: submission.reply({ formErrors: [key] }), resent: false }, { status: error.status });
  }
}


export default function CodeStep({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const left = useCountdown(loaderData.resendInS);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { code: loaderData.code },
  });
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1>{t("auth.codeTitle")}</h1>
      <p>{t(loaderData.channel === "email" ? "auth.codeSentEmail" : "auth.codeSentPhone", { sentTo: loaderData.sentTo })}</p>
      {actionData?.resent ? (
        <p className="form-ok" role="status">
          {t("auth.codeResent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <OneTimeCodeInput field={fields.code} label={t("auth.code")} />
        <FieldError id={fields.code.errorId} errors={fields.code.errors} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" name="intent" value="verify" className="button button-primary" disabled={busy}>
          {t("auth.signIn")}
        </button>
      </Form>
      <Form method="post" className="resend">
        {left > 0 ? <p className="muted small">{t("auth.resendIn", { count: left })}</p> : null}
        <button type="submit" name="intent" value="resend" className="button button-link" disabled={hydrated && left > 0}>
          {t("auth.resend")}
        </button>
      </Form>
      <p className="small">
        <LocaleLink to="/auth">{t("auth.otherAddress")}</LocaleLink>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
