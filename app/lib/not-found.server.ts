/**
 * Loaders' 404s for records the API does not have (or does not show to this caller): the value of an
 * API call, or the 404 page (spec §8, `Page Not Found: {path}`) when the API answers 404.
 *
 *   const story = await orNotFound(request, api.story(params.id, lang));
 */
import { ApiClientError } from "./api-client.server.ts";
import { pageNotFound } from "./errors.ts";

export async function orNotFound<T>(request: Request, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) pageNotFound(request);
    throw error;
  }
}
