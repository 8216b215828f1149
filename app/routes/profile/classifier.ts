/**
 * `profile/classifier?c=okved|tnved&q=…`: live results for the classifier picker's combobox
 * (app/routes/profile/components/classifier-picker.tsx) → `{ hits: PickerHit[], total }` as JSON, names in
 * the page's language. Backed by the API's classifier search (`/dev/okved2`, `/dev/ved`); the
 * classifiers are public, so no sign-in is needed. A bad `c` is a 400.
 */
import { data } from "react-router";
import type { Route } from "./+types/classifier";
import { apiContext } from "#app/context.ts";
import { ApiClientError } from "#app/lib/api-client.server.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { searchPickerHits } from "./components/classifier-picker.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = documentUrl(request);
  const lang = pageLang(request);
  const classifier = url.searchParams.get("c");
  if (classifier !== "okved" && classifier !== "tnved") return data({ error: { code: "invalid_query" } }, { status: 400 });
  const q = url.searchParams.get("q") ?? "";
  try {
    const result = await searchPickerHits(context.get(apiContext), classifier, q, lang);
    return data(result, { headers: { "Cache-Control": "private, max-age=60" } });
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return data({ error: { code: error.code } }, { status: 400 });
    throw error;
  }
}
