/**
 * Reading a refused one-time code or resend (sign-in, app/routes/auth/code.tsx, and the change of a
 * sign-in address, app/routes/profile/lib/contact-steps.server.ts): the API's 400 `invalid_code` carries
 * the wrong guesses still allowed as `details.attemptsLeft` (contract/errors.ts); the page says how many.
 */
import type { ApiClientError } from "./api-client.server.ts";

/** Wrong codes still allowed after this refusal, or null when the API did not say (the code was used or unknown). */
export function attemptsLeft(error: ApiClientError): number | null {
  const left = error.details?.attemptsLeft;
  return typeof left === "number" && Number.isInteger(left) && left >= 0 ? left : null;
}

/**
 * The locale key of a refused resend of a code: too soon, too many sends, or not delivered;
 * `otherwise` for any other refusal (the sign-in page has only delivery to blame, a change of
 * address may have met anything).
 */
export function resendRefusalKey(error: ApiClientError, otherwise: string): string {
  if (error.code === "resend_too_soon") return "auth.errors.resendTooSoon";
  if (error.status === 429) return "auth.errors.tooManySends";
  if (error.code === "delivery_failed") return "auth.errors.deliveryFailed";
  return otherwise;
}

/**
 * The locale key of a wrong code's message: attempts left (a plural key: the page shows it with
 * `{ count: left }`), none, or just "wrong or used".
 */
export function invalidCodeKey(left: number | null): string {
  if (left === null) return "auth.errors.invalidCode";
  if (left === 0) return "auth.errors.invalidCodeLast";
  return "auth.errors.invalidCodeLeft";
}
