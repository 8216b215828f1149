/**
 * The URL of the page a request is for. A client-side navigation loads data from the page's URL
 * with `.data` appended (`/_root.data` for `/`) and may add React Router's `_routes` parameter;
 * middleware and loaders see that raw URL. Paths, languages, redirects and query checks must use
 * the page's URL instead, or `/en.data` would not be English and a cleaned query would redirect to
 * `/okved.data`.
 */
const ROUTER_PARAMS = ["_routes"] as const;

export function documentUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  for (const param of ROUTER_PARAMS) url.searchParams.delete(param);
  return url;
}
