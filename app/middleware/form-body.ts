/**
 * Every route action reads its input with `request.formData()`; a mutating request whose body is
 * not a readable form (no or a foreign content type, a multipart body without its boundary or cut
 * short) made that call throw inside the action, a 500. This middleware reads a copy of the form
 * first and refuses such a request with 400 before any action runs (found by the form-action
 * fuzzer, tests/fuzz/form-actions-fuzz.ts). A request without a body (the session keeper's POST)
 * passes. The copy costs a second parse of the form, uploads included (≤ MAX_MULTIPART_BODY).
 */
import { data, type MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when `request` is a write whose body cannot be read as form data. */
export async function isUnreadableForm(request: Request): Promise<boolean> {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || request.body === null) return false;
  try {
    await request.clone().formData();
    return false;
  } catch {
    return true;
  }
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (await isUnreadableForm(request)) throw data({ message: "The form could not be read" }, { status: 400 });
  return next();
};
