/** `/admin/rfq`: find buying requests of every status by filters, with facet counts and CSV export (issue 14 §3; app/routes/admin/components/records.tsx). */
import type { Route } from "./+types/rfq";
import { RecordsPage } from "./components/records.tsx";
import { loadRecords } from "./lib/records.server.ts";
import { adminMeta } from "./lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => loadRecords(args, "rfq");

export default function AdminRfqRecords({ loaderData }: Route.ComponentProps) {
  return <RecordsPage data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
