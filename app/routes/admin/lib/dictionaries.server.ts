/**
 * Loader and action of the admin area's dictionary edit pages, `/admin/categories/{id}` and
 * `/admin/service-types/{id}` (`new` creates; issue 7), and of their list pages: the list, the
 * record with its audit history, and an action that saves it (the shared schema, then the API) or
 * deletes it. Every refusal of the API — a record still in use (409 `in_use`), one deleted meanwhile
 * (404), a taken slug — comes back on the form, what was typed kept; success redirects to the record
 * (saved) or the list (deleted) with a flash message.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { nameIn } from "../components/ui.tsx";
import { apiContext } from "#app/context.ts";
import { getInstance } from "#app/middleware/i18next.ts";
import type { ApiClient } from "#app/lib/api-client.server.ts";
import * as auditApi from "#contract/admin/audit.ts";
import type { AuditRow } from "#contract/admin/audit.ts";
import { CategorySchema, categoryRoutes, type AdminCategory } from "#contract/admin/categories.ts";
import { ServiceTypeSchema, serviceTypeRoutes, type AdminServiceType } from "#contract/admin/service-types.ts";
import type { IdParams, RouteDescriptor } from "#contract/route.ts";
import { ADMIN_ERRORS, invalid, payloadOf } from "./actions.server.ts";
import { requireStaffData } from "./guard.server.ts";
import { pageNotFound } from "#app/lib/errors.ts";
import { replyWithApiError } from "#app/lib/forms/api-errors.server.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";
import { DICTIONARIES, dictionaryKeys, type DictionaryKind, type DictionaryPlace } from "./dictionaries.ts";

type AdminApi = ApiClient;
type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { id: string } };

/** What the edit pages read of a record. */
type DictionaryRecord = { id: number; slug: string; name: Partial<Record<string, string>> };

/** One dictionary of the admin area: where its pages are (app/routes/admin/lib/dictionaries.ts) and how the API keeps it. */
interface Dictionary<R extends DictionaryRecord> extends DictionaryPlace {
  kind: DictionaryKind;
  schema: z.ZodType;
  list(api: AdminApi): Promise<R[]>;
  save(api: AdminApi, id: string | null, body: unknown): Promise<{ id: number }>;
  remove(api: AdminApi, id: string): Promise<unknown>;
}

/** The operations of a dictionary in the contract (contract/admin/crud.ts `adminRecordRoutes`). */
interface DictionaryRoutes {
  list: RouteDescriptor;
  create: RouteDescriptor & { body: z.ZodType };
  update: RouteDescriptor & { params: typeof IdParams; body: z.ZodType };
  remove: RouteDescriptor & { params: typeof IdParams };
}

/** The dictionary `kind` kept through the API by `routes`: its list, save (create for a null id) and delete. */
function throughApi<R extends DictionaryRecord>(kind: DictionaryKind, schema: z.ZodType, routes: DictionaryRoutes): Dictionary<R> {
  return {
    kind,
    ...DICTIONARIES[kind],
    schema,
    list: async (api) => (await api.send(routes.list)).data as R[],
    save: async (api, id, body) =>
      (id === null ? await api.send(routes.create, { body }) : await api.send(routes.update, { params: { id }, body })).data as {
        id: number;
      },
    remove: (api, id) => api.send(routes.remove, { params: { id } }),
  };
}

export const CATEGORIES = throughApi<AdminCategory>("categories", CategorySchema, categoryRoutes);

export const SERVICE_TYPES = throughApi<AdminServiceType>("serviceTypes", ServiceTypeSchema, serviceTypeRoutes);

/** A dictionary's list page: every record, in the API's order (a category tree's parents first), and the page's title. */
export async function loadListPage<R extends DictionaryRecord>({ context }: Pick<Args, "context">, dictionary: Dictionary<R>) {
  requireStaffData(context);
  return { records: await dictionary.list(context.get(apiContext)), title: getInstance(context).t(dictionaryKeys(dictionary.kind).title) };
}

/**
 * The record `params.id` (null for `new`), every record of the dictionary (a category's parent is
 * chosen among them), its last 20 audit entries and the page's title; 404 for an unknown id.
 */
export async function loadEditPage<R extends DictionaryRecord>({ request, context, params }: Args, dictionary: Dictionary<R>) {
  requireStaffData(context);
  const api = context.get(apiContext);
  const all = await dictionary.list(api);
  if (params.id === "new")
    return { record: null, all, history: [] as AuditRow[], title: getInstance(context).t(dictionaryKeys(dictionary.kind).create) };
  const record = all.find((r) => String(r.id) === params.id);
  if (!record) pageNotFound(request);
  const history = (await api.send(auditApi.listAudit, { query: { entityType: dictionary.auditType, entityId: params.id, limit: 20 } }))
    .data;
  return { record, all, history, title: nameIn(record.name, pageLang(request)) || record.slug };
}

/** Saves the form (`intent` absent) or deletes the record (`intent=delete`); see the module comment. */
export async function editAction<R extends DictionaryRecord>({ request, context, params }: Args, dictionary: Dictionary<R>) {
  const formData = await request.formData();
  const api = context.get(apiContext);
  const submission = parseWithZod(formData, { schema: dictionary.schema });
  if (formData.get("intent") === "delete") {
    try {
      await dictionary.remove(api, params.id);
    } catch (error) {
      return replyWithApiError(submission, error, ADMIN_ERRORS);
    }
    return localizedRedirect(request, dictionary.listPath, "admin.flash.deleted");
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    const saved = await dictionary.save(api, params.id === "new" ? null : params.id, payloadOf(submission));
    return localizedRedirect(
      request,
      `${dictionary.listPath}/${saved.id}`,
      params.id === "new" ? "admin.flash.created" : "admin.flash.saved",
    );
  } catch (error) {
    return replyWithApiError(submission, error, ADMIN_ERRORS);
  }
}
