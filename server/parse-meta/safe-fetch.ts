/**
 * Fetches one HTML page for the metadata reader without letting the URL reach inside our network
 * (ADR 012). `safeFetchPage(input, options)`:
 *
 * 1. checks the URL (`checkUrl`: scheme, credentials, port, local names, IP literals);
 * 2. resolves the host (`dns.lookup`, every address) and refuses it when ANY address is not public
 *    (`classifyAddress`) — a name with one public and one private address is refused, since the
 *    connection could go to either;
 * 3. connects to exactly the addresses it checked: undici's connector gets a `lookup` that answers
 *    with the checked addresses and nothing else, so no second DNS answer (DNS rebinding) is ever
 *    asked for or used. The Host header and the TLS server name (SNI, certificate check) stay the
 *    original host name; environment proxies are never used;
 * 4. follows redirects itself, at most MAX_REDIRECTS, repeating 1–3 for every location;
 * 5. stops at TIMEOUT_MS for the whole exchange (every hop, DNS included) and at MAX_BODY_BYTES of
 *    the (decompressed) body, and accepts only `text/html` and `application/xhtml+xml`.
 *
 * Errors: `MetaError` (server/parse-meta/errors.ts) with `url_*`, `dns_failed`, `too_many_redirects`,
 * `timeout`, `too_large`, `not_html`, `http_status` or `fetch_failed`; nothing else escapes.
 *
 * Tests replace `resolve` (a stub resolver instead of DNS) and `checkAddress` (to let one local test
 * server count as public); production uses the defaults.
 */
import dns from "node:dns";
import net from "node:net";
import { pipeline } from "node:stream/promises";
import { MIMEType } from "node:util";
import zlib from "node:zlib";
import { Agent, buildConnector, request, type Dispatcher } from "undici";
import { bareHost, checkUrl, classifyAddress, forbidden, portOf, type AddressVerdict } from "./address-policy.ts";
import { MetaError } from "./errors.ts";

/** The whole exchange, every redirect and DNS lookup included (ms). */
export const TIMEOUT_MS = 5_000;
/** Largest page read (bytes after decompression): 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Redirects followed; the next one is `too_many_redirects`. */
export const MAX_REDIRECTS = 3;
/** Media types read as HTML. */
export const HTML_TYPES: ReadonlySet<string> = new Set(["text/html", "application/xhtml+xml"]);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (no IP literals are passed). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Decides whether the reader may connect to `address` for `target` (default: `classifyAddress`). */
export type AddressCheck = (address: string, target: { hostname: string; port: number }) => AddressVerdict;

export interface SafeFetchOptions {
  resolve?: Resolver;
  checkAddress?: AddressCheck;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Sent as User-Agent. */
  userAgent?: string;
  /** Sent as Accept-Language (e.g. the caller's interface language first). */
  acceptLanguage?: string;
  /** Cancels the exchange (e.g. the caller went away); reported as `fetch_failed`. */
  signal?: AbortSignal;
  /** Told the addresses and port of every connection just before it is opened (tests, logs). */
  onConnect?: (addresses: readonly string[], port: number) => void;
}

export interface FetchedPage {
  /** The URL asked for, normalized. */
  url: string;
  /** The URL of the page read, after redirects. */
  finalUrl: string;
  redirects: number;
  status: number;
  /** The media type, e.g. `text/html`. */
  mediaType: string;
  /** The `charset` parameter of Content-Type, if any. */
  charset: string | null;
  /** The Content-Language header, if any. */
  contentLanguage: string | null;
  body: Buffer;
}

/** `dns.lookup` with every address, in the resolver's order. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, order: "verbatim" });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const defaultCheck: AddressCheck = (address) => classifyAddress(address);

/** Fetches the HTML page at `input` under the rules of the module comment. */
export async function safeFetchPage(input: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const first = checkUrl(input);
  let url = first;
  try {
    for (let redirects = 0; ; redirects++) {
      const addresses = await resolveChecked(url, options, signal);
      const agent = pinnedAgent(url, addresses, options);
      try {
        const response = await send(url, agent, options, signal);
        if (REDIRECTS.has(response.statusCode)) {
          discard(response);
          const location = header(response.headers, "location");
          if (!location) throw new MetaError("http_status", `The site answered ${response.statusCode} without a location`);
          if (redirects >= maxRedirects) throw new MetaError("too_many_redirects", `More than ${maxRedirects} redirects`);
          url = checkUrl(location, url);
          continue;
        }
        if (response.statusCode < 200 || response.statusCode > 299) {
          discard(response);
          throw new MetaError("http_status", `The site answered with status ${response.statusCode}`);
        }
        const { mediaType, charset } = htmlType(header(response.headers, "content-type"));
        if (!mediaType) {
          discard(response);
          throw new MetaError("not_html", "The address does not lead to an HTML page");
        }
        const body = await readBody(response, options.maxBytes ?? MAX_BODY_BYTES, signal);
        return {
          url: first.href,
          finalUrl: url.href,
          redirects,
          status: response.statusCode,
          mediaType,
          charset,
          contentLanguage: header(response.headers, "content-language") ?? null,
          body,
        };
      } finally {
        agent.destroy().catch(() => undefined);
      }
    }
  } catch (error) {
    throw asMetaError(error, timeout);
  }
}

/** Resolves the host of `url` and checks every address; returns them for the connection. */
async function resolveChecked(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const hostname = bareHost(url);
  const port = portOf(url);
  const family = net.isIP(hostname);
  let addresses: ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: hostname, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable((options.resolve ?? systemResolver)(hostname.replace(/\.$/, "")), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new MetaError("dns_failed", `${hostname} could not be resolved`, { cause: error });
    }
    if (addresses.length === 0) throw new MetaError("dns_failed", `${hostname} has no addresses`);
  }
  const check = options.checkAddress ?? defaultCheck;
  for (const { address } of addresses) {
    const verdict = check(address, { hostname, port });
    if (!verdict.allowed) throw forbidden(family !== 0 ? address : `${hostname} (${address})`, verdict.range);
  }
  return addresses;
}

/**
 * A one-use dispatcher whose every connection goes to `addresses` (already checked): the socket's
 * DNS lookup is replaced by one that returns exactly those, and refuses any other host name.
 * An IP-literal host needs no lookup and is itself the checked address.
 */
function pinnedAgent(url: URL, addresses: ResolvedAddress[], options: SafeFetchOptions): Agent {
  const hostname = bareHost(url);
  const expected = hostname.replace(/\.$/, "");
  const lookup: net.LookupFunction = (name, lookupOptions, callback) => {
    if (name.replace(/\.$/, "").toLowerCase() !== expected) {
      const error = Object.assign(new Error(`Unexpected lookup of ${name}`), { code: "ENOTFOUND" });
      callback(error, "", 4);
      return;
    }
    if ((lookupOptions as dns.LookupOptions).all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const timeout = options.timeoutMs ?? TIMEOUT_MS;
  const connector = buildConnector({ lookup, autoSelectFamily: true, timeout, allowH2: false });
  const port = portOf(url);
  return new Agent({
    connect: (connectOptions, callback) => {
      options.onConnect?.(
        addresses.map((a) => a.address),
        port,
      );
      return connector(connectOptions, callback);
    },
    connections: 1,
    pipelining: 0,
    headersTimeout: timeout,
    bodyTimeout: timeout,
  });
}

function send(url: URL, dispatcher: Dispatcher, options: SafeFetchOptions, signal: AbortSignal) {
  return request(url, {
    dispatcher,
    method: "GET",
    signal,
    headers: {
      "user-agent": options.userAgent ?? "Mozilla/5.0 (compatible; PostavkaBot/0.1)",
      accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
      "accept-language": options.acceptLanguage ?? "ru,en;q=0.8,zh;q=0.7",
      "accept-encoding": "gzip, deflate, br",
    },
  });
}

/** Drops a body that will not be read (the agent is destroyed right after). */
function discard(response: Dispatcher.ResponseData): void {
  response.body.on("error", () => undefined);
  response.body.destroy();
}

function header(headers: Dispatcher.ResponseData["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The media type and charset of an HTML Content-Type; `mediaType` null for anything else. */
export function htmlType(contentType: string | undefined): { mediaType: string | null; charset: string | null } {
  if (!contentType) return { mediaType: null, charset: null };
  try {
    const mime = new MIMEType(contentType);
    return HTML_TYPES.has(mime.essence)
      ? { mediaType: mime.essence, charset: mime.params.get("charset") ?? null }
      : { mediaType: null, charset: null };
  } catch {
    return { mediaType: null, charset: null };
  }
}

/** Reads the body, decompressing gzip/deflate/br, and stops with `too_large` past `maxBytes`. */
async function readBody(response: Dispatcher.ResponseData, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const encoding = (header(response.headers, "content-encoding") ?? "identity").trim().toLowerCase();
  const length = Number(header(response.headers, "content-length"));
  if (encoding === "identity" && Number.isFinite(length) && length > maxBytes) {
    discard(response);
    throw new MetaError("too_large", `The page is larger than ${maxBytes} bytes`);
  }
  const decoder =
    encoding === "gzip" || encoding === "x-gzip" || encoding === "deflate"
      ? zlib.createUnzip()
      : encoding === "br"
        ? zlib.createBrotliDecompress()
        : encoding === "identity" || encoding === ""
          ? null
          : undefined;
  if (decoder === undefined) {
    discard(response);
    throw new MetaError("fetch_failed", `Unsupported content encoding ${encoding}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw new MetaError("too_large", `The page is larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  };
  if (decoder) await pipeline(response.body, decoder, collect, { signal });
  else await pipeline(response.body, collect, { signal });
  return Buffer.concat(chunks, size);
}

/** `promise`, or a rejection as soon as `signal` aborts (a DNS lookup cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Any failure as a `MetaError`: the time limit is `timeout`, everything unexpected `fetch_failed`. */
function asMetaError(error: unknown, timeout: AbortSignal): MetaError {
  if (error instanceof MetaError) return error;
  if (timeout.aborted) return new MetaError("timeout", "The site did not answer in time", { cause: error });
  const code = (error as { code?: string } | null)?.code;
  const message =
    code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT"
      ? null
      : (error as Error | null)?.message;
  if (message === null) return new MetaError("timeout", "The site did not answer in time", { cause: error });
  return new MetaError("fetch_failed", `The site could not be read${code ? ` (${code})` : ""}`, { cause: error });
}
