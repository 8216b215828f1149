/**
 * Search box of a classifier page: a GET form (works without JavaScript); with JavaScript it
 * searches as you type (debounced, replacing the history entry).
 */
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { Icon } from "../icon.tsx";
import { useT } from "../../lib/use-t.ts";

const DEBOUNCE_MS = 300;

export function ClassifierSearchForm({ action, q, placeholder, label }: { action: string; q: string; placeholder: string; label: string }) {
  const t = useT();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const shownQ = useRef(q);
  // The query this box sent last. When its results arrive the visitor may have typed on; their
  // newer text must stay in the box (and is sent by the next debounce), not be reset to the old query.
  const sentQ = useRef<string | null>(null);
  useEffect(() => {
    // Only a new query from elsewhere (back/forward, a link) replaces the box's text: on hydration the
    // visitor may already have typed into the server-rendered box, and that input must not be wiped.
    if (shownQ.current === q) return;
    shownQ.current = q;
    if (q === sentQ.current) return;
    // Nor while the visitor is typing in the box: whatever arrives, their text stays and the next
    // debounce searches for it.
    if (input.current && input.current !== document.activeElement && input.current.value !== q) input.current.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      action={action}
      role="search"
      className="search-form"
      preventScrollReset
      onSubmit={() => clearTimeout(timer.current)}
    >
      <label htmlFor="classifier-q" className="visually-hidden">
        {label}
      </label>
      <Icon name="search" className="search-form-icon" />
      <input
        ref={input}
        id="classifier-q"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={200}
        enterKeyHint="search"
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          const value = event.currentTarget.value.trim();
          // A pending live search must never override a later submit or a click on a result.
          timer.current = setTimeout(() => {
            if (value === shownQ.current) return;
            sentQ.current = value;
            void submit(form, { replace: true, preventScrollReset: true });
          }, DEBOUNCE_MS);
        }}
      />
      <button type="submit" className="button">
        {t("classifier.searchButton")}
      </button>
    </Form>
  );
}
