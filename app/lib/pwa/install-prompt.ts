/**
 * The browser's install offer (spec §1). Chromium fires `beforeinstallprompt` once the app is
 * installable; we keep the event and show our own Install button instead of the browser's infobar.
 * Dismissing (our × or the browser's dialog) sets a hide flag in localStorage, after which the button
 * never shows again and the browser's own install UI is left alone. Imported by entry.client before
 * hydration, because the event can fire before React is ready.
 *
 * The offer waits for engagement (ADR 021): it is shown from the visitor's second page in a tab, never
 * on the page they landed on — an offer over a page nobody has read yet is noise (web.dev, "Patterns
 * for promoting PWA installation"), and a card that appears late on a landing page becomes its
 * largest paint.
 */
export const INSTALL_HIDDEN_KEY = "postavka:install-prompt-hidden";
/** sessionStorage flag: this tab has moved past its landing page. */
export const INSTALL_ENGAGED_KEY = "postavka:engaged";

/** The non-standard event Chromium fires (not in TypeScript's DOM lib). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let engagedHere = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function isInstallHidden(): boolean {
  try {
    return localStorage.getItem(INSTALL_HIDDEN_KEY) === "1";
  } catch {
    return false;
  }
}

function hideForGood(): void {
  try {
    localStorage.setItem(INSTALL_HIDDEN_KEY, "1");
  } catch {
    // Without storage the button only stays hidden for this page.
  }
  deferred = null;
  emit();
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    if (isInstallHidden()) return;
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", hideForGood);
}

/** True once this tab has opened a second page (a client navigation or a later document). */
export function isEngaged(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_ENGAGED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Records that the visitor moved on from the landing page; the offer may show from now on. */
export function markEngaged(): void {
  if (isEngaged()) return;
  try {
    sessionStorage.setItem(INSTALL_ENGAGED_KEY, "1");
  } catch {
    // Without storage, engagement lasts for this document only.
  }
  engagedHere = true;
  emit();
}

/** sessionStorage flag: this tab has loaded a document of ours already. */
export const LANDED_KEY = "postavka:landed";

/**
 * Called once per document load: the tab's second document (public pages are documents, ADR 035)
 * counts as moving on from the landing page, like a client navigation does.
 */
export function noteDocumentLoad(): void {
  try {
    if (sessionStorage.getItem(LANDED_KEY) === "1") markEngaged();
    else sessionStorage.setItem(LANDED_KEY, "1");
  } catch {
    // Without storage every document is a landing page: no offer, which is the quiet default.
  }
}

/** True while an install offer is held and the user has not hidden it. */
export function canInstall(): boolean {
  return deferred !== null && !isInstallHidden();
}

/** True when the offer should be on screen: installable, not hidden, and the visitor is engaged. */
export function shouldOfferInstall(): boolean {
  return canInstall() && (engagedHere || isEngaged());
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; a "dismissed" answer hides the button for good. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = deferred;
  if (!event) return "unavailable";
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "dismissed") hideForGood();
  else emit();
  return outcome;
}

/** The user closed our offer (×): never show it again. */
export function dismissInstall(): void {
  hideForGood();
}
