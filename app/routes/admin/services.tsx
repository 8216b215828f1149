/** `/admin/services`: find services by filters, with facet counts and CSV export (issue 7; app/routes/admin/components/records.tsx). */
import type { Route } from "./+types/services";
import { RecordsPage } from "./components/records.tsx";
import { loadRecords } from "./lib/records.server.ts";
import { adminMeta } from "./lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => loadRecords(args, "service");

export default function AdminRecords({ loaderData }: Route.ComponentProps) {
  return <RecordsPage data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
