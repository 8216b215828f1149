/**
 * `/admin/pages/{slug}`: write a content page (issue 7) — title, lead and Markdown text per language
 * and the language it was written in; a partner-region page also names its region and the place
 * names its suppliers' addresses must contain. "Preview" renders the Markdown on the server without
 * saving. Works without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/page";
import { AdminHeader, nameIn } from "./components/ui.tsx";
import { ArticleActions, ArticleFields, MarkdownPreview } from "./components/article-fields.tsx";
import { HistorySection } from "./components/audit-list.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { apiContext } from "#app/context.ts";
import { ADMIN_ERRORS, invalid, payloadOf } from "./lib/actions.server.ts";
import { adminMeta } from "./lib/meta.ts";
import { type Lang, LANG_OPTIONS, pageLang } from "#app/lib/i18n.ts";
import { renderPreview } from "#app/lib/markdown.server.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import * as homeApi from "#contract/admin/home.ts";
import * as pagesApi from "#contract/admin/pages.ts";
import { PageSchema } from "#contract/admin/pages.ts";
import type { RouteBodyInput } from "#contract/route.ts";
import { requireStaffData } from "./lib/guard.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField } from "#app/components/form/field.tsx";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaffData(context);
  const api = context.get(apiContext);
  const lang = pageLang(request);
  const page = (await orNotFound(request, api.send(pagesApi.getPage, { params: { slug: params.slug } }))).data;
  const regions = page.kind === "region" ? (await api.send(homeApi.listRegions)).data : [];
  return { page, regions, title: nameIn(page.title, lang) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: PageSchema });
  if (formData.get("intent") === "preview") {
    return { result: submission.reply(), preview: renderPreview(payloadOf(submission).body as Partial<Record<Lang, string>>) };
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    // The form's own values: the API validates them with the same schema.
    await context
      .get(apiContext)
      .send(pagesApi.savePage, { params: { slug: params.slug }, body: payloadOf(submission) as RouteBodyInput<typeof pagesApi.savePage> });
  } catch (error) {
    return replyWithApiError(submission, error, ADMIN_ERRORS);
  }
  return localizedRedirect(request, `/admin/pages/${params.slug}`, "admin.flash.saved");
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { page, regions } = loaderData;
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const [form, fields] = useZodForm(PageSchema, {
    lastResult: actionData?.result,
    defaultValue: {
      title: page.title,
      lead: page.lead,
      body: page.body,
      sourceLang: page.sourceLang,
      regionCode: page.settings?.regionCode ?? "",
      localities: page.settings?.localities.join(", ") ?? "",
    },
  });
  const busy = navigation.state !== "idle";
  return (
    <>
      <AdminHeader
        back={{ to: "/admin/pages", label: t("admin.nav.pages") }}
        title={nameIn(page.title, lang)}
        lead={page.slug === "talp" ? t("admin.pages.talpHint") : t("admin.pages.regionHint")}
        actions={
          <LocaleLink to={`/${page.slug}`} className="button button-secondary button-small">
            {t("admin.moderation.publicPage")}
          </LocaleLink>
        }
      />
      <section className="admin-section">
        <Form method="post" {...getFormProps(form)} className="admin-form">
          <div className="admin-form-row">
            <SelectField field={fields.sourceLang} label={t("admin.fields.sourceLang")} options={LANG_OPTIONS} />
            {page.kind === "region" ? (
              <>
                <SelectField field={fields.regionCode} label={t("admin.fields.region")}>
                  {regions.map((r) => (
                    <option key={r.code} value={r.code}>
                      {nameIn(r.name, lang)} ({r.code})
                    </option>
                  ))}
                </SelectField>
                <InputField field={fields.localities} label={t("admin.pages.localities")} hint={t("admin.pages.localitiesHint")} />
              </>
            ) : null}
          </div>
          <ArticleFields fields={fields} bodyLabel={t("admin.pages.body")} bodyRows={14} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <ArticleActions busy={busy} saveLabel={t("admin.form.save")} />
        </Form>
        <MarkdownPreview preview={preview} />
      </section>
      <HistorySection rows={page.history} />
    </>
  );
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
