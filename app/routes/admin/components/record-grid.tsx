/** The layout of the admin area's record pages. */
import type { ReactNode } from "react";
import type { AuditRow } from "#contract/admin/audit.ts";
import { HistorySection } from "./audit-list.tsx";

/**
 * A record page's body (a company, a user, a moderation item): the record (`children`), its
 * `history` under it when given, and, in the column beside them, what staff may decide (`aside`).
 */
export function RecordGrid({ aside, history, children }: { aside: ReactNode; history?: AuditRow[]; children: ReactNode }) {
  return (
    <div className="admin-grid admin-grid-aside">
      <div>
        {children}
        {history ? <HistorySection rows={history} /> : null}
      </div>
      <aside className="admin-decision">{aside}</aside>
    </div>
  );
}
