/**
 * `/app/parse/meta` (spec §7 "Admin and app", issue 7; ADR 012): the title, description, site name,
 * preview image, icon and language of a web page, e.g. the website a supplier enters in the company
 * form. The page is read by the server under the SSRF rules of ADR 012; every refusal has its own
 * code: 400 for the URL itself, 422 for the site behind an allowed URL (never 502/504, which the web
 * tier's client would retry). Signed-in callers only, rate-limited per person and per client IP.
 */
import { z } from "zod";
import { LangSchema } from "./lang-schemas.ts";
import { defineRoute } from "./route.ts";

/** Longest URL accepted (characters), as in server/parse-meta/address-policy.ts MAX_URL_LENGTH × 3 (percent-encoding). */
const MAX_URL_INPUT = 2048 * 3;

export const ParseMetaQuery = z
  .object({
    url: z.string().max(MAX_URL_INPUT).meta({ description: "Absolute http(s) URL of the page" }),
    lang: LangSchema.meta({ description: "The caller's interface language, asked of the site first" }),
  })
  .meta({ id: "ParseMetaQuery" });

export const SiteMetaSchema = z
  .object({
    url: z.string().meta({ description: "The URL asked for, normalized" }),
    finalUrl: z.string().meta({ description: "The page's URL after redirects" }),
    title: z.string().nullable(),
    description: z.string().nullable(),
    siteName: z.string().nullable(),
    image: z.string().nullable().meta({ description: "Absolute http(s) URL of the preview image" }),
    icon: z.string().nullable().meta({ description: "Absolute http(s) URL of the site icon" }),
    lang: z.string().nullable().meta({ description: "BCP 47 language tag of the page" }),
  })
  .meta({ id: "SiteMeta" });
export type SiteMeta = z.infer<typeof SiteMetaSchema>;

const DESCRIPTION =
  "Reads the page's `<title>`, description, Open Graph and Twitter card tags and `<link rel=icon>`; relative URLs resolve against the final URL. " +
  "Safe against server-side request forgery (ADR 012): http(s) only, no credentials, no browser-blocked ports; the host and every redirect target (at most 3) must resolve only to public unicast addresses " +
  "(loopback, private, CGNAT, link-local, multicast, reserved, documentation, IPv4-mapped/NAT64/6to4 forms of those, ULA, Teredo are refused) and the connection goes to exactly the addresses checked; " +
  "5 s in all, 1 MiB of HTML at most. Limited per person and per client IP (429 `rate_limited` with Retry-After).";

/** Why a page could not be read: each code has a message in `parseMeta.errors.<code>` (ru, en, zh). */
export const META_ERROR_CODES = [
  /** Not an absolute URL, or longer than MAX_URL_LENGTH. */
  "url_invalid",
  /** A scheme other than http or https (file:, ftp:, gopher:, data:, javascript:…). */
  "url_scheme",
  /** A user name or password in the URL (`http://user:pass@host/`). */
  "url_credentials",
  /** A port browsers refuse to fetch (the Fetch standard's "bad port" list: SMTP, IRC, …). */
  "url_port",
  /** The host is, or resolves to, an address inside a private, local or reserved network. */
  "url_forbidden_address",
  /** The host name does not resolve. */
  "dns_failed",
  /** More than MAX_REDIRECTS redirects. */
  "too_many_redirects",
  /** The site did not answer within the time limit. */
  "timeout",
  /** The page is larger than MAX_BODY_BYTES. */
  "too_large",
  /** The answer is not an HTML page. */
  "not_html",
  /** The site answered with an error status (4xx, 5xx) or a redirect without a location. */
  "http_status",
  /** The connection failed (refused, reset, TLS certificate not valid for the name…). */
  "fetch_failed",
] as const;

const ERRORS = ["rate_limited", ...META_ERROR_CODES] as const;

export const readSiteMeta = defineRoute({
  method: "GET",
  path: "/app/parse/meta",
  operationId: "readSiteMeta",
  tag: "Page metadata",
  summary: "Title, description, image, icon and language of a web page",
  description: DESCRIPTION,
  auth: "user",
  query: ParseMetaQuery,
  data: SiteMetaSchema,
  errors: ERRORS,
});

export const readSiteMetaPost = defineRoute({
  method: "POST",
  path: "/app/parse/meta",
  operationId: "readSiteMetaPost",
  tag: "Page metadata",
  summary: "The same as GET, with `{ url, lang? }` as the body",
  auth: "user",
  body: ParseMetaQuery,
  data: SiteMetaSchema,
  errors: ERRORS,
});
