/**
 * The admin filters (contract/admin/filters.ts): `/app/admin/filter/{kind}` — a page of records with
 * facet counts, or with `format=csv` every matching row streamed as CSV.
 */
import { recordAdminAction } from "#server/audit/log.ts";
import type { Context } from "hono";
import * as filters from "#contract/admin/filters.ts";
import type { FilterKind, FilterQuery } from "#contract/admin/filters.ts";
import type { RouteDescriptor } from "#contract/route.ts";
import { countFiltered, csvChunks, runFilter } from "#server/admin/filters.ts";
import type { ApiEnv } from "../env.ts";
import { implement, resource, type Implementation } from "../resource.ts";
import { pageMeta } from "./paging.ts";
import { staffAccess } from "./staff.ts";

const today = () => new Date().toISOString().slice(0, 10);

/** The CSV answer: streamed batch by batch, so a large export never sits in memory. */
function csvResponse(c: Context<ApiEnv>, kind: FilterKind, query: FilterQuery, total: number): Response {
  const chunks = csvChunks(c.var.db, kind, query);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        c.var.logger.error({ err: error, kind }, "CSV export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${kind}-${today()}.csv"`,
      "x-total-count": String(total),
      "cache-control": "no-store",
    },
  });
}

function filterOf(kind: FilterKind, route: RouteDescriptor & { query: (typeof filters.FILTER_QUERIES)[FilterKind] }): Implementation {
  return implement(route as typeof filters.filterCompanies, async (c, { query: parsed }) => {
    const actor = await staffAccess(c, "read");
    const query = parsed as FilterQuery;
    if (query.format === "csv") {
      const total = await countFiltered(c.var.db, kind, query);
      // Security review F24: a bulk export of personal data is an audited action (who, which list, which filter, how many rows).
      const { page: _page, limit: _limit, format: _format, ...filter } = query as FilterQuery & Record<string, unknown>;
      await recordAdminAction(c.var.db, actor, {
        entityType: "export",
        entityId: kind,
        action: "export.csv",
        after: { filter, rows: total },
      });
      return csvResponse(c, kind, query, total);
    }
    const result = await runFilter(c.var.db, kind, query);
    return {
      // Rows of raw SQL, typed by nothing but the kind's row schema the reply check applies.
      data: { items: result.items as never, facets: result.facets },
      meta: { ...pageMeta(query.page, query.limit, result.total), limit: query.limit, sort: query.sort, order: query.order },
    };
  });
}

export const adminFilterResource = resource("/app/admin/filter", [
  filterOf("company", filters.filterCompanies),
  filterOf("user", filters.filterUsers),
  filterOf("service", filters.filterServices),
  filterOf("product", filters.filterProducts),
  filterOf("legal-entities", filters.filterLegalEntities),
  filterOf("legal-entities", filters.filterLegalEntitiesSpec),
  filterOf("employees", filters.filterEmployees),
  filterOf("rfq", filters.filterRfqs),
  filterOf("inquiries", filters.filterInquiries),
]);
