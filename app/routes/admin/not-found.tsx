/** Unknown paths under `/admin` (after the staff check): the not-found page. */
import type { Route } from "./+types/not-found";
import { pageNotFound } from "#app/lib/errors.ts";
import { requireStaffData } from "./lib/guard.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffData(context);
  pageNotFound(request);
}

export default function AdminNotFound() {
  return null;
}
