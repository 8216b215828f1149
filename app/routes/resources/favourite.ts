/**
 * `POST /favourite` (form fields `productId`, `favourite` "1"/"0", `redirectTo`): adds or removes a
 * favourite product (spec §4). Without JavaScript it returns to `redirectTo`; the JavaScript button
 * (a fetcher, field `js=1`) gets `{ id, favourite }` and React Router reloads the favourites list.
 * Anonymous visitors are sent to sign in and brought back.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/favourite";
import * as profile from "#contract/profile.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { readSignedInPost } from "#app/lib/signed-in-post.server.ts";
import { localizedRedirect } from "#app/lib/redirect.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/favorites");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, back } = await readSignedInPost(request, context, "/favorites");
  const productId = Number(form.get("productId"));
  const favourite = form.get("favourite") === "1";
  if (!Number.isInteger(productId) || productId <= 0) return data({ error: "invalid_product" }, { status: 400 });
  try {
    const { data: result } = await context
      .get(apiContext)
      .send(favourite ? profile.addFavourite : profile.removeFavourite, { params: { id: productId } });
    if (form.get("js") === "1") return data(result);
    return redirect(back);
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return data({ error: error.code }, { status: error.status });
    throw error;
  }
}
