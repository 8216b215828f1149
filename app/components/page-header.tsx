/** A page's heading block: the title, a lead paragraph, and whatever else belongs there (chips, links). */
import type { ReactNode } from "react";

export function PageHeader({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {lead ? <p className="page-lead">{lead}</p> : null}
      {children}
    </header>
  );
}
