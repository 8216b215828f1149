/**
 * Search box of the classifier pages and the site search: a GET form (works without JavaScript);
 * with JavaScript it searches as you type (app/islands/live-forms.ts: debounced, the results after
 * the form replaced in place, the URL following with `replaceState`, the typed text never reset).
 */
import { Form } from "react-router";
import { Icon } from "../icon.tsx";
import { useT } from "#app/lib/use-t.ts";

const LIVE_INPUT = { autoComplete: "off", enterKeyHint: "search" } as const;

/**
 * The inside of a search form (`.search-form`, the classifiers' and the supplier's product list's):
 * the visually hidden label, the magnifier, the search box `q` (at most 200 characters, `id`,
 * starting as `q`) and the submit button `button`. A `live` box (a form that searches as one types)
 * turns the browser's own suggestions off and labels the Enter key "search".
 */
export function SearchFields({
  id,
  label,
  q,
  placeholder,
  button,
  live = false,
}: {
  id: string;
  label: string;
  q: string;
  placeholder: string;
  button: string;
  live?: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" className="search-form-icon" />
      <input id={id} type="search" name="q" defaultValue={q} placeholder={placeholder} maxLength={200} {...(live ? LIVE_INPUT : {})} />
      <button type="submit" className="button">
        {button}
      </button>
    </>
  );
}

export function ClassifierSearchForm({ action, q, placeholder, label }: { action: string; q: string; placeholder: string; label: string }) {
  const t = useT();
  return (
    <Form method="get" action={action} role="search" className="search-form" data-live-search="">
      <SearchFields id="classifier-q" label={label} q={q} placeholder={placeholder} button={t("classifier.searchButton")} live />
    </Form>
  );
}
