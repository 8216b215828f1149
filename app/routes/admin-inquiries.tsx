/** `/admin/inquiries`: find inquiries (buyer–supplier conversations) by filters, with facet counts and CSV export (issue 14 §3; app/components/admin/records.tsx). */
import type { Route } from "./+types/admin-inquiries";
import { RecordsPage } from "../components/admin/records.tsx";
import { loadRecords } from "../lib/admin-records.server.ts";
import { adminMeta } from "../lib/admin-meta.ts";

export const loader = (args: Route.LoaderArgs) => loadRecords(args, "inquiries");

export default function AdminInquiryRecords({ loaderData }: Route.ComponentProps) {
  return <RecordsPage data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
