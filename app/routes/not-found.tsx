/** Any path that is not a page: the error page with 'Page Not Found' and status 404. */
import type { Route } from "./+types/not-found";
import { pageNotFound } from "../lib/errors.ts";

export function loader({ request }: Route.LoaderArgs) {
  pageNotFound(request);
}

export default function NotFound() {
  return null;
}
