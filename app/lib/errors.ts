/**
 * Page errors (spec §2, §8): a failed page validation is a 404 whose message is
 * `Page Not Found: {path}`. Thrown as React Router `data` so the error boundary renders it.
 */
import { data } from "react-router";
import { documentUrl } from "./document-url.ts";

export function pageNotFound(request: Request): never {
  const url = documentUrl(request);
  throw data({ message: `Page Not Found: ${decodeURIComponent(url.pathname)}` }, { status: 404, statusText: "Not Found" });
}
