/**
 * The action of `/profile/company/edit` (app/routes/profile/company/edit-main.tsx), one handler per
 * intent. "Save" validates the whole form (CompanySchema) and PATCHes the card. The other intents
 * are the form's no-JavaScript steps (ADR 016) — the address search, the choice of an address,
 * "fill from the website", the OKVED picker's search — and answer with the form as it was posted
 * (nothing is saved until "Save"), plus what the step found. With JavaScript the same intents are
 * posted by fetchers and only their findings are used.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { AddressLookup } from "./components/company-address-finder.tsx";
import type { PickerSearch } from "../components/classifier-picker.tsx";
import type { SiteFill } from "./components/company-site-fill.tsx";
import { apiContext } from "#app/context.ts";
import { ApiClientError, type ApiClient } from "#app/lib/api-client.server.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { pageLang, type Lang } from "#app/lib/i18n.ts";
import { readPickerSearch, searchPicker } from "../components/classifier-picker.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { LANGS } from "#contract/lang-schemas.ts";
import * as parseMeta from "#contract/parse-meta.ts";
import * as companyApi from "#contract/profile/company.ts";
import { CompanySchema } from "#contract/profile/company.ts";
import { WebUrl } from "#contract/profile/fields.ts";
import * as suggestions from "#contract/suggestions.ts";

/** What the page gets back from a step: the form as posted, and the step's findings. */
export interface CompanyMainActionData {
  result: SubmissionResult<string[]>;
  picker?: PickerSearch | null;
  address?: AddressLookup | null;
  site?: SiteFill | null;
}

type Values = Record<string, unknown>;

/** Values a saved form sends as "cleared" when left empty (Conform drops empty inputs). */
const CLEARED = {
  description: {},
  city: {},
  address: {},
  regionCode: null,
  latitude: null,
  longitude: null,
  website: null,
  phone: null,
  email: null,
  yearFounded: null,
  headcountRange: null,
  okvedMain: null,
  okvedCodes: [] as string[],
};

/** A choice posted back by the no-JS address step. */
const AddressChoiceSchema = z.object({
  value: z.string().trim().min(1).max(300),
  city: z.string().trim().max(100).nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

export async function companyMainAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const intent = form.get("intent");
  const api = context.get(apiContext);
  const lang = pageLang(request);
  if (intent === "suggestAddress" || intent === "findAddress") return addressSearchStep(form, api, lang);
  if (intent === "fillFromSite") return siteFillStep(form, api, lang);
  const pick = form.get("addressPick");
  if (typeof pick === "string") return addressPickStep(form, pick);
  const search = readPickerSearch(form);
  if (search)
    return data<CompanyMainActionData>({
      result: parseWithZod(form, { schema: CompanySchema }).reply(),
      picker: await searchPicker(api, "okved", search.field, search.q, lang),
    });
  return save(request, form, api);
}

/** The form as it was posted, not validated (the steps that save nothing). */
function kept(form: FormData): SubmissionResult<string[]> {
  return parseWithZod(form, { schema: z.object({}).passthrough() }).reply();
}

async function addressSearchStep(form: FormData, api: ApiClient, lang: Lang) {
  return data<CompanyMainActionData>({
    result: kept(form),
    address: await findAddress(api, String(form.get("addressQuery") ?? "").trim(), lang),
  });
}

async function siteFillStep(form: FormData, api: ApiClient, lang: Lang) {
  const result = kept(form);
  const site = await fillFromSite(api, String(form.get("website") ?? "").trim(), lang, (result.initialValue ?? {}) as Values);
  if (site.status === "ok") result.initialValue = applyFill(result.initialValue ?? {}, site.values) as typeof result.initialValue;
  return data<CompanyMainActionData>({ result, site });
}

function addressPickStep(form: FormData, pick: string) {
  const result = kept(form);
  const parsed = AddressChoiceSchema.safeParse(safeJson(pick));
  if (parsed.success) result.initialValue = applyAddress(result.initialValue ?? {}, parsed.data) as typeof result.initialValue;
  return data<CompanyMainActionData>({ result });
}

async function save(request: Request, form: FormData, api: ApiClient) {
  const submission = parseWithZod(form, { schema: CompanySchema });
  if (submission.status !== "success")
    return data<CompanyMainActionData>({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    await api.send(companyApi.updateCompany, { body: { ...CLEARED, ...submission.value } });
  } catch (error) {
    return replyWithApiError(submission, error);
  }
  return localizedRedirect(request, "/profile/company", "profileCompany.flash.saved");
}

async function findAddress(api: ApiClient, q: string, lang: Lang): Promise<AddressLookup> {
  if (q.length < 3) return { q, status: "ok", items: [] };
  try {
    const { data: found } = await api.send(suggestions.suggestAddress, { body: { query: q, count: 7, lang: lang === "ru" ? "ru" : "en" } });
    return { q, status: !found.configured ? "unconfigured" : !found.available ? "unavailable" : "ok", items: found.items };
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return { q, status: "unavailable", items: [] };
  }
}

/**
 * Reads the site and decides what to fill: the description and the name in the site's language
 * (its page's `lang`, else the form's source language), each only when still empty.
 */
async function fillFromSite(api: ApiClient, website: string, lang: Lang, values: Values): Promise<SiteFill> {
  const url = WebUrl.safeParse(website);
  if (!url.success) return { status: "error", code: website ? "url_invalid" : "website_required" };
  let meta;
  try {
    meta = (await api.send(parseMeta.readSiteMeta, { query: { url: url.data, lang } })).data;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return { status: "error", code: error.status === 404 ? "unavailable" : error.code };
  }
  const siteLang = (meta.lang ?? "").toLowerCase().slice(0, 2);
  const sourceLang = typeof values.sourceLang === "string" ? values.sourceLang : "ru";
  const target = (LANGS as readonly string[]).includes(siteLang) ? siteLang : sourceLang;
  const current = (field: string) => ((values[field] ?? {}) as Record<string, string>)[target]?.trim();
  const fill: Record<string, string> = {};
  if (meta.description && !current("description")) fill[`description.${target}`] = meta.description;
  const name = meta.siteName ?? meta.title;
  if (name && !current("name")) fill[`name.${target}`] = name.slice(0, 200);
  return { status: "ok", filled: Object.keys(fill), values: fill, title: meta.title };
}

/** The form's values with `fill` ("description.zh" → text) set. */
function applyFill(values: Values, fill: Record<string, string>): Values {
  const next = { ...values };
  for (const [name, text] of Object.entries(fill)) {
    const [field, lang] = name.split(".") as [string, string];
    next[field] = { ...(next[field] as Record<string, string> | undefined), [lang]: text };
  }
  return next;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The form's values with a chosen address (Russian: DaData's addresses are Russian) and its city and coordinates. */
function applyAddress(values: Values, choice: z.infer<typeof AddressChoiceSchema>): Values {
  // Coordinates go back as the form posts them: strings.
  const address = { ...(values.address as Record<string, string> | undefined), ru: choice.value };
  const city = choice.city ? { ...(values.city as Record<string, string> | undefined), ru: choice.city } : values.city;
  return {
    ...values,
    address,
    city,
    latitude: choice.latitude === null ? "" : String(choice.latitude),
    longitude: choice.longitude === null ? "" : String(choice.longitude),
    country: "RU",
  };
}
