/**
 * Every resource built from the contract (server/api/resource.ts), mounted by server/api/app.ts
 * under its own prefix. A resource's prefix is the longest path start all its operations share;
 * two resources may share a prefix only when their paths cannot overlap.
 */
import type { Resource } from "./resource.ts";
import { storyResource, tagResource } from "./stories.ts";
import { companyResource, legalEntityResource } from "./profile-company.ts";
import { productResource } from "./profile-products.ts";
import { employeeResource, invitationResource } from "./profile-employees.ts";
import { employeeFormResource, peopleResource } from "./app-employees.ts";

export const RESOURCES: Resource[] = [
  storyResource,
  tagResource,
  // The company profile (contract/profile/*); the company's sub-resources share its prefix's start
  // but none of its paths.
  companyResource,
  legalEntityResource,
  productResource,
  employeeResource,
  invitationResource,
  peopleResource,
  employeeFormResource,
];
