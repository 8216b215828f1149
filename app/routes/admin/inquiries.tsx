/** `/admin/inquiries`: find inquiries (buyer–supplier conversations) by filters, with facet counts and CSV export (issue 14 §3; app/routes/admin/components/records.tsx). */
import type { Route } from "./+types/inquiries";
import { RecordsPage } from "./components/records.tsx";
import { loadRecords } from "./lib/records.server.ts";
import { adminMeta } from "./lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => loadRecords(args, "inquiries");

export default function AdminInquiryRecords({ loaderData }: Route.ComponentProps) {
  return <RecordsPage data={loaderData} />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);
