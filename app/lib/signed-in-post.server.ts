/**
 * The small POST-only routes that the pages' little forms post to (a product's favourite button, a
 * supplier's own translation of a card field). They have no page of their own and return to the page
 * the form came from: its `redirectTo` field, same-site paths only (`safeReturnPath`). An anonymous
 * visitor is sent to sign in and brought back there.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { sessionContext } from "../context.ts";
import { safeReturnPath } from "./auth-actions.server.ts";
import { localizedPath } from "./i18n.ts";

/** The redirect to the sign-in page that brings the visitor back to `back` (a localized same-site path) afterwards. */
export function signInThenBack(request: Request, back: string): Response {
  return redirect(`${localizedPath(request, "/auth")}?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * Reads the posted form and where to return: `redirectTo` when it is a same-site path, else the
 * language-neutral `fallback` in the request's language. Throws `signInThenBack` when nobody is
 * signed in.
 */
export async function readSignedInPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  fallback: string,
): Promise<{ form: FormData; back: string }> {
  const form = await request.formData();
  const back = safeReturnPath(request, form.get("redirectTo")) ?? localizedPath(request, fallback);
  if (!context.get(sessionContext).accessToken) throw signInThenBack(request, back);
  return { form, back };
}
