/**
 * The classifier resources (contract/classifiers.ts): the OKVED2 and TN VED EAEU trees
 * (`/api/okved/tree`, `/api/tnved/tree`) and their searches (`/dev/okved2`, `/dev/ved`). Their data
 * changes only on import, so browsers and the service worker may keep answers for five minutes.
 */
import { pageMetaOf } from "#contract/route.ts";
import type { Context } from "hono";
import * as classifiers from "#contract/classifiers.ts";
import type { Classifier } from "../classifiers/codes.ts";
import { classifierTree, searchCodes } from "../classifiers/repository.ts";
import type { ApiEnv } from "./env.ts";
import { PUBLIC_CACHE } from "./http.ts";
import { implement, resource, type Implementation } from "./resource.ts";

function tree(classifier: Classifier): Implementation {
  return implement(classifiers.treeRoute[classifier], async (c: Context<ApiEnv>, { query }) => {
    const data = await classifierTree(c.var.db, classifier, query);
    c.header("Cache-Control", PUBLIC_CACHE);
    return { data };
  });
}

function search(classifier: Classifier): Implementation {
  return implement(classifiers.searchRoute[classifier], async (c: Context<ApiEnv>, { query }) => {
    const result = await searchCodes(c.var.db, classifier, query);
    c.header("Cache-Control", PUBLIC_CACHE);
    const { page, perPage, q } = query;
    return {
      data: result.items,
      meta: {
        ...pageMetaOf(page, perPage, result.total),
        q,
        correctedQuery: result.correctedQuery,
      },
    };
  });
}

export const okvedTreeResource = resource("/api/okved", [tree("okved")]);
export const tnvedTreeResource = resource("/api/tnved", [tree("tnved")]);
export const okvedSearchResource = resource("/dev/okved2", [search("okved")]);
export const tnvedSearchResource = resource("/dev/ved", [search("tnved")]);
