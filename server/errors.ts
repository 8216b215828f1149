/**
 * Domain errors: what domain code (server/catalog, profile, admin, auth, files) throws when a
 * request cannot be carried out. It names an error code of the contract (contract/errors.ts) and
 * knows nothing of HTTP; the API tier's error handler (server/api/app.ts) maps it to the envelope
 * `{ error: { code, message, issues?, details? } }` with the code's status, and a `retryAfter`
 * to the Retry-After header.
 */
import type { ErrorCode, Issue } from "#contract/errors.ts";

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly issues?: Issue[];
  readonly details?: Record<string, unknown>;
  /** Seconds before a retry may succeed (rate limits); sent as Retry-After and `details.retryAfter`. */
  readonly retryAfter?: number;
  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: Issue[]; details?: Record<string, unknown>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DomainError";
    this.code = code;
    this.issues = options.issues;
    this.details = options.details;
    this.retryAfter = options.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfter));
  }
}

/** `what` was not found, or is not visible to the caller (both are a 404: nothing is revealed). */
export const notFound = (what: string) => new DomainError("not_found", `${what} not found`);
