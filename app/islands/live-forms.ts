/**
 * Form behaviours of public documents that need no React (ADR 035), browser only. Both forms are
 * plain GET forms first: without JavaScript, or when anything here fails, "Apply" / "Search" submit
 * them as documents.
 *
 * - `form[data-autosubmit]`: a filter form applies a change at once (`requestSubmit`, a document
 *   navigation). `data-autosubmit="choices"` applies selects, checkboxes and radios at once and text
 *   on submit; any other value applies every change.
 * - `form[data-live-search]`: searches as you type. 300 ms after the last keystroke the form's URL is
 *   fetched as a document and everything after the form in `<main>` is replaced by the new
 *   document's, the URL and title follow (`history.replaceState`). Race rules: a newer request
 *   aborts the older one; a response for text that is no longer in the box is dropped; the box's
 *   text is never rewritten; Enter or a click on a result wins over a pending search.
 */
import { scanIslands } from "./runtime.ts";

export const LIVE_SEARCH_DEBOUNCE_MS = 300;

function formUrl(form: HTMLFormElement): URL {
  const url = new URL(form.action, window.location.href);
  url.search = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
  return url;
}

function isChoice(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
}

function installAutosubmit(): void {
  document.addEventListener("change", (event) => {
    const target = event.target as HTMLElement | null;
    const form = target?.closest<HTMLFormElement>("form[data-autosubmit]");
    if (!form) return;
    if (form.dataset.autosubmit === "choices" && !isChoice(target)) return;
    form.requestSubmit();
  });
}

/** Replaces what follows `form` in its parent with what follows the same form in `next`. */
function swapAfter(form: HTMLFormElement, next: Document): boolean {
  const nextForm = next.querySelector<HTMLFormElement>("form[data-live-search]");
  const parent = form.parentElement;
  if (!nextForm || !parent) return false;
  while (form.nextSibling) form.nextSibling.remove();
  const fresh: Node[] = [];
  for (let node = nextForm.nextSibling; node; node = node.nextSibling) fresh.push(document.importNode(node, true));
  parent.append(...fresh);
  scanIslands(parent);
  return true;
}

function installLiveSearch(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;

  const search = async (form: HTMLFormElement, input: HTMLInputElement) => {
    const sent = input.value.trim();
    const url = formUrl(form);
    inflight?.abort();
    const controller = (inflight = new AbortController());
    try {
      const response = await fetch(url, { signal: controller.signal, headers: { accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok) return;
      const html = await response.text();
      if (controller.signal.aborted || input.value.trim() !== sent) return;
      const next = new DOMParser().parseFromString(html, "text/html");
      if (!swapAfter(form, next)) return;
      history.replaceState(history.state, "", url);
      document.title = next.title;
    } catch (error) {
      if (!controller.signal.aborted) console.warn("Live search failed", error);
    }
  };

  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const form = input.form;
    if (!form?.hasAttribute("data-live-search")) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (input.value.trim() === (new URL(window.location.href).searchParams.get(input.name) ?? "")) return;
      void search(form, input);
    }, LIVE_SEARCH_DEBOUNCE_MS);
  });
  const cancel = () => {
    clearTimeout(timer);
    inflight?.abort();
  };
  document.addEventListener("submit", (event) => {
    if ((event.target as HTMLElement).hasAttribute("data-live-search")) cancel();
  });
  document.addEventListener("click", (event) => {
    if ((event.target as HTMLElement | null)?.closest?.("a[href]")) cancel();
  });
}

export function installLiveForms(): void {
  installAutosubmit();
  installLiveSearch();
}
