/**
 * The operations of an admin-area record kept under one path (categories, service types, press
 * stories and tags; issue 7): list, create, get, update and delete, written once.
 *
 * Every one is for staff (`auth: "staff"`); reading needs only the staff role (`STAFF_ERRORS`),
 * writing the `manageContent` permission (`MANAGE_ERRORS`). Create and update refuse a taken slug
 * (409 `slug_taken`); get, update and delete answer 404 `not_found` for an unknown id; delete may
 * add its own refusals (`in_use`). Each operation keeps its own operationId
 * (`admin<Verb><Name>`: `adminListCategories`, `adminGetCategory`…) and summary, so the OpenAPI
 * document names them as before.
 */
import { z } from "zod";
import type { ErrorCode } from "../errors.ts";
import { IdParams, PageMetaSchema, defineRoute } from "../route.ts";
import { MANAGE_ERRORS, STAFF_ERRORS } from "./access.ts";
import { DeletedSchema } from "./fields.ts";

export interface AdminRecordSpec<
  Record extends z.ZodType,
  Body extends z.ZodType,
  Item extends z.ZodType,
  Query extends z.ZodObject | undefined,
  Get extends string | undefined,
> {
  /** The collection's path (`/app/admin/categories`); a record is `{path}/{id}`. */
  path: string;
  /**
   * The record's name in operationIds, singular and plural (`Category`, `Categories`), and the
   * operations' OpenAPI tag ("Admin: categories").
   */
  names: { one: string; many: string; tag: string };
  /** `data` of create, get and update. */
  record: Record;
  /** The body of create and update. */
  body: Body;
  /** The list: its summary, its item (default: `record`), and a paged query (then `meta` is `PageMeta`). */
  list: { summary: string; item?: Item; query?: Query };
  /** The summaries of the other operations; without `get` the record has no get operation. */
  summaries: { create: string; get?: Get; update: string; delete: string };
  /** Refusals of delete besides `not_found` (`in_use`). */
  deleteErrors?: readonly ErrorCode[];
}

/**
 * The descriptors of an admin record's operations (`{ list, create, get, update, remove }`),
 * each a plain `defineRoute` descriptor typed by the spec's schemas.
 */
export function adminRecordRoutes<
  Record extends z.ZodType,
  Body extends z.ZodType,
  Item extends z.ZodType = Record,
  Query extends z.ZodObject | undefined = undefined,
  Get extends string | undefined = undefined,
>(spec: AdminRecordSpec<Record, Body, Item, Query, Get>) {
  const { path, record, body, summaries } = spec;
  const { one, many, tag } = spec.names;
  const item = (spec.list.item ?? record) as Item;
  const query = spec.list.query as Query;
  const staff = { tag, auth: "staff" } as const;
  /** What the operations on one record (`{path}/{id}`) have in common. */
  const onRecord = { ...staff, path: `${path}/{id}`, params: IdParams };
  const list = defineRoute({
    ...staff,
    method: "GET",
    path,
    operationId: `adminList${many}`,
    summary: spec.list.summary,
    // A paged list (a query) answers its page in `meta`.
    query,
    meta: (query ? PageMetaSchema : undefined) as Query extends z.ZodObject ? typeof PageMetaSchema : undefined,
    data: z.array(item),
    errors: STAFF_ERRORS,
  });
  const get =
    summaries.get === undefined
      ? undefined
      : defineRoute({
          ...onRecord,
          method: "GET",
          operationId: `adminGet${one}`,
          summary: summaries.get,
          data: record,
          errors: [...STAFF_ERRORS, "not_found"],
        });
  return {
    list,
    create: defineRoute({
      ...staff,
      method: "POST",
      path,
      operationId: `adminCreate${one}`,
      summary: summaries.create,
      body,
      data: record,
      status: 201,
      errors: [...MANAGE_ERRORS, "slug_taken"],
    }),
    get: get as Get extends string ? NonNullable<typeof get> : undefined,
    update: defineRoute({
      ...onRecord,
      method: "PUT",
      operationId: `adminUpdate${one}`,
      summary: summaries.update,
      body,
      data: record,
      errors: [...MANAGE_ERRORS, "not_found", "slug_taken"],
    }),
    remove: defineRoute({
      ...onRecord,
      method: "DELETE",
      operationId: `adminDelete${one}`,
      summary: summaries.delete,
      data: DeletedSchema,
      errors: [...MANAGE_ERRORS, "not_found", ...(spec.deleteErrors ?? [])],
    }),
  };
}
