/**
 * `/inquiry/new?supplier=<companyId>[&product=<productId>…][&new]` (issue 14 §1; ADR 028, 042):
 * the «Request a price» form — the supplier's products as checkboxes (the linked ones ticked and
 * first, the rest sorted by name in the reader's language and folded in a <details> with a filter
 * box, so that on a phone the fields are not thousands of pixels down), quantity and unit
 * (pre-filled with the first product's MOQ; less is allowed and flagged), target price and
 * currency (typed the reader's way: «12,5», «1 234,56»), Incoterms 2020 rule, destination,
 * wanted-by date, message, attachments.
 *
 * Anyone signed in sends it (POST /api/inquiries) and lands on the new conversation. A visitor may
 * fill it too: the form posts, the server validates it, keeps what was typed as a draft (POST
 * /api/inquiries/drafts, a random token, 24 h) whose token only this browser holds, in an HttpOnly
 * cookie (app/routes/site/lib/inquiry-draft.server.ts; security review N15), and sends them to sign-in; back
 * here the form is shown filled again, nothing lost — also without JavaScript. Sending spends the
 * draft: coming back to this page afterwards (Back, history) shows the inquiry as sent with a link
 * to its conversation, never the filled form again (issue 26 defect #5); `&new` starts a blank one.
 * Files cannot travel through sign-in (an upload belongs to a person): the note says to attach them
 * after.
 *
 * Refusals become messages in the page's language: field issues on their fields, the same text to
 * many suppliers (`duplicate_inquiry`), one's own company, too many inquiries, a bot's honeypot.
 */
import { useState } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/inquiry-new";
import * as inquiries from "#contract/inquiries.ts";
import { INCOTERMS, INQUIRY_CURRENCIES, InquirySchema, MAX_MESSAGE_FILES, type InquiryForm } from "#contract/inquiries.ts";
import { UNIT_IDS } from "#contract/units.ts";
import { apiContext, sessionContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { filesOf, uploadTemporary } from "#app/lib/uploads.server.ts";
import { localizedPath, pageLang } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { signInThenBack } from "#app/lib/signed-in-post.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import { FieldError, FormErrors } from "#app/components/form/errors.tsx";
import { InputField, SelectField, TextareaField } from "#app/components/form/field.tsx";
import { codeOptions } from "#app/components/form/options.tsx";
import { formatQuantityUnit } from "#app/components/catalog/format.ts";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { inquiryDraftCookie, inquiryDraftToken } from "./lib/inquiry-draft.server.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { pickLocalized } from "#contract/lang-schemas.ts";
import { LANG_LOCALES } from "#contract/format.ts";
import type { Lang } from "#contract/langs.ts";
import { PageHeader } from "#app/components/page-header.tsx";
import { AttachmentsField, nameIn } from "#app/components/conversations/parts.tsx";
import { privatePageHeaders } from "#app/lib/private-headers.ts";
import { useZodForm } from "#app/lib/use-zod-form.ts";
import { idParam } from "#app/lib/id-param.ts";

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
/** Up to this many products the list is shown whole; beyond it the unticked ones fold into a <details>. */
const OPEN_LIST_MAX = 5;

/** Refusals with a message of this page's own. */
const CODES = {
  duplicate_inquiry: { message: "inquiries.errors.duplicate" },
  own_company: { message: "inquiries.errors.ownCompany" },
  spam_suspected: { message: "inquiries.errors.spam" },
  rate_limited: { message: "inquiries.errors.rateLimited" },
};

/** A product of the list with its name picked for the reader (contract/lang-schemas.ts `pickLocalized`, the product page's rule). */
export type ListedProduct = InquiryForm["products"][number] & { label: { text: string; lang: Lang } };

/**
 * The form's products in the order shown: those the link or the draft ticked first, then the rest
 * by name in the reader's language (Intl.Collator; sorted here, on the server, so the browser
 * hydrates the same order).
 */
export function orderProducts(products: InquiryForm["products"], ticked: ReadonlySet<string>, lang: Lang): ListedProduct[] {
  const collator = new Intl.Collator(LANG_LOCALES[lang], { numeric: true, sensitivity: "base" });
  const named = products.map((p) => ({ ...p, label: pickLocalized(p.name, lang, p.sourceLang) ?? { text: `#${p.id}`, lang } }));
  const byName = (a: ListedProduct, b: ListedProduct) => collator.compare(a.label.text, b.label.text) || a.id - b.id;
  return [...named.filter((p) => ticked.has(String(p.id))).sort(byName), ...named.filter((p) => !ticked.has(String(p.id))).sort(byName)];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = context.get(apiContext);
  const supplier = idParam(url.searchParams.get("supplier"));
  if (supplier === null) throw data(null, { status: 404 });
  const products = url.searchParams.getAll("product").filter((p) => idParam(p) !== null);
  const form = await orNotFound(
    request,
    api.send(inquiries.getInquiryForm, { query: { supplier, product: products } }).then((r) => r.data),
  );
  // This browser's draft (HttpOnly cookie, never a URL): restored for its supplier, or, once sent, the conversation.
  const token = url.searchParams.has("new") ? null : inquiryDraftToken(request);
  const kept = token
    ? await api
        .send(inquiries.getInquiryDraft, { params: { token } })
        .then((r) => r.data)
        .catch(() => null)
    : null;
  const ours = kept && kept.values.supplierId === String(supplier) ? kept : null;
  const draft = ours && !ours.sent ? ours.values : null;
  const sent = ours?.sent ?? null;
  const t = getInstance(context).t;
  const lang = pageLang(request);
  const ticked = new Set(
    draft ? (Array.isArray(draft.productIds) ? draft.productIds : []) : form.products.filter((p) => p.selected).map((p) => String(p.id)),
  );
  return {
    form,
    products: orderProducts(form.products, ticked, lang),
    ticked: [...ticked],
    draft,
    sent,
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
    // A visitor: keep what was typed (bound to this browser by an HttpOnly cookie), sign in, come back to the filled form.
    const values: Record<string, string | string[]> = { supplierId: String(value.supplierId) };
    for (const name of DRAFT_FIELDS) {
      const all = formData.getAll(name).filter((v): v is string => typeof v === "string");
      if (name === "productIds") values[name] = all;
      else if (all[0]) values[name] = all[0];
    }
    try {
      const { data: draft } = await api.send(inquiries.saveInquiryDraft, { body: { values } });
      const back = `${localizedPath(request, "/inquiry/new")}?supplier=${value.supplierId}`;
      const response = signInThenBack(request, back);
      response.headers.append("set-cookie", inquiryDraftCookie(draft.token));
      return response;
    } catch (error) {
      return replyWithApiError(submission, error, { fields: FIELDS, codes: CODES });
    }
  }

  // A form restored from this browser's draft spends it when sent: the same draft never sends twice.
  const draftToken = formData.get("fromDraft") === "1" ? (inquiryDraftToken(request) ?? undefined) : undefined;
  try {
    const uploaded: number[] = [...value.fileIds];
    for (const file of filesOf(formData, "attachments").slice(0, MAX_MESSAGE_FILES)) {
      uploaded.push((await uploadTemporary(api, file)).id);
    }
    const lang = pageLang(request);
    const { data: created } = await api.send(inquiries.createInquiry, {
      body: {
        ...value,
        fileIds: uploaded.slice(0, MAX_MESSAGE_FILES),
        lang,
        website: formData.get("website")?.toString() ?? "",
        draftToken,
      },
    });
    return localizedRedirect(
      request,
      `/profile/conversations/${created.conversationId}`,
      created.held ? { message: "inquiries.flash.held", tone: "info" } : "inquiries.flash.sent",
    );
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) {
      throw redirect(
        `${localizedPath(request, "/auth")}?redirectTo=${encodeURIComponent(new URL(request.url).pathname + new URL(request.url).search)}`,
      );
    }
    if (error instanceof ApiClientError && error.code === "inquiry_already_sent") {
      const id = error.details?.conversationId;
      const to = typeof id === "number" ? `/profile/conversations/${id}` : "/profile/inquiries";
      return localizedRedirect(request, to, { message: "inquiries.flash.alreadySent", tone: "info" });
    }
    // An upload's refusal (file type, size) lands on the attachments field.
    return replyWithApiError(submission, error, {
      fields: FIELDS,
      codes: CODES,
      fieldMap: { file: "attachments" },
    });
  }
}

/** The page once this browser's draft was sent: what happened, the conversation, a fresh form. */
function SentInquiry({
  supplierId,
  supplierName,
  conversationId,
}: {
  supplierId: number;
  supplierName: string;
  conversationId: number | null;
}) {
  const t = useT();
  return (
    <main id="main" className="page inquiry-page">
      <PageHeader title={t("inquiries.formTitle", { supplier: supplierName })} />
      <section className="card notice inquiry-sent" role="status">
        <h2>{t("inquiries.sentTitle")}</h2>
        <p>{t("inquiries.sentText")}</p>
        <p className="page-actions">
          <LocaleLink
            className="button button-primary"
            to={conversationId === null ? "/profile/inquiries" : `/profile/conversations/${conversationId}`}
          >
            {t("inquiries.sentOpen")}
          </LocaleLink>
          <LocaleLink className="button" to={`/inquiry/new?supplier=${supplierId}&new`}>
            {t("inquiries.sentNew")}
          </LocaleLink>
        </p>
      </section>
    </main>
  );
}

/** One product's checkbox: its name in the reader's language (`lang` marked when another) and its MOQ with the unit. */
function ProductOption({ product, checked, hidden }: { product: ListedProduct; checked: boolean; hidden?: boolean }) {
  const t = useT();
  const lang = useLang();
  const moq = product.moq ? formatQuantityUnit(product.moq, product.moqUnit, lang) : null;
  return (
    <li hidden={hidden}>
      <label className="checkbox">
        <input type="checkbox" name="productIds" value={product.id} defaultChecked={checked} />{" "}
        <span lang={product.label.lang === lang ? undefined : product.label.lang}>{product.label.text}</span>
        {moq ? <span className="muted small inquiry-product-moq"> — {t("inquiries.moq", { moq })}</span> : null}
      </label>
    </li>
  );
}

/**
 * The supplier's products: the ticked ones always in view, the rest folded into a <details> when
 * the list is long, with a filter box once JavaScript runs (without it the folded list is a plain,
 * sorted list of checkboxes; checkboxes in a closed <details> are still sent).
 */
function ProductList({ products, ticked }: { products: ListedProduct[]; ticked: ReadonlySet<string> }) {
  const t = useT();
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const first = products.filter((p) => ticked.has(String(p.id)));
  const rest = products.filter((p) => !ticked.has(String(p.id)));
  const needle = query.trim().toLocaleLowerCase();
  const matches = (p: ListedProduct) => !needle || p.label.text.toLocaleLowerCase().includes(needle);
  if (products.length <= OPEN_LIST_MAX) {
    return (
      <ul className="plain-list inquiry-product-list">
        {products.map((p) => (
          <ProductOption key={p.id} product={p} checked={ticked.has(String(p.id))} />
        ))}
      </ul>
    );
  }
  const shown = rest.filter(matches).length;
  return (
    <>
      {first.length ? (
        <ul className="plain-list inquiry-product-list">
          {first.map((p) => (
            <ProductOption key={p.id} product={p} checked />
          ))}
        </ul>
      ) : null}
      <details className="inquiry-more-products" open={first.length === 0 && rest.length <= OPEN_LIST_MAX}>
        <summary>{t(first.length ? "inquiries.moreProducts" : "inquiries.allProducts", { count: rest.length })}</summary>
        {hydrated ? (
          <label className="inquiry-product-filter">
            <span className="visually-hidden">{t("inquiries.filterProducts")}</span>
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              placeholder={t("inquiries.filterPlaceholder")}
              aria-label={t("inquiries.filterProducts")}
            />
          </label>
        ) : null}
        <ul className="plain-list inquiry-product-list">
          {rest.map((p) => (
            <ProductOption key={p.id} product={p} checked={false} hidden={!matches(p)} />
          ))}
        </ul>
        {shown === 0 ? <p className="muted small">{t("inquiries.noMatch")}</p> : null}
      </details>
    </>
  );
}

export default function InquiryNew({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const { form: info, products, draft, sent, signedIn } = loaderData;
  const supplierName = nameIn(info.supplier.name, lang);
  const first = products.find((p) => p.selected && p.moq) ?? null;
  const selected = loaderData.ticked;
  const defaults: Record<string, string | string[]> = draft
    ? { ...draft, supplierId: String(info.supplier.id) }
    : {
        supplierId: String(info.supplier.id),
        productIds: selected,
        // The MOQ as a person of this language would type it: «2,5» on a Russian page.
        quantity: first?.moq ? (lang === "ru" ? String(Number(first.moq)).replace(".", ",") : String(Number(first.moq))) : "",
        unit: first?.moqUnit ?? "",
      };
  const [form, fields] = useZodForm(InquirySchema, {
    id: "inquiry",
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    defaultValue: defaults,
  });
  if (sent) return <SentInquiry supplierId={info.supplier.id} supplierName={supplierName} conversationId={sent.conversationId} />;
  const initial = fields.productIds.initialValue as string[] | string | undefined;
  const ticked = new Set(initial === undefined ? selected : Array.isArray(initial) ? initial : [initial]);
  return (
    <main id="main" className="page inquiry-page">
      <PageHeader title={t("inquiries.formTitle", { supplier: supplierName })} lead={t("inquiries.formLead")} />
      {info.supplier.held ? (
        <p className="card notice" data-testid="held-note">
          {t("registers.heldInquiries")}
        </p>
      ) : !info.supplier.claimed ? (
        <p className="card notice">{t("inquiries.unclaimedNote")}</p>
      ) : null}
      {draft ? (
        <p className="card notice" role="status">
          {t("inquiries.draftRestored")}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card inquiry-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="supplierId" value={info.supplier.id} />
        {draft ? <input type="hidden" name="fromDraft" value="1" /> : null}
        <fieldset className="inquiry-products">
          <legend>{t("inquiries.products")}</legend>
          {products.length === 0 ? (
            <p className="muted">{t("inquiries.noProducts")}</p>
          ) : (
            <>
              <p className="field-hint">{t("inquiries.productsHint")}</p>
              <ProductList products={products} ticked={ticked} />
              <FieldError id={fields.productIds.errorId} errors={fields.productIds.errors} />
            </>
          )}
        </fieldset>
        <div className="inquiry-grid">
          <InputField field={fields.quantity} label={t("inquiries.quantity")} inputMode="decimal" autoComplete="off" />
          <SelectField
            field={fields.unit}
            label={t("inquiries.unit")}
            placeholder={t("inquiries.unitPlaceholder")}
            options={UNIT_IDS.map((u) => ({ value: u, label: unitLabel(u, lang) }))}
          />
          <InputField field={fields.targetPrice} label={t("inquiries.targetPrice")} inputMode="decimal" autoComplete="off" />
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
