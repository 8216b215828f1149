/**
 * Inviting suppliers to a private buying request (issue 14 §2): find published suppliers by name or
 * INN and tick the ones to invite. The ticked boxes are the form's `invitedCompanyIds`
 * (contract/rfq.ts; at most MAX_INVITED).
 *
 * - Without JavaScript: "Find suppliers" is a Conform `validate` intent on `invitedSearch`, so it
 *   submits the whole form (nothing saved, every typed value kept); the route action answers with
 *   the hits (app/routes/profile/rfq/lib/picker.server.ts `SupplierPick`), shown as unticked boxes under the
 *   invited ones. Ticked hits are invited by the next search step or by saving; unticking an invited
 *   one removes it.
 * - With JavaScript: the same button (and Enter in the box) asks the resource route
 *   `profile/rfq-suppliers` and shows the hits in place; a ticked hit joins the invited list when
 *   the next search replaces the hits (as the no-JS search step does).
 */
import type { FormMetadata } from "@conform-to/react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { RfqSupplier } from "#contract/rfq.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { FormErrors } from "#app/components/form/errors.tsx";
import type { AnyField } from "#app/components/form/field.tsx";
import { localeHref } from "#app/components/locale-link.tsx";

/** The field of the search box (the action recognises its search step by it). */
export const SUPPLIER_SEARCH_FIELD = "invitedSearch";
const SEARCH_FIELD = SUPPLIER_SEARCH_FIELD;

/** The picker's state after a submission: the chosen companies and, after a search step, the hits. */
export interface SupplierPick {
  chosen: RfqSupplier[];
  search: { q: string; hits: RfqSupplier[]; error?: "too_short" | "failed" } | null;
}

export interface SupplierPickerProps {
  form: FormMetadata<any, string[]>;
  /** `fields.invitedCompanyIds`: its initial value lists the ids invited so far. */
  field: AnyField;
  label: string;
  hint: string;
  /** Companies whose names are known (the request's invited companies, or the action's `chosen`). */
  known: readonly Pick<RfqSupplier, "id" | "name">[];
  /** The action's answer to a no-JS search step. */
  pick?: SupplierPick | null;
}

export function SupplierPicker({ form, field, label, hint, known, pick }: SupplierPickerProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const hydrated = useHydrated();
  const fetcher = useFetcher<NonNullable<SupplierPick["search"]>>();
  const [q, setQ] = useState(pick?.search?.q ?? "");
  const initial = field.initialValue;
  const initialIds = (Array.isArray(initial) ? initial : initial ? [initial] : []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const names = new Map<number, Pick<RfqSupplier, "id" | "name"> & Partial<RfqSupplier>>(
    [...known, ...(pick?.chosen ?? [])].map((s) => [s.id, s]),
  );
  // With JavaScript, the hits ticked since the page loaded: a ticked hit stays where it is (focus
  // stays on it) and joins the invited list when the next search replaces the hits.
  const [added, setAdded] = useState<RfqSupplier[]>([]);
  for (const s of added) names.set(s.id, s);
  const search = hydrated ? (fetcher.data ?? null) : (pick?.search ?? null);
  const hits = (search?.hits ?? []).filter((s) => !initialIds.includes(s.id));
  const chosen = [...new Set([...initialIds, ...added.map((s) => s.id).filter((id) => !hits.some((h) => h.id === id))])];
  const ticked = (id: number) => added.some((s) => s.id === id);

  const find = () => {
    const query = q.trim();
    void fetcher.load(`${localeHref(lang, "/profile/rfq-suppliers")}?${new URLSearchParams({ q: query })}`);
  };

  const describe = (s: Pick<RfqSupplier, "name"> & Partial<RfqSupplier>) =>
    [s.inn ? t("rfq.invite.inn", { inn: s.inn }) : null, s.city].filter(Boolean).join(" · ");

  const row = (s: Pick<RfqSupplier, "id" | "name"> & Partial<RfqSupplier>, checked: boolean, hit: boolean) => (
    <li key={s.id}>
      <label className="field-check supplier-pick">
        <input
          type="checkbox"
          name={field.name}
          value={s.id}
          defaultChecked={checked}
          onChange={
            hydrated && hit
              ? (event) => {
                  const on = event.currentTarget.checked;
                  setAdded((prev) => (on ? [...prev.filter((p) => p.id !== s.id), s as RfqSupplier] : prev.filter((p) => p.id !== s.id)));
                }
              : undefined
          }
        />{" "}
        <span>
          {s.name || t("rfq.invite.unknown", { id: s.id })} <span className="muted small">{describe(s)}</span>
        </span>
      </label>
    </li>
  );

  return (
    <fieldset className="field supplier-picker" aria-describedby={`${id}-hint ${field.errorId}`}>
      <legend>{label}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      <p className="supplier-picker-title">{t("rfq.invite.chosen")}</p>
      {chosen.length ? (
        <ul className="plain-list" aria-label={t("rfq.invite.chosen")}>
          {chosen.map((companyId) => row(names.get(companyId) ?? { id: companyId, name: "" }, true, false))}
        </ul>
      ) : (
        <p className="muted small">{t("rfq.invite.nobody")}</p>
      )}
      <FormErrors id={field.errorId} errors={field.errors} />
      <label htmlFor={`${id}-q`}>{t("rfq.invite.search")}</label>
      <div className="field-row">
        <input
          id={`${id}-q`}
          type="search"
          name={SEARCH_FIELD}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter would submit the whole request form: with JavaScript it searches instead.
            if (hydrated && event.key === "Enter") {
              event.preventDefault();
              find();
            }
          }}
          maxLength={100}
          autoComplete="off"
        />
        <button
          className="button button-secondary"
          {...(hydrated ? { type: "button" as const, onClick: find } : form.validate.getButtonProps({ name: SEARCH_FIELD }))}
        >
          {t("rfq.invite.find")}
        </button>
      </div>
      {search ? (
        <div role="status" className="supplier-hits">
          {search.error ? (
            <p className="field-error">{t(search.error === "too_short" ? "rfq.invite.tooShort" : "rfq.invite.failed")}</p>
          ) : hits.length ? (
            <>
              <p className="supplier-picker-title">{t("rfq.invite.results")}</p>
              <ul className="plain-list" aria-label={t("rfq.invite.results")}>
                {hits.map((s) => row(s, ticked(s.id), true))}
              </ul>
            </>
          ) : (
            <p className="muted small">{t("rfq.invite.none", { q: search.q })}</p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
