/**
 * Names shared by the admin API and the admin pages (isomorphic: no database, no Node APIs, so the
 * browser bundle can import it): site roles, audit-log record types and actions.
 */
import type { UserRole } from "../db/schema.ts";

/** Site roles (`users.role`), the same list as USER_ROLES of the schema. */
export const SITE_ROLES = ["USER", "MODERATOR", "ADMIN"] as const satisfies readonly UserRole[];

/** Kinds of records admin actions touch. */
export const AUDIT_ENTITY_TYPES = ["company", "product", "user", "category", "service_type", "story", "tag", "page"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Every action name the audit log holds, `<entity>.<verb>`. */
export const AUDIT_ACTIONS = [
  "company.approve",
  "company.reject",
  "company.verify",
  "company.block",
  "company.unblock",
  "product.approve",
  "product.reject",
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
