/**
 * `/auth/registration`: step three for a new person (guard check-auth-data; the flow must carry the
 * registration token the code step received). First and last name and acceptance of the terms; the
 * action registers through the API (POST /api/auth/register) and signs the person in.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/registration";
import * as auth from "#contract/auth.ts";
import { RegistrationSchema } from "#contract/auth.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { clearAuthFlowCookie, readAuthFlow } from "#app/lib/auth-flow.server.ts";
import { finishSignIn } from "#app/lib/auth-actions.server.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { guards } from "#app/middleware/registry.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { useT } from "#app/lib/use-t.ts";
import { InputField } from "#app/components/form/field.tsx";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { SubmitButton } from "#app/components/form/submit-button.tsx";

export const middleware = guards("check-auth-data");

export async function loader({ request, context }: Route.LoaderArgs) {
  const flow = readAuthFlow(request);
  if (!flow?.registrationToken) throw localizedRedirect(request, "/auth");
  return { sentTo: flow.sentTo, seo: { title: getInstance(context).t("auth.registrationTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const flow = readAuthFlow(request);
  if (!flow?.registrationToken) throw localizedRedirect(request, "/auth");
  const submission = parseWithZod(await request.formData(), { schema: RegistrationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const lang = pageLang(request);
  try {
    const registered = await context
      .get(apiContext)
      .send(
        auth.register,
        { body: { registrationToken: flow.registrationToken, ...submission.value, locale: lang } },
        { withRefreshCookie: true },
      );
    return finishSignIn(request, context, registered.data.accessToken, registered.setCookies, flow.redirectTo, "flash.registered");
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    if (error.code === "invalid_registration") {
      throw localizedRedirect(request, "/auth", undefined, { headers: { "set-cookie": clearAuthFlowCookie() } });
    }
    return data({ result: submission.reply({ formErrors: ["auth.errors.tryLater"] }) }, { status: error.status >= 500 ? 503 : 400 });
  }
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useZodForm(RegistrationSchema, {
    lastResult: actionData?.result,
  });
  return (
    <>
      <h1>{t("auth.registrationTitle")}</h1>
      <p className="muted">{t("auth.registrationLead", { sentTo: loaderData.sentTo })}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- the form's first field, the step after the code */}
        <InputField field={fields.firstName} label={t("auth.firstName")} autoComplete="given-name" autoFocus />
        <InputField field={fields.lastName} label={t("auth.lastName")} autoComplete="family-name" />
        <label className="field field-check" htmlFor={fields.acceptTerms.id}>
          <input
            {...getInputProps(fields.acceptTerms, { type: "checkbox" })}
            key={fields.acceptTerms.key}
            aria-describedby={fields.acceptTerms.errorId}
          />
          <span>{t("auth.acceptTerms")}</span>
        </label>
        <FieldError id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton>{t("auth.register")}</SubmitButton>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
