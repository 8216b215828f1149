/**
 * `/inquiry/new?supplier=<companyId>[&product=<productId>…][&draft=<token>]` (issue 14 §1; ADR 028):
 * the «Request a price» form — the supplier's products as checkboxes (the linked ones ticked),
 * quantity and unit (pre-filled with the first product's MOQ; less is allowed and flagged), target
 * price and currency, Incoterms 2020 rule, destination, wanted-by date, message, attachments.
 *
 * Anyone signed in sends it (POST /api/inquiries) and lands on the new conversation. A visitor may
 * fill it too: the form posts, the server validates it, keeps what was typed as a draft (POST
 * /api/inquiries/drafts, a random token, 24 h) and sends them to sign-in with a return URL carrying
 * the token; back here the form is shown filled again (`draft`), nothing lost — also without
 * JavaScript. Files cannot travel through sign-in (an upload belongs to a person): the note says to
 * attach them after.
 *
 * Refusals become messages in the page's language: field issues on their fields, the same text to
 * many suppliers (`duplicate_inquiry`), one's own company, too many inquiries, a bot's honeypot.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/inquiry-new";
import * as inquiries from "../../contract/inquiries.ts";
import { INCOTERMS, INQUIRY_CURRENCIES, InquirySchema, MAX_MESSAGE_FILES } from "../../contract/inquiries.ts";
import { UNIT_IDS } from "../../contract/units.ts";
import { apiContext, sessionContext } from "../context.ts";
import { ApiClientError } from "../lib/api-client.server.ts";
import { replyWithApiError } from "../lib/forms/api-errors.server.ts";
import { filesOf, uploadTemporary } from "../lib/profile-api/widgets.server.ts";
import { localizedPath, pageLang } from "../lib/i18n.ts";
import { localizedRedirect } from "../lib/redirect.server.ts";
import { signInThenBack } from "../lib/signed-in-post.server.ts";
import { orNotFound } from "../lib/not-found.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { unitLabel } from "../lib/units.ts";
import { useLang } from "../lib/use-lang.ts";
import { useT } from "../lib/use-t.ts";
import { getInstance } from "../middleware/i18next.ts";
import { FieldError, FormErrors } from "../components/form/errors.tsx";
import { InputField, SelectField, TextareaField } from "../components/form/field.tsx";
import { codeOptions } from "../components/form/options.tsx";
import { formatQuantity } from "../components/catalog/format.ts";
import { PageHeader } from "../components/page-header.tsx";
import { AttachmentsField, nameIn } from "../components/conversations/parts.tsx";
import { privatePageHeaders } from "../lib/private-headers.ts";
import { useZodForm } from "../lib/use-zod-form.ts";

/** The fields a draft keeps (files cannot be kept). */
const DRAFT_FIELDS = [
  "productIds",
  "quantity",
  "unit",
  "targetPrice",
  "currency",
  "incoterm",
  "destinationCountry",
  "destinationCity",
  "wantedBy",
  "message",
] as const;
const FIELDS = ["supplierId", ...DRAFT_FIELDS, "fileIds", "attachments"] as const;

/** Refusals with a message of this page's own. */
const CODES = {
  duplicate_inquiry: { message: "inquiries.errors.duplicate" },
  own_company: { message: "inquiries.errors.ownCompany" },
  spam_suspected: { message: "inquiries.errors.spam" },
  rate_limited: { message: "inquiries.errors.rateLimited" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = context.get(apiContext);
  const supplier = url.searchParams.get("supplier") ?? "";
  if (!/^\d{1,10}$/.test(supplier)) throw data(null, { status: 404 });
  const products = url.searchParams.getAll("product").filter((p) => /^\d{1,10}$/.test(p));
  const form = await orNotFound(
    request,
    api.send(inquiries.getInquiryForm, { query: { supplier, product: products } }).then((r) => r.data),
  );
  const token = url.searchParams.get("draft");
  let draft: Record<string, string | string[]> | null = null;
  if (token && /^[A-Za-z0-9_-]{20,64}$/.test(token)) {
    draft = await api
      .send(inquiries.getInquiryDraft, { params: { token } })
      .then((r) => r.data.values)
      .catch(() => null);
  }
  const t = getInstance(context).t;
  const lang = pageLang(request);
  return {
    form,
    draft,
    signedIn: Boolean(context.get(sessionContext).accessToken),
    seo: { title: t("inquiries.formTitle", { supplier: nameIn(form.supplier.name, lang) }) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: InquirySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const api = context.get(apiContext);
  const value = submission.value;

  if (!context.get(sessionContext).accessToken) {
    // A visitor: keep what was typed, sign in, come back to the filled form.
    const values: Record<string, string | string[]> = {};
    for (const name of DRAFT_FIELDS) {
      const all = formData.getAll(name).filter((v): v is string => typeof v === "string");
      if (name === "productIds") values[name] = all;
      else if (all[0]) values[name] = all[0];
    }
    try {
      const { data: draft } = await api.send(inquiries.saveInquiryDraft, { body: { values } });
      const back = `${localizedPath(request, "/inquiry/new")}?supplier=${value.supplierId}&draft=${draft.token}`;
      return signInThenBack(request, back);
    } catch (error) {
      return replyWithApiError(submission, error, { fields: FIELDS, codes: CODES });
    }
  }

  try {
    const uploaded: number[] = [...value.fileIds];
    for (const file of filesOf(formData, "attachments").slice(0, MAX_MESSAGE_FILES)) {
      uploaded.push((await uploadTemporary(api, file)).id);
    }
    const lang = pageLang(request);
    const { data: created } = await api.send(inquiries.createInquiry, {
      body: { ...value, fileIds: uploaded.slice(0, MAX_MESSAGE_FILES), lang, website: formData.get("website")?.toString() ?? "" },
    });
    return localizedRedirect(request, `/profile/conversations/${created.conversationId}`, "inquiries.flash.sent");
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) {
      throw redirect(
        `${localizedPath(request, "/auth")}?redirectTo=${encodeURIComponent(new URL(request.url).pathname + new URL(request.url).search)}`,
      );
    }
    // An upload's refusal (file type, size) lands on the attachments field.
    return replyWithApiError(submission, error, {
      fields: FIELDS,
      codes: CODES,
      fieldMap: { file: "attachments" },
    });
  }
}

export default function InquiryNew({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { form: info, draft, signedIn } = loaderData;
  const first = info.products.find((p) => p.selected && p.moq) ?? null;
  const selected = draft
    ? Array.isArray(draft.productIds)
      ? draft.productIds
      : []
    : info.products.filter((p) => p.selected).map((p) => String(p.id));
  const defaults: Record<string, string | string[]> = draft
    ? { ...draft, supplierId: String(info.supplier.id) }
    : {
        supplierId: String(info.supplier.id),
        productIds: selected,
        quantity: first?.moq ? String(Number(first.moq)) : "",
        unit: first?.moqUnit ?? "",
      };
  const [form, fields] = useZodForm(InquirySchema, {
    id: "inquiry",
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    defaultValue: defaults,
  });
  const supplierName = nameIn(info.supplier.name, lang);
  const ticked = new Set((fields.productIds.initialValue as string[] | string | undefined) ?? selected);
  return (
    <main id="main" className="page inquiry-page">
      <PageHeader title={t("inquiries.formTitle", { supplier: supplierName })} lead={t("inquiries.formLead")} />
      {!info.supplier.claimed ? <p className="card notice">{t("inquiries.unclaimedNote")}</p> : null}
      {draft ? (
        <p className="card notice" role="status">
          {t("inquiries.draftRestored")}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card inquiry-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="supplierId" value={info.supplier.id} />
        <fieldset className="inquiry-products">
          <legend>{t("inquiries.products")}</legend>
          {info.products.length === 0 ? (
            <p className="muted">{t("inquiries.noProducts")}</p>
          ) : (
            <>
              <p className="field-hint">{t("inquiries.productsHint")}</p>
              <ul className="plain-list inquiry-product-list">
                {info.products.map((p) => (
                  <li key={p.id}>
                    <label className="checkbox">
                      <input type="checkbox" name="productIds" value={p.id} defaultChecked={ticked.has(String(p.id))} />{" "}
                      {nameIn(p.name, lang)}
                      {p.moq ? (
                        <span className="muted small">
                          {" "}
                          — {t("inquiries.moq", { moq: formatQuantity(p.moq, lang), unit: unitLabel(p.moqUnit, lang) })}
                        </span>
                      ) : null}
                    </label>
                  </li>
                ))}
              </ul>
              <FieldError id={fields.productIds.errorId} errors={fields.productIds.errors} />
            </>
          )}
        </fieldset>
        <div className="inquiry-grid">
          <InputField field={fields.quantity} label={t("inquiries.quantity")} inputMode="decimal" />
          <SelectField
            field={fields.unit}
            label={t("inquiries.unit")}
            placeholder={t("inquiries.unitPlaceholder")}
            options={UNIT_IDS.map((u) => ({ value: u, label: unitLabel(u, lang) }))}
          />
          <InputField field={fields.targetPrice} label={t("inquiries.targetPrice")} inputMode="decimal" />
          <SelectField
            field={fields.currency}
            label={t("inquiries.currency")}
            placeholder={t("inquiries.currencyPlaceholder")}
            options={codeOptions(INQUIRY_CURRENCIES)}
          />
          <SelectField
            field={fields.incoterm}
            label={t("inquiries.incoterm")}
            hint={t("inquiries.incotermHint")}
            placeholder={t("inquiries.incotermPlaceholder")}
            options={codeOptions(INCOTERMS)}
          />
          <InputField field={fields.wantedBy} label={t("inquiries.wantedBy")} type="date" />
          <InputField field={fields.destinationCountry} label={t("inquiries.destinationCountry")} autoComplete="country-name" />
          <InputField field={fields.destinationCity} label={t("inquiries.destinationCity")} autoComplete="address-level2" />
        </div>
        <TextareaField field={fields.message} label={t("inquiries.message")} hint={t("inquiries.messageHint")} rows={6} required />
        {signedIn ? <AttachmentsField id="inquiry-attachments" errors={form.allErrors.attachments} /> : null}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor="inquiry-website">{t("inquiries.honeypot")}</label>
          <input id="inquiry-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {!signedIn ? <p className="muted small">{t("inquiries.signInNote")}</p> : null}
        <div className="page-actions">
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {signedIn ? t("inquiries.send") : t("inquiries.signInToSend")}
          </button>
        </div>
      </Form>
    </main>
  );
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) => routeMeta(args);
