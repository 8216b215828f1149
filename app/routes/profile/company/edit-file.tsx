/**
 * `/profile/company/edit/file` (spec §2 "edit/file"): the company's logo and files.
 * - Logo: upload (PUT /api/profile/company/logo; images only, re-encoded by the API) or remove.
 * - Files (catalogues, price lists, certificates; at most 50): upload with a title in ru/en/zh
 *   (POST /api/profile/company/files), delete.
 * Uploads work without JavaScript (multipart forms passed on to the API as they came) and, with it,
 * through the upload widget (drag-and-drop, progress; the file goes to a temporary upload first and the
 * form then attaches it by id). The API checks every file by its content; a refusal (an SVG, a
 * program, a damaged image, too large…) comes back as a message in the user's language beside the
 * form it was sent from.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/edit-file";
import { useCompanyCard } from "./edit.tsx";
import { LocalizedValue } from "../components/company-view.tsx";
import { fileTypeLabel, formatBytes, UploadField } from "../components/upload-field.tsx";
import { CompanyLogo } from "#app/components/catalog/cards.tsx";
import { apiContext } from "#app/context.ts";
import { filesOf, idsOf } from "#app/lib/uploads.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import type { Lang } from "#app/lib/i18n.ts";
import * as companyApi from "#contract/profile/company.ts";
import { localized } from "#contract/profile/fields.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { FormErrors, FormSubmit } from "#app/components/form/errors.tsx";
import { LocalizedField } from "#app/components/form/localized-field.tsx";
import { apiErrorMessages } from "#app/lib/forms/api-errors.server.ts";
import { RemoveForm } from "../components/company-form.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { TitledSection } from "../components/titled-section.tsx";

/** The new file's title form (the file itself travels beside it). */
const FileTitleSchema = z.object({ title: localized(200).optional() });

type Section = "logo" | "files";
type ActionData = { section: Section; errors: string[]; result?: SubmissionResult<string[]> };

export async function loader({ context }: Route.LoaderArgs) {
  const { data: files } = await context.get(apiContext).send(companyApi.listCompanyFiles);
  return { files, seo: { title: getInstance(context).t("profileCompany.filesTitle") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const api = context.get(apiContext);
  const section: Section = intent === "logo" || intent === "removeLogo" ? "logo" : "files";
  const refuse = (error: unknown, result?: SubmissionResult<string[]>) => {
    const { messages, status } = apiErrorMessages(error);
    return data<ActionData>({ section, errors: messages, result }, { status });
  };
  try {
    if (intent === "logo") {
      const [file] = filesOf(form, "logo");
      const [id] = idsOf(form, "logoId");
      if (file) {
        const body = new FormData();
        body.set("file", file, file.name);
        await api.send(companyApi.putCompanyLogo, { form: body });
      } else if (id) await api.send(companyApi.putCompanyLogo, { body: { fileId: id } });
      else return data<ActionData>({ section, errors: ["apiErrors.file_required"] }, { status: 400 });
      return localizedRedirect(request, "/profile/company/edit/file", "profileCompany.flash.logoSaved");
    }
    if (intent === "removeLogo") {
      await api.send(companyApi.deleteCompanyLogo);
      return localizedRedirect(request, "/profile/company/edit/file", "profileCompany.flash.logoRemoved");
    }
    if (intent === "deleteFile") {
      const id = Number(form.get("fileId"));
      if (!Number.isInteger(id) || id <= 0) return data<ActionData>({ section, errors: ["apiErrors.not_found"] }, { status: 404 });
      await api.send(companyApi.deleteCompanyFile, { params: { fileId: id } });
      return localizedRedirect(request, "/profile/company/edit/file", "profileCompany.flash.fileRemoved");
    }
  } catch (error) {
    return refuse(error);
  }

  // Adding files: the title form, then each chosen (no JS) or already uploaded (JS) file.
  const submission = parseWithZod(form, { schema: FileTitleSchema });
  if (submission.status !== "success") return data<ActionData>({ section, errors: [], result: submission.reply() }, { status: 400 });
  const title = submission.value.title ?? {};
  const files = filesOf(form, "file");
  const ids = idsOf(form, "fileId");
  if (files.length === 0 && ids.length === 0)
    return data<ActionData>({ section, errors: ["apiErrors.file_required"], result: submission.reply() }, { status: 400 });
  try {
    for (const file of files) {
      const body = new FormData();
      body.set("file", file, file.name);
      for (const [lang, text] of Object.entries(title)) body.set(`title.${lang}`, text);
      await api.send(companyApi.addCompanyFile, { form: body });
    }
    for (const fileId of ids) await api.send(companyApi.addCompanyFile, { body: { fileId, title } });
  } catch (error) {
    return refuse(error, submission.reply());
  }
  return localizedRedirect(request, "/profile/company/edit/file", "profileCompany.flash.fileAdded");
}

/** The company's files: a thumbnail (or the file type), the title linking to the file, and a delete button for those who may edit (`canEdit`). */
function CompanyFileList({
  files,
  sourceLang,
  canEdit,
  busy,
}: {
  files: Route.ComponentProps["loaderData"]["files"];
  sourceLang: Lang;
  canEdit: boolean;
  busy: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <ul className="company-file-list">
      {files.map((file) => (
        <li key={file.id} className="company-file">
          {file.thumbUrl ? (
            <img src={file.thumbUrl} alt="" width={48} height={48} className="company-file-thumb" />
          ) : (
            <span className="company-file-thumb company-file-doc" aria-hidden="true">
              {fileTypeLabel(file)}
            </span>
          )}
          <span className="company-file-meta">
            <a href={file.url} download>
              <LocalizedValue
                value={file.title}
                sourceLang={sourceLang}
                fallback={file.originalName ?? t("profileCompany.files.untitled")}
              />
            </a>
            <span className="muted small">{[file.originalName, formatBytes(file.size, lang)].filter(Boolean).join(" · ")}</span>
          </span>
          {canEdit ? (
            <RemoveForm
              intent="deleteFile"
              hidden={{ name: "fileId", value: file.id }}
              label={t("profileCompany.files.delete")}
              ariaLabel={t("profileCompany.files.deleteNamed", { name: file.originalName ?? file.id })}
              disabled={busy}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The form that adds a file to the company's list: the file and its title in ru/en/zh. */
function AddFileForm({ answer, busy, sourceLang }: { answer: ActionData | undefined; busy: boolean; sourceLang: string }) {
  const t = useT();
  const [form, fields] = useZodForm(FileTitleSchema, {
    id: "company-file",
    lastResult: answer?.result,
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="company-form company-upload-form">
      <h3>{t("profileCompany.files.add")}</h3>
      <input type="hidden" name="intent" value="addFile" />
      <UploadField name="file" idsName="fileId" accept="any" label={t("profileCompany.files.file")} />
      <LocalizedField
        field={fields.title}
        label={t("profileCompany.files.title")}
        hint={t("profileCompany.files.titleHint")}
        maxLength={200}
        sourceLang={sourceLang}
      />
      {answer?.section === "files" ? <FormErrors errors={answer.errors} /> : null}
      <FormSubmit form={form} label={t("profileCompany.files.addButton")} className="button button-primary" busy={busy} />
    </Form>
  );
}

export default function CompanyEditFile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { company, readOnly } = useCompanyCard();
  const answer = actionData as ActionData | undefined;
  const busy = navigation.state === "submitting";
  const { files } = loaderData;
  return (
    <div className="company-edit-files">
      <TitledSection id="logo-heading" title={t("profileCompany.logo.heading")}>
        <div className="company-logo-editor">
          <CompanyLogo src={company.logo?.thumbUrl ?? company.logo?.url} alt={t("profileCompany.logoAlt")} large />
          <div className="company-logo-forms">
            {company.logo ? (
              <p className="muted small">
                {t("profileCompany.logo.current", {
                  width: company.logo.width ?? "?",
                  height: company.logo.height ?? "?",
                  size: formatBytes(company.logo.size, lang),
                })}
              </p>
            ) : (
              <p className="muted small">{t("profileCompany.logo.none")}</p>
            )}
            {!readOnly ? (
              <>
                <Form method="post" encType="multipart/form-data" className="company-upload-form">
                  <input type="hidden" name="intent" value="logo" />
                  <UploadField
                    name="logo"
                    idsName="logoId"
                    accept="image"
                    autoSubmit
                    label={t(company.logo ? "profileCompany.logo.replace" : "profileCompany.logo.upload")}
                    hint={t("profileCompany.logo.hint")}
                  />
                  {answer?.section === "logo" ? <FormErrors errors={answer.errors} /> : null}
                  <button type="submit" className="button" disabled={busy}>
                    {t("profileCompany.logo.save")}
                  </button>
                </Form>
                {company.logo ? <RemoveForm intent="removeLogo" label={t("profileCompany.logo.remove")} disabled={busy} /> : null}
              </>
            ) : null}
          </div>
        </div>
      </TitledSection>

      <TitledSection
        id="files-heading"
        title={t("profileCompany.files.heading")}
        lead={t("profileCompany.files.lead")}
        empty={files.length === 0 ? t("profileCompany.files.none") : null}
        after={!readOnly ? <AddFileForm answer={answer} busy={busy} sourceLang={company.sourceLang} /> : null}
      >
        <CompanyFileList files={files} sourceLang={company.sourceLang} canEdit={!readOnly} busy={busy} />
      </TitledSection>
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
