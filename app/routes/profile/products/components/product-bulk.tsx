/**
 * Drafts in bulk on the supplier's product list (issue 26 §3; ADR 047): `BulkBar` is the form
 * `#pp-bulk` the rows' check boxes belong to (`form="pp-bulk"`), with the choice of the ticked rows or
 * every product the list's filter matches, the action (send to moderation, delete, set fields) and the
 * fields to set; `BulkResult` says what the last action did, counting the products it left as they were
 * by reason. A plain POST form: it works without JavaScript.
 */
import { Form } from "react-router";
import type { BulkProductsResult } from "#contract/profile/products.ts";
import type { ListStatus } from "#app/routes/profile/lib/product-forms.ts";
import { useT } from "#app/lib/use-t.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useProductChoices } from "#app/routes/profile/components/product-options.ts";
import { countryName, ORIGIN_COUNTRIES } from "#app/routes/profile/components/product-card-fields.tsx";

export interface BulkBarProps {
  /** Products the list's filter matches (the "all" choice's count). */
  total: number;
  filter: { status: ListStatus | null; q: string; run: number | null };
  canDelete: boolean;
  categories: { id: number; name: string; depth: number }[];
  /** The API's refusal of the last bulk action, and its field issues. */
  error: string | null;
  issues: Record<string, string>;
}

export function BulkBar({ total, filter, canDelete, categories, error, issues }: BulkBarProps) {
  const t = useT();
  const lang = useLang();
  const { units } = useProductChoices();
  const issue = (path: string) =>
    issues[path] ? (
      <span className="form-error small" id={`pp-bulk-${path.replace(".", "-")}-error`}>
        {t([`validation.${issues[path]}`, `apiErrors.${issues[path]}`, "formWidgets.unknownError"])}
      </span>
    ) : null;
  return (
    <Form method="post" id="pp-bulk" className="card pp-bulk" aria-labelledby="pp-bulk-title">
      <h2 id="pp-bulk-title" className="pp-bulk-title">
        {t("profileProducts.bulk.title")}
      </h2>
      <input type="hidden" name="intent" value="bulk" />
      {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
      {filter.q ? <input type="hidden" name="q" value={filter.q} /> : null}
      {filter.run ? <input type="hidden" name="run" value={filter.run} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {t([`apiErrors.${error}`, "formWidgets.unknownError"])}
        </p>
      ) : null}
      <div className="pp-bulk-row">
        <fieldset className="pp-bulk-scope">
          <legend className="visually-hidden">{t("profileProducts.bulk.scope")}</legend>
          <label>
            <input type="radio" name="scope" value="ticked" defaultChecked /> {t("profileProducts.bulk.ticked")}
          </label>
          <label>
            <input type="radio" name="scope" value="all" /> {t("profileProducts.bulk.all", { count: total })}
          </label>
          {issue("ids")}
        </fieldset>
        <label className="pp-bulk-action">
          <span>{t("profileProducts.bulk.action")}</span>
          <select name="action" defaultValue="submit">
            <option value="submit">{t("profileProducts.bulk.actions.submit")}</option>
            <option value="set">{t("profileProducts.bulk.actions.set")}</option>
            {canDelete ? <option value="delete">{t("profileProducts.bulk.actions.delete")}</option> : null}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          {t("profileProducts.bulk.apply")}
        </button>
      </div>
      <details className="pp-bulk-set" open={Object.keys(issues).some((k) => k.startsWith("set"))}>
        <summary>{t("profileProducts.bulk.setTitle")}</summary>
        <p className="muted small">{t("profileProducts.bulk.setHint")}</p>
        {issue("set")}
        <div className="pp-bulk-fields">
          <label>
            <span>{t("profileProducts.fields.category")}</span>
            <select name="set.categoryId" defaultValue="">
              <option value="">{t("profileProducts.bulk.keep")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${"\u00a0\u00a0\u00a0".repeat(c.depth)}${c.name}`}
                </option>
              ))}
            </select>
            {issue("set.categoryId")}
          </label>
          <label>
            <span>{t("profileProducts.bulk.tnved")}</span>
            <input name="set.tnvedCode" inputMode="numeric" pattern="[0-9 ]{10,13}" placeholder="7304 19 300 9" autoComplete="off" />
            {issue("set.tnvedCode")}
          </label>
          <label>
            <span>{t("profileProducts.fields.moqUnit")}</span>
            <select name="set.moqUnit" defaultValue="">
              <option value="">{t("profileProducts.bulk.keep")}</option>
              {units.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t("profileProducts.fields.origin")}</span>
            <select name="set.originCountry" defaultValue="">
              <option value="">{t("profileProducts.bulk.keep")}</option>
              {ORIGIN_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, lang)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
    </Form>
  );
}

/** What the last bulk action did: done out of selected, then each reason products were left as they were. */
export function BulkResult({ result }: { result: BulkProductsResult }) {
  const t = useT();
  return (
    <div className="notice pp-bulk-result" role="status">
      <p>
        <strong>{t(`profileProducts.bulk.done.${result.action}`, { count: result.changed })}</strong>{" "}
        {t("profileProducts.bulk.ofMatched", { count: result.matched })}
        {result.submissionId ? ` ${t("profileProducts.bulk.together")}` : ""}
      </p>
      {result.skipped.length > 0 ? (
        <ul className="small">
          {result.skipped.map((s) => (
            <li key={s.reason}>{t(`profileProducts.bulk.skipped.${s.reason}`, { count: s.count })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
