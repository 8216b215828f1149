/**
 * The admin area's tables: one row per record, one column per field. On narrow screens the rows
 * become cards, each cell labelled with its column's title (`data-label`, admin.css).
 */
import type { CSSProperties, ReactNode } from "react";

export interface Column<R> {
  /** Unique among the columns; the title when absent. */
  key?: string;
  /** The column's name: its header and the cell's label on narrow screens. */
  title: string;
  /** A header other than the title (a sort link). */
  header?: ReactNode;
  /** `num` (right-aligned figures), `nowrap`. */
  className?: string;
  cell: (row: R) => ReactNode;
  style?: (row: R) => CSSProperties | undefined;
}

export function AdminTable<R>({
  columns,
  rows,
  rowKey,
}: {
  columns: readonly (Column<R> | null | false)[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
}) {
  const shown = columns.filter((c): c is Column<R> => Boolean(c));
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-cards">
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.key ?? column.title} className={column.className === "num" ? "num" : undefined} scope="col">
                {column.header ?? column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((column) => (
                <td key={column.key ?? column.title} className={column.className} data-label={column.title} style={column.style?.(row)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The languages a localized text is written in: "ru · en". */
export function translatedInto(value: Partial<Record<"ru" | "en" | "zh", string>>): string {
  return (["ru", "en", "zh"] as const).filter((lang) => value[lang]).join(" · ");
}
