/**
 * How complete a company profile is: a meter (the API's `completeness`, 0–100) and a checklist
 * whose open items link to the page that fixes them. `REQUIRED_FOR_REVIEW` are the parts the API
 * demands before a review (server/profile/company.ts `changeCompanyStatus`: a name and, for a
 * Russian company, a legal entity); the others make the card convincing but are not enforced.
 */
import { Icon } from "#app/components/icon.tsx";
import { LocaleLink } from "#app/components/locale-link.tsx";
import { useT } from "#app/lib/use-t.ts";

export type ChecklistKey = "name" | "legalEntity" | "okved" | "description" | "contacts" | "logo" | "product";

export interface ChecklistItem {
  key: ChecklistKey;
  done: boolean;
  /** Language-neutral path of the page that fixes it. */
  to: string;
  /** Not needed for this company (a legal entity of a Chinese company). */
  optional?: boolean;
}

export const REQUIRED_FOR_REVIEW: ChecklistKey[] = ["name", "legalEntity"];

export function CompletenessMeter({ value }: { value: number }) {
  const t = useT();
  return (
    <div className="completeness">
      <div
        className="completeness-bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label={t("profileHome.completeness")}
      >
        <span style={{ width: `${value}%` }} />
      </div>
      <p className="completeness-value">{t("profileHome.completenessValue", { value })}</p>
    </div>
  );
}

export function CompletenessChecklist({ items }: { items: ChecklistItem[] }) {
  const t = useT();
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item.key} className={item.done ? "checklist-done" : item.optional ? "checklist-optional" : "checklist-open"}>
          <span className="checklist-mark" aria-hidden="true">
            {item.done ? <Icon name="check" size={16} /> : null}
          </span>
          <span className="checklist-text">
            {item.done ? (
              <span>{t(`profileHome.check.${item.key}`)}</span>
            ) : (
              <LocaleLink to={item.to}>{t(`profileHome.fix.${item.key}`)}</LocaleLink>
            )}
            <span className="visually-hidden">{` — ${t(item.done ? "profileHome.checkDone" : item.optional ? "profileHome.checkOptional" : "profileHome.checkOpen")}`}</span>
            {REQUIRED_FOR_REVIEW.includes(item.key) && !item.optional && !item.done ? (
              <span className="badge badge-warn">{t("profileHome.requiredForReview")}</span>
            ) : null}
            {item.optional && !item.done ? <span className="muted small"> {t("profileHome.optionalForChina")}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
