/**
 * Picking OKVED2 or TN VED EAEU codes from the real classifiers (issue 5 "the OKVED and TN VED pickers
 * search the real classifiers (`/dev/okved2`, `/dev/ved`) and also work without JS").
 *
 * The chosen codes are ordinary fields of the enclosing Conform form: one hidden input `name` (single,
 * e.g. `tnvedCode`) or `name[0]`, `name[1]`… (multiple, e.g. `okvedCodes`). Choosing and removing use
 * Conform's intents (`update`, `insert`, `remove`), so they work in the browser and, without
 * JavaScript, as submit buttons the route action answers with the form's state (every unsaved value
 * kept) — `parseWithZod` applies the intent and the action returns `submission.reply()`.
 *
 * - With JavaScript: an ARIA 1.2 combobox (input + listbox; ↑/↓ move, Enter chooses, Esc closes)
 *   with live results from the web tier's resource route `profile/classifier` (debounced, stale
 *   answers cancelled); chosen codes are chips with a remove button, each showing code and name.
 * - Without JavaScript: a search step inside the form. The search box is the field
 *   `<name>__search`; its button is a Conform `validate` intent on that name. The route action sees it
 *   (`readPickerSearch` in app/routes/profile/components/classifier-picker.server.ts), searches the classifier and returns
 *   `{ picker: PickerSearch }` next to the reply; the page passes it back here as `search`, and the
 *   results are buttons that choose a code (or, for a TN VED heading that cannot be chosen, narrow the
 *   search to its sub-codes by searching that code).
 *
 * Which codes can be chosen follows contract/profile/fields.ts: TN VED — 10-digit codes only
 * (`TnvedCode`); OKVED2 — codes of a class or lower (`OkvedCode`, `62`, `62.01`, `46.90.1`).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { Lang } from "#app/lib/i18n.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { localeHref } from "#app/components/locale-link.tsx";
import { FieldError } from "#app/components/form/errors.tsx";
import { FieldsetHead, type AnyField } from "#app/components/form/field.tsx";
import { OKVED_CODE, TNVED_CODE } from "#contract/classifier-codes.ts";

export type PickerClassifier = "okved" | "tnved";

/** One search result as the resource route and the no-JS search step give it. */
export interface PickerHit {
  code: string;
  /** Spaced as in the tariff for TN VED ("8471 30 000 0"); OKVED as is. */
  displayCode: string;
  name: string;
  /** Language of `name` (the classifier falls back to Russian). */
  nameLang: Lang;
  /** Whether this code can be the field's value (else choosing it narrows the search). */
  selectable: boolean;
}

/** The no-JS search step's state, returned by the route action for the field `field`. */
export interface PickerSearch {
  field: string;
  q: string;
  hits: PickerHit[];
  total: number;
  /** An error code when the search failed (e.g. `internal_error`). */
  error?: string;
}

/** The suffix of the no-JS search box's field name (`tnvedCode__search`). */
export const PICKER_SEARCH_SUFFIX = "__search";

/** Whether `code` can be the value of a `classifier` field (the contract's OkvedCode and TnvedCode). */
export function isSelectableCode(classifier: PickerClassifier, code: string): boolean {
  return classifier === "tnved" ? TNVED_CODE.test(code) : OKVED_CODE.test(code);
}

export interface ClassifierPickerProps {
  classifier: PickerClassifier;
  /** The Conform form the field belongs to (its intents choose and remove codes). */
  form: FormMetadata<any, string[]>;
  /** The field: a string (single, e.g. `fields.tnvedCode`) or a string array (`multiple`, e.g. `fields.okvedCodes`). */
  field: AnyField;
  multiple?: boolean;
  label: string;
  hint?: string;
  /** Names of codes already chosen (code → name in the page's language), from the loader or action. */
  names?: Record<string, string>;
  /** The no-JS search step's results (ignored when they are for another field). */
  search?: PickerSearch | null;
  /** At most this many codes (multiple). */
  max?: number;
}

const DEBOUNCE_MS = 250;

export function ClassifierPicker({
  classifier,
  form,
  field,
  multiple = false,
  label,
  hint,
  names = {},
  search,
  max = 50,
}: ClassifierPickerProps) {
  const t = useT();
  const hydrated = useHydrated();
  const baseId = useId();
  const [learned, setLearned] = useState<Record<string, string>>({});
  const known = { ...names, ...learned };
  const list = multiple ? (field as unknown as { getFieldList: () => FieldMetadata<string, any, string[]>[] }).getFieldList() : [];
  const single = !multiple ? (typeof field.value === "string" ? field.value : "") : "";
  const chosen: { code: string; index: number; item?: FieldMetadata<string, any, string[]> }[] = multiple
    ? list.map((item, index) => ({ code: String(item.value ?? ""), index, item })).filter((c) => c.code)
    : single
      ? [{ code: single, index: 0 }]
      : [];
  const full = multiple && chosen.length >= max;
  const searchName = `${field.name}${PICKER_SEARCH_SUFFIX}`;
  const mine = search && search.field === field.name ? search : null;
  const hintId = `${baseId}-hint`;
  const errors = field.errors ?? (multiple ? list.flatMap((item) => item.errors ?? []) : undefined);

  const choose = (hit: PickerHit) => {
    setLearned((prev) => ({ ...prev, [hit.code]: hit.name }));
    if (multiple) {
      if (chosen.some((c) => c.code === hit.code) || full) return;
      form.insert({ name: field.name, defaultValue: hit.code });
    } else form.update({ name: field.name, value: hit.code });
  };
  const remove = (entry: (typeof chosen)[number]) => {
    if (multiple) form.remove({ name: field.name, index: entry.index });
    else form.update({ name: field.name, value: "" });
  };

  const chip = (entry: (typeof chosen)[number]) => (
    <li key={`${entry.code}-${entry.index}`} className="cp-chip">
      <span className="cp-chip-code code">{entry.code}</span>
      {known[entry.code] ? <span className="cp-chip-name">{known[entry.code]}</span> : null}
      <button
        className="cp-chip-remove"
        aria-label={t("classifierPicker.remove", { code: entry.code })}
        title={t("classifierPicker.remove", { code: entry.code })}
        {...(hydrated
          ? { type: "button" as const, onClick: () => remove(entry) }
          : multiple
            ? form.remove.getButtonProps({ name: field.name, index: entry.index })
            : form.update.getButtonProps({ name: field.name, value: "" }))}
      >
        ×
      </button>
    </li>
  );

  return (
    <fieldset className="field cp" aria-describedby={[hint ? hintId : null, field.errorId].filter(Boolean).join(" ")}>
      <FieldsetHead legend={label} hint={hint} hintId={hintId} />
      {/* The value(s) the form submits. */}
      {multiple ? (
        list.map((item) => (
          <input key={item.key} type="hidden" name={item.name} defaultValue={(item.initialValue as string | undefined) ?? ""} />
        ))
      ) : (
        <input key={field.key} type="hidden" name={field.name} defaultValue={(field.initialValue as string | undefined) ?? ""} />
      )}
      {chosen.length > 0 ? (
        <ul className="cp-chips" aria-label={t("classifierPicker.chosen")}>
          {chosen.map(chip)}
        </ul>
      ) : (
        <p className="muted small cp-none">{t("classifierPicker.noneChosen")}</p>
      )}
      {full ? (
        <p className="muted small">{t("classifierPicker.full", { max })}</p>
      ) : hydrated ? (
        <Combobox
          classifier={classifier}
          label={label}
          onChoose={choose}
          chosenCodes={chosen.map((c) => c.code)}
          replace={!multiple && chosen.length > 0}
        />
      ) : (
        <div className="cp-step">
          <label htmlFor={`${baseId}-q`} className="cp-step-label">
            {t(multiple || chosen.length === 0 ? "classifierPicker.searchLabel" : "classifierPicker.searchReplaceLabel", {
              classifier: t(`classifierPicker.name.${classifier}`),
            })}
          </label>
          <div className="field-row">
            <input
              id={`${baseId}-q`}
              type="search"
              name={searchName}
              defaultValue={mine?.q ?? ""}
              maxLength={200}
              placeholder={t(`classifierPicker.placeholder.${classifier}`)}
            />
            <button className="button button-secondary" {...form.validate.getButtonProps({ name: searchName })}>
              {t("classifierPicker.find")}
            </button>
          </div>
          {mine ? (
            <NoJsResults
              search={mine}
              classifier={classifier}
              form={form}
              field={field}
              multiple={multiple}
              searchName={searchName}
              chosenCodes={chosen.map((c) => c.code)}
            />
          ) : null}
        </div>
      )}
      <FieldError id={field.errorId} errors={errors} />
    </fieldset>
  );
}

/** The no-JS search step's results: each a submit button carrying a Conform intent. */
function NoJsResults({
  search,
  classifier,
  form,
  field,
  multiple,
  searchName,
  chosenCodes,
}: {
  search: PickerSearch;
  classifier: PickerClassifier;
  form: FormMetadata<any, string[]>;
  field: AnyField;
  multiple: boolean;
  searchName: string;
  chosenCodes: string[];
}) {
  const t = useT();
  if (search.error) return <p className="form-error">{t("classifierPicker.searchFailed")}</p>;
  if (!search.q) return <p className="muted small">{t("classifierPicker.typeToSearch")}</p>;
  if (search.hits.length === 0) return <p className="muted small">{t("classifierPicker.nothing", { q: search.q })}</p>;
  return (
    <>
      <p className="muted small" role="status">
        {t("classifierPicker.resultsFor", { count: search.total, q: search.q })}
      </p>
      <ul className="cp-results">
        {search.hits.map((hit) => {
          const already = chosenCodes.includes(hit.code);
          const props = hit.selectable
            ? multiple
              ? form.insert.getButtonProps({ name: field.name, defaultValue: hit.code })
              : form.update.getButtonProps({ name: field.name, value: hit.code })
            : form.update.getButtonProps({ name: searchName, value: hit.code });
          return (
            <li key={hit.code}>
              <button className="cp-result" {...props} disabled={already}>
                <span className="code">{hit.displayCode}</span>
                <span className="cp-result-name" lang={hit.nameLang}>
                  {hit.name}
                </span>
                <span className="cp-result-action">
                  {already
                    ? t("classifierPicker.alreadyChosen")
                    : hit.selectable
                      ? t("classifierPicker.choose")
                      : t(`classifierPicker.narrow.${classifier}`)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The live-search combobox (ARIA 1.2 combobox with a listbox popup). */
function Combobox({
  classifier,
  label,
  onChoose,
  chosenCodes,
  replace,
}: {
  classifier: PickerClassifier;
  label: string;
  onChoose: (hit: PickerHit) => void;
  chosenCodes: string[];
  replace: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState("");
  const [hits, setHits] = useState<PickerHit[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<"idle" | "loading" | "done" | "error">("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController | null>(null);
  const endpoint = useMemo(() => localeHref(lang, "/profile/classifier"), [lang]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  const run = (text: string) => {
    clearTimeout(timer.current);
    controller.current?.abort();
    const query = text.trim();
    if (!query) {
      setHits([]);
      setState("idle");
      setOpen(false);
      return;
    }
    setState("loading");
    // The fetch handles its own errors (an error state, or nothing when aborted), so nothing awaits it.
    const fetchHits = async () => {
      const ac = new AbortController();
      controller.current = ac;
      try {
        const response = await fetch(`${endpoint}?${new URLSearchParams({ c: classifier, q: query })}`, {
          signal: ac.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { hits: PickerHit[]; total: number };
        if (ac.signal.aborted) return;
        setHits(body.hits);
        setTotal(body.total);
        setActive(body.hits.length > 0 ? 0 : -1);
        setState("done");
        setOpen(true);
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setState("error");
        setHits([]);
        setOpen(true);
      }
    };
    timer.current = setTimeout(() => void fetchHits(), DEBOUNCE_MS);
  };

  const pick = (hit: PickerHit) => {
    if (!hit.selectable) {
      // A heading: show the codes under it.
      setQ(hit.code);
      run(hit.code);
      input.current?.focus();
      return;
    }
    if (chosenCodes.includes(hit.code)) return;
    onChoose(hit);
    setQ("");
    setHits([]);
    setOpen(false);
    setState("idle");
    input.current?.focus();
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const status =
    state === "loading"
      ? t("classifierPicker.searching")
      : state === "error"
        ? t("classifierPicker.searchFailed")
        : state === "done"
          ? hits.length === 0
            ? t("classifierPicker.nothing", { q: q.trim() })
            : t("classifierPicker.resultsFor", { count: total, q: q.trim() })
          : "";

  return (
    <div className="cp-combo">
      <label htmlFor={`${id}-input`} className="cp-step-label">
        {t(replace ? "classifierPicker.searchReplaceLabel" : "classifierPicker.searchLabel", {
          classifier: t(`classifierPicker.name.${classifier}`),
        })}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        // oxlint-disable-next-line jsx-a11y/role-supports-aria-props -- aria-description is global in ARIA 1.3; the rule's tables are ARIA 1.2
        aria-description={label}
        autoComplete="off"
        maxLength={200}
        value={q}
        placeholder={t(`classifierPicker.placeholder.${classifier}`)}
        onChange={(event) => {
          setQ(event.currentTarget.value);
          run(event.currentTarget.value);
        }}
        onFocus={() => {
          if (hits.length > 0) setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            if (!open && hits.length > 0) {
              setOpen(true);
              return;
            }
            if (hits.length === 0) return;
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((current) => (current + step + hits.length) % hits.length);
          } else if (event.key === "Enter") {
            // Enter in the search box never submits the whole form.
            event.preventDefault();
            if (open && active >= 0 && hits[active]) pick(hits[active]);
            else run(q);
          } else if (event.key === "Escape") {
            if (open) {
              event.preventDefault();
              setOpen(false);
            } else setQ("");
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={label} className="cp-listbox" hidden={!open || hits.length === 0}>
        {hits.map((hit, index) => {
          const already = chosenCodes.includes(hit.code);
          return (
            <li
              key={hit.code}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              aria-disabled={already || undefined}
              className={`cp-option${index === active ? " cp-option-active" : ""}${hit.selectable ? "" : " cp-option-heading"}`}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(hit);
              }}
              onMouseMove={() => setActive(index)}
            >
              <span className="code">{hit.displayCode}</span>
              <span className="cp-result-name" lang={hit.nameLang}>
                {hit.name}
              </span>
              <span className="cp-result-action">
                {already ? t("classifierPicker.alreadyChosen") : hit.selectable ? "" : t(`classifierPicker.narrow.${classifier}`)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="muted small cp-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
