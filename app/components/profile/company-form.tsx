/** Pieces of the company pages' forms that are not fields (fields: app/components/form/). */
import type { ReactNode } from "react";

/** A notice for people who may look but not change (plain members, blocked or moderated companies). */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice-warn company-readonly" role="note">
      {children}
    </p>
  );
}
