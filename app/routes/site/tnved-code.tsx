/**
 * `/tnved/:code`: one TN VED EAEU code with its path, children, suppliers and products, and beside it
 * the ETT EAEU import duty of a 10-digit line (issue 15, ADR 026; none when the code has no tariff line).
 * Spellings and unknown codes as on `/okved/:code` (app/lib/classifier-loaders.server.ts).
 */
import type { Route } from "./+types/tnved-code";
import { ClassifierCode } from "./components/classifier-code.tsx";
import { DutyLine } from "./components/duty.tsx";
import * as moneyApi from "#contract/money.ts";
import { apiContext } from "#app/context.ts";
import { loadClassifierCode } from "#app/lib/classifier-loaders.server.ts";
import { routeMeta } from "#app/lib/route-meta.ts";
import { documentHandle } from "#app/lib/documents.ts";

/** A public document with islands (ADR 035). */
export const handle = documentHandle;

export async function loader(args: Route.LoaderArgs) {
  const digits = (args.params.code ?? "").replace(/\D/g, "");
  // The ETT EAEU import duty beside the code (issue 15); a code without tariff lines shows none.
  const [page, duty] = await Promise.all([
    loadClassifierCode(args, "tnved"),
    /^\d{2,10}$/.test(digits)
      ? args.context
          .get(apiContext)
          .send(moneyApi.getDuty, { params: { code: digits } })
          .then((r) => r.data)
          .catch(() => null)
      : null,
  ]);
  return { ...page, duty };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ClassifierCode
      classifier={loaderData.classifier}
      node={loaderData.node}
      products={loaderData.products}
      suppliers={loaderData.suppliers}
      details={<DutyLine duty={loaderData.duty} />}
    />
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);
