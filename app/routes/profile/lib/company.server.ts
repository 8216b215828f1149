/**
 * Types of the company profile's pages (issue 5), from the contract. The pages call the API with
 * `context.get(apiContext).send(route, input)` (contract/profile/*; ADR 023), show refusals with
 * app/lib/forms/api-errors.server.ts and redirect with app/lib/redirect.server.ts; the regions of
 * the company forms come from lookups.server.ts.
 */
export type { CompanyFileView, CompanyView, ProductLink } from "#contract/profile/company.ts";
export type { LegalEntityView } from "#contract/profile/legal-entities.ts";
export type { EmployeeView, InvitationView } from "#contract/profile/employees.ts";
export type { AddressSuggestion, PartySuggestion } from "#contract/suggestions.ts";
export type { RegionChoice } from "./lookups.server.ts";
