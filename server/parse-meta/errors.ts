/**
 * Refusals of the page-metadata reader (`/app/parse/meta`, ADR 012). Every way a URL or a site can
 * fail is one of `META_ERROR_CODES`; the API returns it as `{ error: { code, message } }` with the
 * status below, and the web tier shows `parseMeta.errors.<code>` from locales/{ru,en,zh}/common.json
 * next to the website field. Nothing a caller types or a site sends ends in a 500.
 *
 * Statuses: problems with the URL itself are 400; problems of the site behind a valid, allowed URL
 * are 422 (not 502/504: the API client of the web tier retries those, spec §7, and a retry would
 * only double the wait).
 */
import { DomainError } from "../errors.ts";

export const META_ERROR_CODES = [
  /** Not an absolute URL, or longer than MAX_URL_LENGTH. */
  "url_invalid",
  /** A scheme other than http or https (file:, ftp:, gopher:, data:, javascript:…). */
  "url_scheme",
  /** A user name or password in the URL (`http://user:pass@host/`). */
  "url_credentials",
  /** A port browsers refuse to fetch (the Fetch standard's "bad port" list: SMTP, IRC, …). */
  "url_port",
  /** The host is, or resolves to, an address inside a private, local or reserved network. */
  "url_forbidden_address",
  /** The host name does not resolve. */
  "dns_failed",
  /** More than MAX_REDIRECTS redirects. */
  "too_many_redirects",
  /** The site did not answer within the time limit. */
  "timeout",
  /** The page is larger than MAX_BODY_BYTES. */
  "too_large",
  /** The answer is not an HTML page. */
  "not_html",
  /** The site answered with an error status (4xx, 5xx) or a redirect without a location. */
  "http_status",
  /** The connection failed (refused, reset, TLS certificate not valid for the name…). */
  "fetch_failed",
] as const;
export type MetaErrorCode = (typeof META_ERROR_CODES)[number];

const STATUS: Record<MetaErrorCode, 400 | 422> = {
  url_invalid: 400,
  url_scheme: 400,
  url_credentials: 400,
  url_port: 400,
  url_forbidden_address: 400,
  dns_failed: 422,
  too_many_redirects: 422,
  timeout: 422,
  too_large: 422,
  not_html: 422,
  http_status: 422,
  fetch_failed: 422,
};

/**
 * A refusal with a stable `code` (a `DomainError`, contract/errors.ts gives the API's status);
 * `message` is English prose for logs and API clients.
 */
export class MetaError extends DomainError {
  declare readonly code: MetaErrorCode;
  readonly status: 400 | 422;
  constructor(code: MetaErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = "MetaError";
    this.status = STATUS[code];
  }
}
