/**
 * A plain table's header: one row, one `<th scope="col">` per column. For the site's hand-written
 * tables (price tiers, variants, the API reference's fields, a price list's preview, the admin
 * area's INN conflicts and tags); the admin record lists use AdminTable (admin/table.tsx).
 */
import type { ReactNode } from "react";

/** One column's header: what it says (text, or a visually hidden label) and its class (`num`). */
export interface HeadColumn {
  title: ReactNode;
  className?: string;
}

/** `<thead>` with `columns` in order: a column is its label (already translated) or a `HeadColumn`. */
export function TableHead({ columns }: { columns: readonly (string | HeadColumn)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { title, className } = typeof column === "string" ? { title: column, className: undefined } : column;
          return (
            // Columns are fixed per table and never reorder: their place is their key.
            <th key={index} scope="col" className={className}>
              {title}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
