/**
 * Search box of the classifier pages and the site search: a GET form (works without JavaScript);
 * with JavaScript it searches as you type (app/islands/live-forms.ts: debounced, the results after
 * the form replaced in place, the URL following with `replaceState`, the typed text never reset).
 */
import { Form } from "react-router";
import { Icon } from "../icon.tsx";
import { useT } from "../../lib/use-t.ts";

export function ClassifierSearchForm({ action, q, placeholder, label }: { action: string; q: string; placeholder: string; label: string }) {
  const t = useT();
  return (
    <Form method="get" action={action} role="search" className="search-form" data-live-search="">
      <label htmlFor="classifier-q" className="visually-hidden">
        {label}
      </label>
      <Icon name="search" className="search-form-icon" />
      <input
        id="classifier-q"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={200}
        enterKeyHint="search"
      />
      <button type="submit" className="button">
        {t("classifier.searchButton")}
      </button>
    </Form>
  );
}
