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
import { addressResource, legalEntryResource } from "./suggestions.ts";
import { parseMetaResource } from "./parse-meta.ts";
import { ADMIN_RESOURCES } from "./admin/index.ts";
import { pageResource } from "./pages.ts";
import { companyResource as ownCompanyResource, legalEntityResource } from "./profile-company.ts";
import { productResource as ownProductResource } from "./profile-products.ts";
import { employeeResource, invitationResource } from "./profile-employees.ts";
import { employeeFormResource, peopleResource } from "./app-employees.ts";

export const RESOURCES: Resource[] = [
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
];
