/** Loads a published supplier for its pages; an unknown id is the spec's 404. */
import type { RouterContextProvider } from "react-router";
import * as companiesApi from "#contract/companies.ts";
import { apiContext } from "#app/context.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import type { Lang } from "#app/lib/i18n.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";

export async function loadSupplier(context: Readonly<RouterContextProvider>, request: Request, id: string, lang: Lang) {
  if (!/^[1-9]\d{0,9}$/.test(id)) pageNotFound(request);
  return orNotFound(
    request,
    context
      .get(apiContext)
      .send(companiesApi.getCompany, { params: { id }, query: { lang } })
      .then((r) => r.data),
  );
}
