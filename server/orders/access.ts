/**
 * Who may see and act on an order (contract/orders.ts; ADR 048).
 *
 * - The active employees of the buyer company and of the supplier company READ the order; staff
 *   (MODERATOR, ADMIN) read every order, for disputes, and act on none.
 * - ACTING (propose, counter, accept, cancel, mark or answer a stage) needs a role that answers
 *   buyers (owner, admin, sales — ADR 009, contract/profile/fields.ts `mayAnswerBuyers`): a member
 *   gets 403 `forbidden_role`; a company blocked by a moderator 403 `company_blocked`.
 * - Everyone else — another company's employee, a blocked employee, a signed-in stranger — gets
 *   404 `not_found`, as for an order that does not exist.
 */
import { eq } from "drizzle-orm";
import { mayAnswerBuyers } from "#contract/profile/fields.ts";
import type { Side } from "#contract/orders.ts";
import type { Db } from "../db/client.ts";
import { orders, users, type UserRole } from "../db/schema.ts";
import { DomainError, notFound } from "../errors.ts";
import { membershipOf } from "../profile/access.ts";

export type OrderRow = typeof orders.$inferSelect;

export interface OrderCaller {
  userId: number;
  role: UserRole;
}

/** The caller's standing on an order: their side (null for staff) and their company. */
export interface OrderAccess {
  order: OrderRow;
  side: Side | null;
  userId: number;
  companyId: number | null;
  /** The caller may act for their side (see the module comment). */
  mayAct: boolean;
}

/** The order `id` as `caller` may see it (404 otherwise). */
export async function orderAccess(db: Db, caller: OrderCaller, id: number, options: { forUpdate?: boolean } = {}): Promise<OrderAccess> {
  const query = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [order] = options.forUpdate ? await query.for("update") : await query;
  if (!order) throw notFound("Order");
  const member = await membershipOf(db, caller.userId);
  if (member && member.status === "active") {
    const side: Side | null =
      member.companyId === order.buyerCompanyId ? "buyer" : member.companyId === order.supplierCompanyId ? "supplier" : null;
    if (side) {
      return {
        order,
        side,
        userId: caller.userId,
        companyId: member.companyId,
        mayAct: mayAnswerBuyers(member.role) && member.companyStatus !== "blocked",
      };
    }
  }
  if (caller.role === "MODERATOR" || caller.role === "ADMIN")
    return { order, side: null, userId: caller.userId, companyId: null, mayAct: false };
  throw notFound("Order");
}

/** Refuses an action by a caller who may only read (403 `forbidden_role`, `company_blocked`; staff: 404). */
export async function assertMayAct(db: Db, access: OrderAccess): Promise<Side> {
  if (!access.side) throw notFound("Order");
  if (!access.mayAct) {
    const member = await membershipOf(db, access.userId);
    if (member?.companyStatus === "blocked") throw new DomainError("company_blocked", "The company has been blocked by a moderator");
    throw new DomainError("forbidden_role", "Your role in the company does not allow this");
  }
  return access.side;
}

/** The person's name and sign-in e-mail as recorded with a proposal or a consent. */
export async function personOf(db: Db, userId: number): Promise<{ name: string; email: string | null }> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return { name: row ? `${row.firstName} ${row.lastName}`.trim() : "", email: row?.email ?? null };
}
