/**
 * `/auth`: step one of sign-in — an e-mail address or a phone number. The action asks the API to
 * send a code (POST /api/auth/send-code), keeps the flow in the `auth_flow` cookie and goes on to
 * `/auth/code`. A honeypot field turns away form-filling bots. Works without JavaScript; with it,
 * Conform validates as you type.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { SpamError } from "remix-utils/honeypot/server";
import type { Route } from "./+types/sign-in";
import * as auth from "#contract/auth.ts";
import { SignInSchema, loginToIdentity } from "#contract/auth.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { authFlowCookie } from "#app/lib/auth-flow.server.ts";
import { safeReturnPath } from "#app/lib/auth-actions.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { honeypot } from "./lib/honeypot.server.ts";
import { localizedPath, pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { useT } from "#app/lib/use-t.ts";
import { InputField } from "#app/components/form/field.tsx";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { SubmitButton } from "#app/components/form/submit-button.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const redirectTo = safeReturnPath(request, url.searchParams.get("redirectTo")) ?? "";
  // Someone already signed in has nothing to do here.
  if (context.get(sessionContext).accessToken) throw redirect(redirectTo || localizedPath(request, "/"));
  const t = getInstance(context).t;
  return { redirectTo, honeypot: await honeypot.getInputProps(), seo: { title: t("auth.signInTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  try {
    await honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError)
      return data({ result: { status: "error" as const, error: { "": ["auth.errors.spam"] } } }, { status: 400 });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const lang = pageLang(request);
  const identity = loginToIdentity(submission.value.login);
  const flow = {
    channel: "email" in identity ? ("email" as const) : ("phone" as const),
    target: "email" in identity ? identity.email.toLowerCase() : identity.phone,
    sentTo: "email" in identity ? identity.email : identity.phone,
    resendAt: Date.now(),
    redirectTo: safeReturnPath(request, submission.value.redirectTo) ?? undefined,
  };
  const toCodeStep = () => localizedRedirect(request, "/auth/code", undefined, { headers: { "set-cookie": authFlowCookie(flow) } });
  try {
    const { data: sent } = await context.get(apiContext).send(auth.sendCode, { body: { ...identity, locale: lang } });
    flow.sentTo = sent.sentTo;
    flow.resendAt = Date.now() + sent.resendAfter * 1000;
    return toCodeStep();
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    // A code went to this address moments ago (a double click, a second tab): it is still valid,
    // so go to the code step, where the countdown shows when a new one may be asked for.
    if (error.code === "resend_too_soon") {
      flow.resendAt = Date.now() + (error.retryAfter ?? 60) * 1000;
      return toCodeStep();
    }
    if (error.code === "invalid_target")
      return data({ result: submission.reply({ fieldErrors: { login: ["invalid_login"] } }) }, { status: 400 });
    if (error.status === 429) return data({ result: submission.reply({ formErrors: ["auth.errors.tooManySends"] }) }, { status: 429 });
    return data({ result: submission.reply({ formErrors: ["auth.errors.deliveryFailed"] }) }, { status: 503 });
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useZodForm(SignInSchema, {
    lastResult: actionData?.result,
  });
  return (
    <>
      <h1>{t("auth.signInTitle")}</h1>
      <p className="muted">{t("auth.signInLead")}</p>
      <HoneypotProvider {...loaderData.honeypot}>
        <Form method="post" {...getFormProps(form)} className="stack">
          {/* Hidden by the site's stylesheet: the default class brings a <style> element the CSP refuses (ADR 030 addendum). */}
          <HoneypotInputs label={t("auth.honeypot")} className="honeypot-inputs" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <InputField
            field={fields.login}
            label={t("auth.login")}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t("auth.loginPlaceholder")}
            // oxlint-disable-next-line jsx-a11y/no-autofocus -- the sign-in page's first and main field
            autoFocus
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("auth.sendCode")}</SubmitButton>
        </Form>
      </HoneypotProvider>
      <p className="muted small">{t("auth.noPassword")}</p>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
