/**
 * The admin area's resources (issue 7; contract/admin/*), every one under `/app/admin` and behind
 * `adminGate` (./staff.ts), which server/api/app.ts runs before them on every `/app/admin/*` path.
 */
import type { Resource } from "../resource.ts";
import { adminAuditResource } from "./audit.ts";
import { adminCategoryResource } from "./categories.ts";
import { adminCompanyResource } from "./companies.ts";
import { adminFilterResource } from "./filters.ts";
import { adminHomeResource } from "./home.ts";
import { adminModerationResource, adminRfqResource } from "./moderation.ts";
import { adminPageResource } from "./pages.ts";
import { adminServiceTypeResource } from "./service-types.ts";
import { adminGate } from "./staff.ts";
import { adminStoryResource } from "./stories.ts";
import { adminTagResource } from "./tags.ts";
import { adminUserResource } from "./users.ts";
import { messageReportResource } from "../conversations.ts";
import { adminClaimResource } from "../claims.ts";
import { adminOrderDisputeResource } from "../orders.ts";

export const ADMIN_RESOURCES: Resource[] = [
  adminHomeResource,
  adminModerationResource,
  adminAuditResource,
  adminFilterResource,
  adminUserResource,
  adminCompanyResource,
  adminCategoryResource,
  adminServiceTypeResource,
  adminStoryResource,
  adminTagResource,
  adminPageResource,
  // Reported conversation messages (issue 14; ADR 028).
  messageReportResource,
  // Hiding a listed buying request (issue 14 §3).
  adminRfqResource,
  // Claims of register companies waiting for a moderator (issue 30 §3, ADR 057).
  adminClaimResource,
  // Disputes inside orders (issue 28 §2; ADR 056).
  adminOrderDisputeResource,
];

/** The middleware of every `/app/admin/*` path (mounted before the resources). */
export const adminAreaGate = adminGate(ADMIN_RESOURCES.flatMap((r) => r.routes));
