/**
 * OpenAPI operations of the app helpers of issue 7 (spec §7 "Admin and app"): the page-metadata
 * reader (the employee-form helpers are in contract/profile/employees.ts), merged into the document by openapi.ts with the same
 * generator as the profile (openapi-profile.ts), so queries and bodies come from the zod schemas the
 * endpoints validate with.
 */
import type { WriteOperation } from "./openapi-profile.ts";
import { PARSE_META_LIMITS, ParseMetaQuery } from "./parse-meta.ts";

const metaDescription =
  "Reads the page's `<title>`, description, Open Graph and Twitter card tags and `<link rel=icon>`; relative URLs resolve against the final URL. " +
  "Safe against server-side request forgery (ADR 012): http(s) only, no credentials, no browser-blocked ports; the host and every redirect target (at most 3) must resolve only to public unicast addresses " +
  "(loopback, private, CGNAT, link-local, multicast, reserved, documentation, IPv4-mapped/NAT64/6to4 forms of those, ULA, Teredo are refused) and the connection goes to exactly the addresses checked; " +
  `5 s in all, 1 MiB of HTML at most. At most ${PARSE_META_LIMITS.perUser} pages per user and ${PARSE_META_LIMITS.perIp} per IP a minute.`;
const metaReturns = "{ url, finalUrl, title, description, siteName, image, icon, lang } (each text or URL may be null)";
const metaErrors = {
  "400": "`url_invalid`, `url_scheme`, `url_credentials`, `url_port`, `url_forbidden_address`; `invalid_query` / `invalid_body` without `url`",
  "422": "The site could not be read: `dns_failed`, `too_many_redirects`, `timeout`, `too_large`, `not_html`, `http_status`, `fetch_failed`",
  "429": "`rate_limited` (with Retry-After)",
};

export const appOperations: WriteOperation[] = [
  { method: "get", path: "/app/parse/meta", tag: "App", summary: "Metadata of a web page (e.g. a company's website)", description: metaDescription, access: "signed in", query: ParseMetaQuery, returns: metaReturns, errors: metaErrors },
  { method: "post", path: "/app/parse/meta", tag: "App", summary: "Metadata of a web page (the URL in a JSON body)", description: metaDescription, access: "signed in", body: ParseMetaQuery, returns: metaReturns, errors: metaErrors },
];
