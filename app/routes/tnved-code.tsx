import type { Route } from "./+types/tnved-code";
import { ClassifierCode } from "../components/classifier/classifier-code.tsx";
import { DutyLine } from "../components/money/duty.tsx";
import * as moneyApi from "#contract/money.ts";
import { apiContext } from "../context.ts";
import { loadClassifierCode } from "../lib/classifier-loaders.server.ts";
import { routeMeta } from "../lib/route-meta.ts";
import { documentHandle } from "../lib/documents.ts";

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
