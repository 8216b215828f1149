/**
 * How the API answers a failure (server/api/app.ts's error handler and the direct reads of
 * server/api/direct.ts): one function, so both paths give a client the same status and envelope.
 */
import type { DirectAnswer } from "#contract/web-services.ts";
import { errorStatus } from "#contract/errors.ts";
import { DomainError } from "../errors.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { Logger } from "../logger.ts";
import { ContractViolation } from "./resource.ts";

/** Seconds a client is told to wait when the database cannot be reached (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The error envelope and status of a failure, as the API answers it: a DomainError's code (its
 * status from contract/errors.ts, Retry-After when it has one), 503 `service_unavailable` with
 * Retry-After when the database cannot be reached, else a logged 500 `internal_error` (naming the
 * contract's violation in tests and development). Used by the app's error handler and the direct reads.
 */
export function errorAnswer(error: unknown, logger: Logger, path: string): DirectAnswer {
  if (error instanceof DomainError) {
    const details = error.retryAfter ? { ...error.details, retryAfter: error.retryAfter } : error.details;
    return {
      status: errorStatus(error.code),
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(error.issues ? { issues: error.issues } : {}),
          ...(details ? { details } : {}),
        },
      },
      ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
    };
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, path }, "database unavailable");
    return {
      status: 503,
      body: { error: { code: "service_unavailable", message: "The service is briefly unavailable; try again in a few seconds" } },
      retryAfter: DATABASE_RETRY_AFTER_S,
    };
  }
  logger.error({ err: error, path }, "API request failed");
  // A reply outside its contract names the field in tests and development, where it is checked.
  if (error instanceof ContractViolation) return { status: 500, body: { error: { code: "internal_error", message: error.message } } };
  return { status: 500, body: { error: { code: "internal_error", message: "Internal Server Error" } } };
}
