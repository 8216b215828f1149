/** `/admin/products`: find products by filters, with facet counts and CSV export (issue 7; app/components/admin/records.tsx). */
import type { Route } from "./+types/admin-products";
import { RecordsPage } from "../components/admin/records.tsx";
import { loadRecords } from "../lib/admin-records.server.ts";
import { adminMeta } from "../lib/admin-meta.ts";

export const loader = (args: Route.LoaderArgs) => loadRecords(args, "product");

export default function AdminRecords({ loaderData }: Route.ComponentProps) {
  return <RecordsPage data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
