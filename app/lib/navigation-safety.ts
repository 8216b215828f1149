/**
 * The one check every programmatic navigation goes through (spec §8): a URL on another origin is
 * refused unless the caller marks it `external`, and `blob:`, `data:`, `javascript:` and `vbscript:`
 * URLs are always refused (they run code or show content under our origin). Parsing follows the
 * WHATWG URL rules the browser itself applies, so `//host`, `/\host`, `java\tscript:` and upper-case
 * schemes cannot slip past a string comparison.
 */
export const REFUSED_PROTOCOLS = ["blob:", "data:", "javascript:", "vbscript:"] as const;

export type NavigationTarget =
  /** Same origin: `path` is pathname + search + hash, ready for the router. */
  | { kind: "internal"; path: string }
  /** Another http(s) origin, allowed because the caller marked it external. */
  | { kind: "external"; href: string };

export type RefusalReason = "protocol" | "external" | "invalid";

export class NavigationRefusedError extends Error {
  override name = "NavigationRefusedError";
  readonly reason: RefusalReason;
  readonly url: string;
  constructor(url: string, reason: RefusalReason) {
    super(
      reason === "protocol"
        ? `Navigation to a ${url.split(":")[0]}: URL is refused`
        : reason === "external"
          ? `Navigation to an external URL without the external flag is refused: ${url}`
          : `Not a navigable URL: ${url}`,
    );
    this.reason = reason;
    this.url = url;
  }
}

/** A path a browser would read as another host: it starts with two slashes (either way round). */
export function isProtocolRelative(path: string): boolean {
  return /^[/\\]{2}/.test(path);
}

/**
 * Resolves `url` against `origin` (e.g. "https://postavka.example") and classifies it.
 * @throws NavigationRefusedError for a refused protocol, an unmarked external URL, or a URL that
 *   does not parse or is neither http(s) nor same-origin.
 */
export function resolveNavigation(url: string, origin: string, options: { external?: boolean } = {}): NavigationTarget {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    throw new NavigationRefusedError(url, "invalid");
  }
  if ((REFUSED_PROTOCOLS as readonly string[]).includes(parsed.protocol)) throw new NavigationRefusedError(url, "protocol");
  if (parsed.origin === new URL(origin).origin) {
    // Dot segments can normalise to "//host" ("/.//evil.example", "/a/..//evil.example"): same origin
    // now, a protocol-relative URL once emitted (security review F2). Such a path is refused.
    if (isProtocolRelative(parsed.pathname)) throw new NavigationRefusedError(url, "invalid");
    return { kind: "internal", path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new NavigationRefusedError(url, "invalid");
  if (!options.external) throw new NavigationRefusedError(url, "external");
  return { kind: "external", href: parsed.href };
}

/** A same-origin path for `url`, or null when navigating there would be refused. */
export function safeInternalPath(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const target = resolveNavigation(url, origin);
    return target.kind === "internal" ? target.path : null;
  } catch {
    return null;
  }
}

/** A same-site relative path ("/…", not "//…" or "/\…"), or null. */
export function safeLocalPath(to: string | null): string | null {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  try {
    const url = new URL(to, "http://localhost");
    // After normalisation, not before: "/.//evil.example" becomes "//evil.example" (review F2).
    return url.origin === "http://localhost" && !isProtocolRelative(url.pathname) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
