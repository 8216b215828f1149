/**
 * Which pages are documents (ADR 035): public pages render without React Router's client runtime
 * and without serialised loader data, and hydrate only their islands (app/islands/). A route opts in
 * with `export const handle = documentHandle;` — the page's deepest matched route decides, so the
 * shared layouts above it stay neutral. The profile, admin, sign-in and form pages stay hydrated apps.
 */
import { createContext, useContext } from "react";

export const documentHandle = { document: true } as const;

type MatchLike = { handle?: unknown } | undefined;

/** True when the deepest match is a document route. */
export function isDocumentPage(matches: readonly MatchLike[]): boolean {
  const handle = matches.at(-1)?.handle as { document?: unknown } | undefined;
  return handle?.document === true;
}

/**
 * True while the page renders as a document (ADR 035), provided by the root layout. Shared
 * components use it to leave out what only the client router needs: a document's links are plain
 * anchors (LocaleLink), so the server skips React Router's href resolution per link.
 */
export const DocumentContext = createContext(false);

/** Whether this render is a document's (see DocumentContext). */
export function useIsDocument(): boolean {
  return useContext(DocumentContext);
}
