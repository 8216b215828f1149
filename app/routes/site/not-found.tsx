/** Any path that is not a page: the error page with 'Page Not Found' and status 404. */
import type { Route } from "./+types/not-found";
import { pageNotFound } from "#app/lib/errors.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export function loader({ request }: Route.LoaderArgs) {
  pageNotFound(request);
}

export default function NotFound() {
  return null;
}
