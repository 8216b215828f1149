/**
 * A plain table's header: one row, one `<th>` per column. For the site's hand-written tables (the
 * admin area's INN conflicts and tags); the admin record lists use AdminTable (admin/table.tsx).
 */
import type { ReactNode } from "react";

/** One column's header: what it says (text, or a visually hidden label) and its class (`num`). */
export interface HeadColumn {
  title: ReactNode;
  className?: string;
}

/** `<thead>` with `columns` in order; `scope="col"` on every cell when `scope` is given. */
export function TableHead({ columns, scope }: { columns: readonly HeadColumn[]; scope?: "col" }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          // Columns are fixed per table and never reorder: their place is their key.
          <th key={index} scope={scope} className={column.className}>
            {column.title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
