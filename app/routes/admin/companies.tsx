/** `/admin/companies`: find companies by filters, with facet counts and CSV export (issue 7; app/routes/admin/components/records.tsx). */
import type { Route } from "./+types/companies";
import { RecordsPage } from "./components/records.tsx";
import { loadRecords } from "./lib/records.server.ts";
import { adminMeta } from "./lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => loadRecords(args, "company");

export default function AdminRecords({ loaderData }: Route.ComponentProps) {
  return <RecordsPage data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
