/** The header row of a data table. */
import type { ReactNode } from "react";

/**
 * `<thead>` with one row of column headers (`<th scope="col">`), one per entry of `columns`, in
 * order; the entries are the visible labels, already translated.
 */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
