/**
 * Every resource built from the contract (server/api/resource.ts), mounted by server/api/app.ts
 * under its own prefix. A resource's prefix is the longest path start all its operations share;
 * two resources may share a prefix only when their paths cannot overlap.
 */
import type { Resource } from "./resource.ts";
import { storyResource, tagResource } from "./stories.ts";
import { appDataResource } from "./app-data.ts";
import {
  categoryResource,
  companyResource,
  companyServiceResource,
  productResource,
  regionResource,
  serviceTypeResource,
} from "./catalog.ts";
import { okvedSearchResource, okvedTreeResource, tnvedSearchResource, tnvedTreeResource } from "./classifiers.ts";
import { crossSearchResource, productSearchResource, serviceFilterResource, supplierFilterResource } from "./search.ts";
import { sitemapResource } from "./sitemap.ts";
import { authResource } from "./auth.ts";
import { favouriteResource, profileResource } from "./profile.ts";
import { contactResource } from "./profile-contacts.ts";
import { uploadResource } from "./uploads.ts";
import { fileResource } from "./files.ts";
import { addressResource, legalEntryResource } from "./suggestions.ts";
import { parseMetaResource } from "./parse-meta.ts";
import { ADMIN_RESOURCES } from "./admin/index.ts";
import { pageResource } from "./pages.ts";
import { companyResource as ownCompanyResource, legalEntityResource } from "./profile-company.ts";
import { productResource as ownProductResource } from "./profile-products.ts";
import { employeeResource, invitationResource } from "./profile-employees.ts";
import { employeeFormResource, peopleResource } from "./app-employees.ts";
import { priceListResource } from "./profile-price-lists.ts";
import { landedCostResource, ratesResource, tariffResource } from "./money.ts";
import { inquiryResource, notificationResource } from "./inquiries.ts";
import { conversationResource } from "./conversations.ts";
import { ownRfqResource, quoteResource, rfqResource } from "./rfq.ts";
import { orderResource } from "./orders.ts";
import { translationResource } from "./translations.ts";
import { profileStartResource } from "./profile-start.ts";
import { pendingResource } from "./profile-pending.ts";
import { ownPaymentRouteResource, paymentRouteResource } from "./payment-routes.ts";
import { companyApiKeyResource, ownApiKeyResource } from "./api-keys.ts";
import { onecSettingsResource } from "./onec-settings.ts";
import { dashboardResource } from "./dashboard.ts";
import { claimResource } from "./claims.ts";

export const RESOURCES: Resource[] = [
  // Claims of register companies (issue 30 §3, ADR 057).
  claimResource,
  storyResource,
  tagResource,
  // The public catalogue, classifiers and search (issue 13).
  categoryResource,
  productResource,
  companyResource,
  regionResource,
  serviceTypeResource,
  companyServiceResource,
  okvedTreeResource,
  tnvedTreeResource,
  okvedSearchResource,
  tnvedSearchResource,
  crossSearchResource,
  productSearchResource,
  supplierFilterResource,
  serviceFilterResource,
  appDataResource,
  sitemapResource,
  // Sign-in and the personal profile; `favouriteResource` shares `/api/products` with the catalogue.
  authResource,
  profileResource,
  contactResource,
  favouriteResource,
  uploadResource,
  fileResource,
  legalEntryResource,
  addressResource,
  parseMetaResource,
  // The admin area (staff only) and the content pages for visitors.
  pageResource,
  ...ADMIN_RESOURCES,
  // The company profile (contract/profile/*); the company's sub-resources share its prefix's start
  // but none of its paths.
  ownCompanyResource,
  legalEntityResource,
  ownProductResource,
  employeeResource,
  invitationResource,
  peopleResource,
  employeeFormResource,
  priceListResource,
  // Exchange rates, customs duty and landed cost (issue 15); landed cost shares `/api/products`.
  ratesResource,
  tariffResource,
  landedCostResource,
  // Inquiries, conversations and notifications (issue 14; ADR 028).
  inquiryResource,
  conversationResource,
  notificationResource,
  // Buying requests (RFQ) and quotes (issue 14 §2).
  rfqResource,
  ownRfqResource,
  quoteResource,
  // The company dashboard (issue 28 §4; ADR 051).
  dashboardResource,
  // Orders (issue 28; ADR 048).
  orderResource,
  // Supplier content in the reader's language (ADR 031).
  translationResource,
  // Spec §7 `/dev/profile/start`.
  profileStartResource,
  // A supplier's own changes awaiting moderation (the moderator's diff).
  pendingResource,
  // Payment routes and their recorded outcomes (issue 28 §3; ADR 049).
  paymentRouteResource,
  ownPaymentRouteResource,
  // API keys of a company and of a person (issue 29 §1; ADR 052).
  companyApiKeyResource,
  ownApiKeyResource,
  // The 1C exchange's settings (issue 29 §2; ADR 054); the exchange itself is outside the contract.
  onecSettingsResource,
];
