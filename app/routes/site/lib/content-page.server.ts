/** Loader of the content pages (`talp`, `liaozhong`; issue 7): the page from the API in the URL's language, its Markdown rendered on the server. */
import type { RouterContextProvider } from "react-router";
import { apiContext } from "#app/context.ts";
import * as pagesApi from "#contract/pages.ts";
import { documentUrl } from "#app/lib/document-url.ts";
import { pageLang } from "#app/lib/i18n.ts";
import { renderMarkdown } from "#app/lib/markdown.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";

export async function loadContentPage({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, slug: string) {
  const url = documentUrl(request);
  const lang = pageLang(request);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const pageNo = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1000 ? pageParam : 1;
  const page = await orNotFound(
    request,
    context
      .get(apiContext)
      .send(pagesApi.getPage, { params: { slug }, query: { lang, page: pageNo } })
      .then((r) => r.data),
  );
  return {
    page,
    html: page.body ? renderMarkdown(page.body.text) : "",
    seo: {
      title: page.title.text,
      description: (page.lead?.text ?? page.title.text).slice(0, 250),
      canonicalSearch: pageNo > 1 ? `?page=${pageNo}` : undefined,
    },
  };
}
