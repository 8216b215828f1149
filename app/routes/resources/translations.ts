/**
 * `POST /profile/translations` (form fields `kind` product|company, `id` for a product, `field`,
 * `lang`, `text`, `redirectTo`): saves the supplier's own translation of a product's or the
 * company's name or description (ADR 031; an empty text gives the field back to the machine) and
 * returns to the edit page with a flash message. A refusal comes back as an error flash; nothing
 * else was typed on that small form.
 */
import type { Route } from "./+types/translations";
import * as translation from "#contract/translation.ts";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { readSignedInPost } from "#app/lib/signed-in-post.server.ts";
import { flashRedirect, localizedRedirect } from "#app/lib/redirect.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/profile");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form, back } = await readSignedInPost(request, context, "/profile");
  const body = { field: form.get("field"), lang: form.get("lang"), text: String(form.get("text") ?? "") } as never;
  const id = Number(form.get("id"));
  const api = context.get(apiContext);
  try {
    if (form.get("kind") === "company") await api.send(translation.putCompanyTranslation, { body });
    else if (Number.isInteger(id) && id > 0) await api.send(translation.putProductTranslation, { params: { id }, body });
    else return flashRedirect(back, { message: "content.flash.failed", tone: "error" });
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500)
      return flashRedirect(back, { message: "content.flash.failed", tone: "error" });
    throw error;
  }
  return flashRedirect(back, String(form.get("text") ?? "").trim() ? "content.flash.saved" : "content.flash.removed");
}
