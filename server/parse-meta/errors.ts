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

export { META_ERROR_CODES } from "#contract/parse-meta.ts";
import type { META_ERROR_CODES } from "#contract/parse-meta.ts";
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
