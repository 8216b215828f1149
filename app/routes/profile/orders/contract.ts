/**
 * `/profile/orders/:id/contract.pdf`: the order's agreed version as a bilingual contract (issue 28
 * §1). The browser cannot call the API itself (the access token is an HttpOnly cookie), so this
 * resource route asks the API (`GET /api/profile/orders/{id}/contract.pdf`) and passes its answer
 * through: the PDF as an attachment, or the API's refusal (404 for an order the person may not see,
 * 409 while nothing is agreed).
 */
import type { Route } from "./+types/contract";
import { apiContext } from "#app/context.ts";
import { idParam } from "#app/lib/id-param.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import * as ordersApi from "#contract/orders.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id) ?? pageNotFound(request);
  const response = await context.get(apiContext).sendRaw(ordersApi.getOrderContract, { params: { id } });
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const name of ["content-type", "content-disposition"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers });
}
