/**
 * Names shared by the admin API and the admin pages: site roles, audit-log record types and
 * actions (ADR 013).
 */

/** Site roles (`users.role`): the same list as USER_ROLES of the database schema. */
export const SITE_ROLES = ["USER", "MODERATOR", "ADMIN"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** Kinds of records admin actions touch. */
export const AUDIT_ENTITY_TYPES = [
  "company",
  "product",
  "user",
  "category",
  "service_type",
  "story",
  "tag",
  "page",
  "export",
  "message",
  "rfq",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Every action name the audit log holds, `<entity>.<verb>`. */
export const AUDIT_ACTIONS = [
  "company.approve",
  "company.reject",
  "company.verify",
  "company.block",
  "company.unblock",
  "company.claim_approve",
  "company.claim_reject",
  "product.approve",
  "product.reject",
  "rfq.approve",
  "rfq.reject",
  "rfq.hide",
  "user.role",
  "user.block",
  "user.unblock",
  "user.sign_out",
  "category.create",
  "category.update",
  "category.delete",
  "service_type.create",
  "service_type.update",
  "service_type.delete",
  "story.create",
  "story.update",
  "story.delete",
  "story.cover",
  "tag.create",
  "tag.update",
  "tag.delete",
  "page.update",
  // A bulk CSV export of an admin list (security review F24); the entity id is the list's kind.
  "export.csv",
  // Conversation messages (issue 14; ADR 028).
  "message.hide",
  "message.dismiss_report",
  // End-user security events (security review F24): a sign-in, a wrong or spent sign-in or contact
  // code for a known account, "sign out on all devices", a changed sign-in e-mail or phone.
  "user.sign_in",
  "user.code_failed",
  "user.logout_all",
  "user.contact_change",
  // The owner used the undo link of a changed sign-in address (security review F10).
  "user.contact_undo",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/*
 * The record statuses and roles the admin area shows and filters by (the database schema's lists,
 * server/db/schema.ts, which must stay equal to these).
 */
export const COMPANY_STATUSES = ["draft", "moderation", "published", "rejected", "blocked"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const PRODUCT_STATUSES = ["draft", "moderation", "published", "rejected", "blocked"] as const;
export const CURRENCIES = ["RUB", "CNY", "USD"] as const;
export const COMPANY_ROLES = ["owner", "admin", "sales", "member"] as const;
export const EMPLOYEE_STATUSES = ["invited", "active", "blocked"] as const;
export const CONTENT_PAGE_KINDS = ["page", "region"] as const;
