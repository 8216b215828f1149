/**
 * Redirects of actions and loaders (DESIGN §5, §7): to a language-neutral path in the request's
 * language, optionally with a flash message for the next page (app/lib/flash.ts). A flash given as
 * a bare message key is a success message; `{ message, tone }` chooses the tone.
 *
 *   return localizedRedirect(request, "/profile/company", "profileCompany.flash.saved");
 *   throw localizedRedirect(request, "/profile/mail", { message: "profileContacts.flash.cancelled", tone: "info" });
 *   return flashRedirect(backUrl, "profileProducts.flash.fileMoved"); // an already localized URL
 */
import { redirect } from "react-router";
import { setFlashCookie } from "../middleware/flash.ts";
import type { Flash, FlashMessage } from "./flash.ts";
import { localizedPath } from "./i18n.ts";

/** A flash message: a key (shown as a success) or a key with its tone. */
export type FlashInput = FlashMessage | Flash;

export interface RedirectOptions {
  /** Further headers (e.g. a cookie of the sign-in flow); the flash cookie is appended to them. */
  headers?: HeadersInit;
  /** 302 unless given. */
  status?: number;
}

/** The Set-Cookie line of a flash message. */
export function flashCookie(flash: FlashInput): string {
  return setFlashCookie(typeof flash === "string" ? { message: flash, tone: "success" } : flash);
}

/** Redirects to `to`, a URL already in the page's language, with an optional flash message. */
export function flashRedirect(to: string, flash?: FlashInput, options: RedirectOptions = {}): Response {
  const headers = new Headers(options.headers);
  if (flash) headers.append("set-cookie", flashCookie(flash));
  return redirect(to, { status: options.status, headers });
}

/** Redirects to the language-neutral `path` in the request's language, with an optional flash message. */
export function localizedRedirect(request: Request, path: string, flash?: FlashInput, options?: RedirectOptions): Response {
  return flashRedirect(localizedPath(request, path), flash, options);
}
