/**
 * `/app/parse/meta` (contract/parse-meta.ts; spec §7 "Admin and app", issue 7; ADR 012): the
 * resource that reads a web page's title, description, site name, image, icon and language for a
 * signed-in caller, at most PARSE_META_LIMITS per person and per client IP (429 `rate_limited` with
 * Retry-After), counted before the URL is looked at. The page is read by server/parse-meta under
 * the SSRF rules of ADR 012; its refusals (`MetaError`) are domain errors with their own codes.
 */
import { rateLimitKey } from "../client-ip.ts";
import type { Context } from "hono";
import * as parseMeta from "#contract/parse-meta.ts";
import type { Lang } from "#contract/lang-schemas.ts";
import { ERRORS } from "#contract/errors.ts";
import { MetaError, readPageMeta } from "../parse-meta/index.ts";
import type { ApiEnv } from "./env.ts";
import { clientContext, requireCaller } from "./caller.ts";
import { implement, resource } from "./resource.ts";

const ACCEPT_LANGUAGE = { ru: "ru,en;q=0.8,zh;q=0.6", en: "en,ru;q=0.8,zh;q=0.6", zh: "zh-CN,zh;q=0.9,en;q=0.8,ru;q=0.6" } as const;

async function read(c: Context<ApiEnv>, input: { url: string; lang: Lang }) {
  const { userId } = requireCaller(c);
  const service = c.var.parseMeta;
  await service.perUser.consume(String(userId));
  await service.perIp.consume(rateLimitKey(clientContext(c).ip));
  try {
    return {
      data: await readPageMeta(input.url, { ...service.fetch, acceptLanguage: ACCEPT_LANGUAGE[input.lang], signal: c.req.raw.signal }),
    };
  } catch (error) {
    if (error instanceof MetaError) {
      // Refused internal targets are worth noticing: someone may be probing the network.
      const level = error.code === "url_forbidden_address" ? "warn" : "info";
      c.var.logger[level]({ userId, code: error.code, reason: error.message }, "page metadata not read");
      // The reply carries the code and its fixed meaning only (security review F12): the detailed
      // reason names the address a host resolved to (internal DNS) or the socket error of a port,
      // which would let a signed-in user map the operator's network. The log above keeps it.
      throw new MetaError(error.code, ERRORS[error.code][1]);
    }
    throw error;
  }
}

export const parseMetaResource = resource("/app/parse/meta", [
  implement(parseMeta.readSiteMeta, (c, { query }) => read(c, query)),
  implement(parseMeta.readSiteMetaPost, (c, { body }) => read(c, body)),
]);
