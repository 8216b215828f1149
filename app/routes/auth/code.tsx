/**
 * `/auth/code`: step two — the one-time code (guard check-auth-data). Verifying a known person's
 * code signs them in and returns them where they came from; a new person goes on to
 * `/auth/registration`. "Send a new code" respects the resend countdown, which counts down live with
 * JavaScript and is stated in seconds without it. The e-mail's one-click link opens this page with
 * the code filled in when it is for this browser's own flow (security review F22: never for another
 * address, see codePageFlow); the person still presses "Sign in" (a mail scanner following the link
 * must not use the code up).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/code";
import { CodeForms } from "#app/components/code-forms.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import * as auth from "#contract/auth.ts";
import { CodeSchema } from "#contract/auth.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { authFlowCookie, codePageFlow, identityBody, readAuthFlow } from "#app/lib/auth-flow.server.ts";
import { attemptsLeft, invalidCodeKey, resendRefusalKey } from "#app/lib/one-time-code.server.ts";
import { finishSignIn } from "#app/lib/auth-actions.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { guards } from "#app/middleware/registry.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { useT } from "#app/lib/use-t.ts";

export const middleware = guards("check-auth-data");

function mailLink(url: URL): { email: string; code: string } | null {
  const email = url.searchParams.get("email")?.trim().toLowerCase();
  if (!email || email.length > 320 || !email.includes("@")) return null;
  const code = url.searchParams.get("code") ?? "";
  return { email, code: /^\d{6}$/.test(code) ? code : "" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const t = getInstance(context).t;
  const { flow, code, setFlow } = codePageFlow(mailLink(url), readAuthFlow(request));
  if (!flow) throw localizedRedirect(request, "/auth");
  return data(
    {
      sentTo: flow.sentTo,
      channel: flow.channel,
      resendInS: Math.max(0, Math.ceil((flow.resendAt - Date.now()) / 1000)),
      code,
      seo: { title: t("auth.codeTitle") },
    },
    setFlow ? { headers: { "set-cookie": authFlowCookie(setFlow) } } : undefined,
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
      const { data: sent } = await api.send(auth.sendCode, { body: { ...identityBody(flow), locale: lang } });
      const next = { ...flow, sentTo: sent.sentTo, resendAt: Date.now() + sent.resendAfter * 1000 };
      return data({ result: null, resent: true }, { headers: { "set-cookie": authFlowCookie(next) } });
    } catch (error) {
      if (!(error instanceof ApiClientError)) throw error;
      const key = resendRefusalKey(error, "auth.errors.deliveryFailed");
      return data(
        { result: { status: "error" as const, error: { "": [key] } }, resent: false },
        { status: error.status === 429 ? 429 : 503 },
      );
    }
  }
  const submission = parseWithZod(formData, { schema: CodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), resent: false }, { status: 400 });
  try {
    const verified = await api.send(
      auth.verifyCode,
      { body: { ...identityBody(flow), code: submission.value.code } },
      { withRefreshCookie: true },
    );
    if ("registrationToken" in verified.data) {
      return localizedRedirect(request, "/auth/registration", undefined, {
        headers: { "set-cookie": authFlowCookie({ ...flow, registrationToken: verified.data.registrationToken }) },
      });
    }
    return finishSignIn(request, context, verified.data.accessToken, verified.setCookies, flow.redirectTo, "flash.signedIn");
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    if (error.code === "invalid_code") {
      const left = attemptsLeft(error);
      return data(
        { result: submission.reply({ fieldErrors: { code: [invalidCodeKey(left)] } }), resent: false, attemptsLeft: left },
        { status: 400 },
      );
    }
    const key =
      error.code === "code_expired"
        ? "auth.errors.codeExpired"
        : error.code === "too_many_attempts"
          ? "auth.errors.tooManyAttempts"
          : "auth.errors.tryLater";
    return data({ result: submission.reply({ formErrors: [key] }), resent: false }, { status: error.status });
  }
}

export default function CodeStep({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <h1>{t("auth.codeTitle")}</h1>
      <p>{t(loaderData.channel === "email" ? "auth.codeSentEmail" : "auth.codeSentPhone", { sentTo: loaderData.sentTo })}</p>
      <CodeForms
        lastResult={actionData?.result}
        defaultCode={loaderData.code}
        resendAfter={loaderData.resendInS}
        resent={actionData?.resent}
        submitLabel={t("auth.signIn")}
        attemptsLeft={
          actionData && "attemptsLeft" in actionData && typeof actionData.attemptsLeft === "number" ? actionData.attemptsLeft : undefined
        }
      />
      <p className="small">
        <LocaleLink to="/auth">{t("auth.otherAddress")}</LocaleLink>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
