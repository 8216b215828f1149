/**
 * What the loaders of the public pages read first from their arguments, and the paging rule they
 * share: a page number past the last page of a list is the spec's 404 (spec §2) — except on a list the
 * person shrinks with their own hand (their favourites, ADR 079), which goes to its last page.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { apiContext } from "../context.ts";
import { getInstance } from "../middleware/i18next.ts";
import { documentUrl } from "./document-url.ts";
import { pageNotFound } from "./errors.ts";
import { pageLang } from "./i18n.ts";

/**
 * The page's API client, its i18next `t` (for the loader's SEO strings), the URL as the visitor
 * asked for it (documentUrl) and the page's language (pageLang).
 */
export function pageTools({ context, request }: { context: Readonly<RouterContextProvider>; request: Request }) {
  return { api: context.get(apiContext), t: getInstance(context).t, url: documentUrl(request), lang: pageLang(request) };
}

/**
 * Throws the 404 page when a paged answer's `page` lies past its last page (`pages`); page 1 of an
 * empty list (0 pages) still renders, with its empty state.
 */
export function requirePageInRange(request: Request, meta: { page: number; pages: number }): void {
  if (meta.page > meta.pages && meta.page > 1) pageNotFound(request);
}

/**
 * Throws a redirect to the last page (page 1 without `page`) when a paged answer's `page` lies past
 * its last page: for a list the visitor shrinks themselves, where an address that held the last card a
 * moment ago is not a missing page (ADR 079). `url` is the page's document URL (pageTools).
 */
export function redirectPastLastPage(url: URL, meta: { page: number; pages: number }): void {
  if (meta.page <= meta.pages) return;
  const last = new URL(url);
  if (meta.pages > 1) last.searchParams.set("page", String(meta.pages));
  else last.searchParams.delete("page");
  throw redirect(`${last.pathname}${last.search}`);
}
