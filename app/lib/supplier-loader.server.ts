/** Loads a published supplier for its pages; an unknown id is the spec's 404. */
import type { RouterContextProvider } from "react-router";
import * as companiesApi from "../../contract/companies.ts";
import { apiContext } from "../context.ts";
import { ApiClientError } from "./api-client.server.ts";
import { pageNotFound } from "./errors.ts";
import type { Lang } from "./i18n.ts";

export async function loadSupplier(context: Readonly<RouterContextProvider>, request: Request, id: string, lang: Lang) {
  if (!/^[1-9]\d{0,9}$/.test(id)) pageNotFound(request);
  return context
    .get(apiContext)
    .send(companiesApi.getCompany, { params: { id }, query: { lang } })
    .then((r) => r.data)
    .catch((error: unknown) => {
      if (error instanceof ApiClientError && error.status === 404) pageNotFound(request);
      throw error;
    });
}
