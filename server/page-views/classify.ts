/**
 * Which requests are page views of a supplier's pages (issue 28 §4; ADR 051), decided from the
 * request and its answer alone — nothing about the visitor is read beyond what excludes robots and
 * prefetches, and nothing is kept.
 *
 * Counted: a GET of a product page (`/product/{id}`), a supplier's card (`/suppliers/{id}`), its
 * product list (`/suppliers/{id}/products`) or a service offer (`/services/company/{id}`), with or
 * without a language segment, as a document or as React Router's data request of a client
 * navigation (`….data`), answered 200 with HTML or the router's data — from the renderer or from
 * the anonymous page cache alike.
 * Not counted: HEAD and every other method; a 304, redirect or error; a prefetch (`Sec-Purpose:
 * prefetch` — Chromium's speculation rules and `<link rel=prefetch>` — or the older `Purpose:
 * prefetch`); a request without a User-Agent; a robot's User-Agent by `isbot` (its maintained list).
 */
import { isbot } from "isbot";
import type { PageViewKind } from "../db/schema.ts";

/** A counted page: what it shows and that entity's id. */
export interface PageViewTarget {
  kind: PageViewKind;
  id: number;
}

/**
 * The supplier pages by path (app/routes.ts): optional language segment, the page, a positive id
 * of at most 10 digits (the routes' own id rule), and React Router's `.data` suffix.
 */
const PAGE_PATH = /^\/(?:(?:ru|en|zh)\/)?(product|suppliers|services\/company)\/([1-9]\d{0,9})(\/products)?(?:\.data)?\/?$/;

const COUNTED_TYPES = /^(text\/html|text\/x-script)\b/i;
const PREFETCH = /\bprefetch\b/i;

/** The supplier page `pathname` shows, or null for any other path (ids beyond PostgreSQL's integer too). */
export function pageOfPath(pathname: string): PageViewTarget | null {
  const match = PAGE_PATH.exec(pathname);
  if (!match) return null;
  const [, page, rawId, products] = match;
  const id = Number(rawId);
  if (id > 2_147_483_647) return null;
  if (page === "product") return products ? null : { kind: "product", id };
  if (page === "suppliers") return { kind: products ? "company_products" : "company", id };
  return products ? null : { kind: "service", id };
}

/** Whether the request was made by a person's browser for reading now: not a robot, not a prefetch. */
export function isHumanView(headers: Headers): boolean {
  const agent = headers.get("user-agent");
  if (!agent || isbot(agent)) return false;
  if (PREFETCH.test(headers.get("sec-purpose") ?? "") || PREFETCH.test(headers.get("purpose") ?? "")) return false;
  // Firefox's and older Chromium's link prefetch.
  if (PREFETCH.test(headers.get("x-moz") ?? "") || PREFETCH.test(headers.get("x-purpose") ?? "")) return false;
  return true;
}

/**
 * Whether the browser fetched the page to show it: a document navigation (`Sec-Fetch-Mode:
 * navigate`) or a client navigation's data request (`….data`). The service worker's own fetches —
 * keeping the first page of a visit for offline use, which it fetches again once installed
 * (app/lib/pwa/app-updates.ts), and saved pages kept fresh — are `same-origin` and count nothing.
 * Browsers that send no Fetch Metadata are taken at their word.
 */
export function isReading(headers: Headers, pathname: string): boolean {
  const mode = headers.get("sec-fetch-mode");
  if (mode === null || mode === "navigate") return true;
  return pathname.endsWith(".data");
}

/** The page view `request` answered by `response` is, or null when it is not one to count. */
export function pageViewOf(request: Request, response: Response): PageViewTarget | null {
  if (request.method !== "GET" || response.status !== 200) return null;
  if (!COUNTED_TYPES.test(response.headers.get("content-type") ?? "")) return null;
  const target = pageOfPath(new URL(request.url).pathname);
  if (!target || !isHumanView(request.headers)) return null;
  if (!isReading(request.headers, new URL(request.url).pathname)) return null;
  return target;
}
