/**
 * Every route action reads its input with `request.formData()`. This middleware reads a write's form
 * once, as a stream (contract/multipart.ts, busboy), before any action runs, and hands that form to
 * the action's `request.formData()`:
 *
 * - a mutating request whose body is not a readable form (no or a foreign content type, a multipart
 *   body without its boundary or cut short) is refused with 400 here instead of throwing inside the
 *   action, a 500 (found by the form-action fuzzer, tests/fuzz/form-actions-fuzz.ts);
 * - undici's `formData()` parses a whole body in one synchronous pass — 250–500 ms of the event loop
 *   for a 20 MiB upload on two cores, during which no other visitor is answered (issue 25's Measure).
 *   The streaming read parses each network chunk as it arrives, and the form is read once, not twice
 *   (this check used to parse a copy, then the action the original).
 *
 * The body size is bounded before this by server/http.ts (MAX_MULTIPART_BODY, MAX_OTHER_BODY); the
 * limits here bound the parts. A request without a body (the session keeper's POST) passes.
 */
import { data, type MiddlewareFunction } from "react-router";
import { MAX_MULTIPART_BYTES } from "#contract/upload-limits.ts";
import { readFormEntries, type MultipartLimits } from "#contract/multipart.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The web forms' bounds: any field or file up to the whole body's bound; parts far beyond the largest form (a price-list mapping, a product's specs). */
const FORM_LIMITS: MultipartLimits = { fileBytes: MAX_MULTIPART_BYTES, fieldBytes: MAX_MULTIPART_BYTES, parts: 5000, files: 50 };

/**
 * The form of a write, read once; null when `request` has no form to read (a safe method, no body).
 * Throws when the body is not a readable form or breaks FORM_LIMITS.
 */
export async function readRequestForm(request: Request): Promise<FormData | null> {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || request.body === null) return null;
  const form = new FormData();
  for (const [name, value] of await readFormEntries(request, FORM_LIMITS)) form.append(name, value);
  return form;
}

/** True when `request` is a write whose body cannot be read as form data (reads a copy). */
export async function isUnreadableForm(request: Request): Promise<boolean> {
  try {
    await readRequestForm(request.clone());
    return false;
  } catch {
    return true;
  }
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  let form: FormData | null;
  try {
    form = await readRequestForm(request);
  } catch {
    throw data({ message: "The form could not be read" }, { status: 400 });
  }
  if (form) {
    const read = form;
    // The body is consumed: every later `formData()` of this request (the action, its helpers) gets a
    // copy of the form read here — a copy, so one reader's `set`/`delete` is not another's surprise.
    Object.defineProperty(request, "formData", {
      configurable: true,
      value: async () => {
        const copy = new FormData();
        for (const [name, value] of read) copy.append(name, value);
        return copy;
      },
    });
  }
  return next();
};
