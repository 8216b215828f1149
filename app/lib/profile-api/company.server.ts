/**
 * The company side of the profile API for the web tier (issue 5): typed calls over the request's
 * API client (`context.get(apiContext)`, ADR 001) for the company card, its status, facts, logo,
 * files, dealer links, legal entities, invitations, regions and the DaData-compatible autofill.
 *
 * Every function throws `ApiClientError` as the client does (status, code, issues); pages turn the
 * ones a user can cause into form errors with app/lib/forms/api-errors.server.ts instead of an
 * error page.
 *
 * Endpoints and their rules: server/api/profile-company.ts, profile-employees.ts, suggestions.ts.
 */
import type { RouterContextProvider } from "react-router";
import { apiContext } from "../../context.ts";
import type { ApiClient, Lang } from "../api-client.server.ts";
import type { CompanyFileView, CompanyView } from "../../../server/profile/company.ts";
import type { LegalEntityView } from "../../../server/api/profile-company.ts";
import type { EmployeeView, InvitationView } from "../../../server/api/profile-employees.ts";
import type { AddressSuggestion, PartySuggestion, SuggestionResult } from "../../../server/suggestions/dadata.ts";
import type { RegionChoice } from "../../../server/catalog/regions.ts";
import type { CompanyInput, FactsInput, LegalEntityInput } from "../../../server/profile/schemas.ts";
import type { Localized, LocalizedFact } from "../../../server/db/schema.ts";

export type { AddressSuggestion, CompanyFileView, CompanyView, EmployeeView, InvitationView, LegalEntityView, PartySuggestion, RegionChoice };

/** A dealer link seen from either side (GET /api/profile/company/product-company). */
export interface ProductLink {
  product: { id: number; name: Localized; title: string };
  company: { id: number; name: Localized; title: string };
  kind: "dealer" | "distributor";
  createdAt: string;
}

/** The company endpoints bound to one request's API client. */
export function companyApi(context: Readonly<RouterContextProvider>) {
  return new CompanyApi(context.get(apiContext));
}

export class CompanyApi {
  readonly api: ApiClient;
  constructor(api: ApiClient) {
    this.api = api;
  }

  /* ─── the card ─── */
  company() {
    return this.api.get<CompanyView>("/api/profile/company").then((r) => r.data);
  }

  /** Creates a company with the caller as its owner (409 `already_member`). */
  createCompany(body: Partial<CompanyInput>) {
    return this.api.call<CompanyView>("POST", "/api/profile/company", body);
  }

  /** Changes the fields given (admin; 409 `under_moderation`). */
  updateCompany(patch: Partial<CompanyInput>) {
    return this.api.call<CompanyView>("PATCH", "/api/profile/company", patch);
  }

  /** Submit for moderation or withdraw (422 `incomplete`, 409 `invalid_transition`). */
  changeStatus(action: "submit" | "withdraw") {
    return this.api.call<CompanyView>("PATCH", "/api/profile/company/status", { action });
  }

  putFacts(facts: FactsInput["facts"]) {
    return this.api.call<LocalizedFact[]>("PUT", "/api/profile/company/facts", { facts });
  }

  /** Replaces the logo with the image in `form` (field `file`). */
  uploadLogo(form: FormData) {
    return this.api.upload<CompanyView>("PUT", "/api/profile/company/logo", form);
  }

  deleteLogo() {
    return this.api.call<CompanyView>("DELETE", "/api/profile/company/logo");
  }

  files() {
    return this.api.get<CompanyFileView[]>("/api/profile/company/files").then((r) => r.data);
  }

  /** Attaches the file in `form` (field `file`, titles `title.ru|en|zh`). */
  uploadFile(form: FormData) {
    return this.api.upload<CompanyFileView>("POST", "/api/profile/company/files", form);
  }

  deleteFile(fileId: number) {
    return this.api.call<{ id: number; deleted: true }>("DELETE", `/api/profile/company/files/${fileId}`);
  }

  /* ─── dealer links ─── */
  productLinks(lang: Lang) {
    return this.api.get<{ supplied: ProductLink[]; suppliedBy: ProductLink[] }>("/api/profile/company/product-company", { lang }).then((r) => r.data);
  }

  addProductLink(productId: number, kind: "dealer" | "distributor") {
    return this.api.call<{ productId: number; kind: string }>("POST", "/api/profile/company/product-company", { productId, kind });
  }

  removeProductLink(productId: number) {
    return this.api.call<{ productId: number; deleted: true }>("DELETE", `/api/profile/company/product-company/${productId}`);
  }

  /* ─── legal entities ─── */
  legalEntities() {
    return this.api.get<LegalEntityView[]>("/api/profile/company/legal-entities").then((r) => r.data);
  }

  createLegalEntity(body: LegalEntityInput) {
    return this.api.call<LegalEntityView>("POST", "/api/profile/company/legal-entities", body);
  }

  updateLegalEntity(id: number, body: LegalEntityInput) {
    return this.api.call<LegalEntityView>("PATCH", `/api/profile/company/legal-entities/${id}`, body);
  }

  deleteLegalEntity(id: number) {
    return this.api.call<{ id: number; deleted: true }>("DELETE", `/api/profile/company/legal-entities/${id}`);
  }

  /** The organisation registered with `inn` (DaData-compatible provider; `configured: false` without a token). */
  lookupInn(inn: string) {
    return this.api.get<SuggestionResult<PartySuggestion>>("/dev/legal_entry", { inn }).then((r) => r.data);
  }

  /** Address lines matching `query` (Russian addresses; `lang` en gives transliterated lines). */
  suggestAddress(query: string, lang: "ru" | "en") {
    return this.api.call<SuggestionResult<AddressSuggestion>>("POST", "/dev/address", { query, count: 7, lang });
  }

  /**
   * Title, description and language of a web page (GET /app/parse/meta, read by the server under its
   * SSRF policy, ADR 012); refusals are ApiClientError with codes such as `url_forbidden_address`, `timeout`.
   */
  pageMeta(url: string, lang: Lang) {
    return this.api.get<{ url: string; finalUrl: string; title: string | null; description: string | null; siteName: string | null; lang: string | null }>("/app/parse/meta", { url, lang }).then((r) => r.data);
  }

  /* ─── people ─── */
  employees() {
    return this.api.get<EmployeeView[]>("/api/profile/company/employees").then((r) => r.data);
  }

  acceptInvitation(id: number) {
    return this.api.call<{ companyId: number; role: string }>("POST", `/api/profile/invitations/${id}/accept`);
  }

  declineInvitation(id: number) {
    return this.api.call<{ id: number; declined: true }>("DELETE", `/api/profile/invitations/${id}`);
  }

  /* ─── reference ─── */
  regions(lang: Lang, country?: "RU" | "CN") {
    return this.api.get<RegionChoice[]>("/api/regions", { lang, country }).then((r) => r.data);
  }
}
