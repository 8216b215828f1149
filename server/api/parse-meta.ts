/**
 * `/app/parse/meta` (spec §7 "Admin and app", issue 7): the title, description, site name, preview
 * image, icon and language of a web page, e.g. the website a supplier enters in the company form.
 *
 * - GET /app/parse/meta?url=…&lang=… or POST /app/parse/meta `{ url, lang? }` →
 *   `{ data: { url, finalUrl, title, description, siteName, image, icon, lang } }` (texts and URLs
 *   may be null). `lang` (ru, en, zh) is the caller's interface language, asked of the site first
 *   (Accept-Language).
 * - Signed-in callers only (401 `unauthorized`); at most PARSE_META_LIMITS per user and per client
 *   IP (429 `rate_limited` with Retry-After), counted before the URL is looked at.
 * - The page is read by server/parse-meta under the SSRF rules of ADR 012; every refusal is a typed
 *   error (server/parse-meta/errors.ts): 400 `url_invalid`, `url_scheme`, `url_credentials`,
 *   `url_port`, `url_forbidden_address`; 422 `dns_failed`, `too_many_redirects`, `timeout`,
 *   `too_large`, `not_html`, `http_status`, `fetch_failed`.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { MetaError, readPageMeta, type SafeFetchOptions } from "../parse-meta/index.ts";
import { MAX_URL_LENGTH } from "../parse-meta/address-policy.ts";
import type { ApiEnv } from "./app.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { ApiError, LangSchema, ok, parseJsonBody, parseQuery } from "./http.ts";
import { apiLimiter } from "./rate-limits.ts";

export interface ParseMetaLimits {
  /** Pages per signed-in user per window. */
  perUser: number;
  /** Pages per client IP per window (several people behind one office NAT share it). */
  perIp: number;
  /** Seconds. */
  windowS: number;
}

export const PARSE_META_LIMITS: ParseMetaLimits = { perUser: 30, perIp: 60, windowS: 60 };

export interface ParseMetaDeps {
  limits?: Partial<ParseMetaLimits>;
  /**
   * Overrides of the fetcher (tests only: a stub resolver, an address check that lets one local
   * test server count as public, a connection observer). Production passes nothing.
   */
  fetch?: Omit<SafeFetchOptions, "signal" | "acceptLanguage">;
}

export const ParseMetaQuery = z.object({
  url: z.string().max(MAX_URL_LENGTH * 3).describe("Absolute http(s) URL of the page"),
  lang: LangSchema.describe("The caller's interface language, asked of the site first"),
});

const ACCEPT_LANGUAGE = { ru: "ru,en;q=0.8,zh;q=0.6", en: "en,ru;q=0.8,zh;q=0.6", zh: "zh-CN,zh;q=0.9,en;q=0.8,ru;q=0.6" } as const;

/** The routes of `/app/parse/meta` with their own limiter and fetcher settings. */
export function parseMetaRoutes(db: Db, deps: ParseMetaDeps = {}) {
  const limits = { ...PARSE_META_LIMITS, ...deps.limits };
  const perUser = apiLimiter(db, { keyPrefix: "parse-meta-user", points: limits.perUser, windowS: limits.windowS }, "Too many pages read: wait a little");
  const perIp = apiLimiter(db, { keyPrefix: "parse-meta-ip", points: limits.perIp, windowS: limits.windowS }, "Too many pages read from this address: wait a little");

  async function handle(c: Context<ApiEnv>, input: z.infer<typeof ParseMetaQuery>) {
    const caller = requireCaller(c);
    await perUser.consume(String(caller.userId));
    await perIp.consume(clientContext(c).ip);
    try {
      const meta = await readPageMeta(input.url, { ...deps.fetch, acceptLanguage: ACCEPT_LANGUAGE[input.lang], signal: c.req.raw.signal });
      return ok(c, meta);
    } catch (error) {
      if (!(error instanceof MetaError)) throw error;
      // Refused internal targets are worth noticing: someone may be probing the network.
      const level = error.code === "url_forbidden_address" ? "warn" : "info";
      c.var.logger[level]({ userId: caller.userId, code: error.code, reason: error.message }, "page metadata not read");
      throw new ApiError(error.status, error.code, error.message);
    }
  }

  return new Hono<ApiEnv>()
    .get("/app/parse/meta", (c) => {
      requireCaller(c);
      return handle(c, parseQuery(c, ParseMetaQuery));
    })
    .post("/app/parse/meta", async (c) => {
      requireCaller(c);
      return handle(c, await parseJsonBody(c, ParseMetaQuery));
    });
}
