/**
 * What the page-metadata reader may connect to (ADR 012: docs/decisions/012-page-metadata-ssrf-policy.md).
 *
 * The reader fetches URLs that signed-in users type, from inside our network. Without these rules a
 * user could make the server read its own admin ports, the cloud metadata service
 * (169.254.169.254), the database or any host of the private network (server-side request forgery,
 * OWASP ASVS 5.0 V1.3.6 / V15.3.2). Rules:
 *
 * - `checkUrl(text)`: the URL is parsed by the WHATWG URL parser (`new URL`), the same parser
 *   browsers use, so every spelling of an IPv4 address (decimal `2130706433`, octal `0177.0.0.1`,
 *   hex `0x7f.1`, short `127.1`, `0`, full-width digits and ideographic dots, percent-encoded
 *   hosts) becomes a dotted quad before anything looks at it, and tabs, newlines and backslashes
 *   are handled the way a browser would. Then: http or https only (`url_scheme`), no user name or
 *   password (`url_credentials`), none of the Fetch standard's "bad ports" (`url_port`), no
 *   local-only names (`url_forbidden_address`: `localhost`, `*.localhost`, `*.local`,
 *   `*.internal`, `*.home.arpa`, `*.localdomain`, and single-label names, which only a local search
 *   domain could resolve).
 * - `classifyAddress(ip)`: every address the host resolves to must be public unicast. The ranges
 *   come from ipaddr.js (`range()`, kept in step with the IANA special-purpose registries): for IPv4
 *   only `unicast` passes (refused: 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24,
 *   192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4,
 *   255.255.255.255, AS112, AMT). For IPv6 only global unicast (2000::/3) that ipaddr.js calls
 *   `unicast` passes, except that the forms embedding an IPv4 address are judged by that address:
 *   IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` and
 *   6to4 `2002:aabb:ccdd::`. Refused: `::`, `::1`, IPv4-compatible `::a.b.c.d`, fc00::/7,
 *   fe80::/10, fec0::/10, ff00::/8, Teredo 2001::/32 (its client address is hidden by XOR), the
 *   local-use NAT64 prefix 64:ff9b:1::/48, documentation, benchmarking, ORCHID and anything with
 *   a zone index.
 *
 * Both are pure functions; server/parse-meta/safe-fetch.ts applies them to the URL, to every
 * resolved address and again to every redirect, and connects only to an address they passed.
 */
import ipaddr from "ipaddr.js";
import { MetaError } from "./errors.ts";

/** Longest URL accepted (characters, after trimming). */
export const MAX_URL_LENGTH = 2048;

/**
 * Ports a browser never fetches (WHATWG Fetch, "port blocking"): other protocols' services that a
 * crafted HTTP request could talk to (SMTP, IRC, LDAP, SIP, X11…).
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Names that by definition point into the local machine or network (RFC 6761, RFC 6762, RFC 8375, ICANN 2024 `.internal`). */
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "localdomain"];

/** Whether `hostname` (as `URL.hostname` gives it: lower case, punycode) is a local-only name. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  if (name === "") return true;
  if (!name.includes(".")) return true;
  return LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** The host of `url` without the IPv6 brackets: `[::1]` → `::1`. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/** The port `url` connects to (its explicit port or the scheme's default). */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/**
 * Parses and checks a URL a user typed or a redirect named (relative locations resolve against
 * `base`). Returns the normalized URL without its fragment. Throws `MetaError` `url_invalid`,
 * `url_scheme`, `url_credentials`, `url_port` or `url_forbidden_address` (local names and IP
 * literals outside the public internet; names that resolve inside are refused after resolution).
 */
export function checkUrl(input: string, base?: URL): URL {
  const text = input.trim();
  if (text === "" || text.length > MAX_URL_LENGTH)
    throw new MetaError("url_invalid", `Enter an absolute http(s) URL of at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new MetaError("url_invalid", "Not a valid absolute URL (it must start with http:// or https://)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new MetaError("url_scheme", `Only http and https addresses can be read, not ${url.protocol}`);
  if (url.username || url.password) throw new MetaError("url_credentials", "Addresses with a user name or password are not read");
  if (BAD_PORTS.has(portOf(url))) throw new MetaError("url_port", `Port ${portOf(url)} is not used for web sites`);
  const host = bareHost(url);
  if (ipaddr.isValid(host)) {
    const verdict = classifyAddress(host);
    if (!verdict.allowed) throw forbidden(host, verdict.range);
  } else if (isLocalHostname(host)) {
    throw new MetaError("url_forbidden_address", `${host} is a local name`);
  }
  url.hash = "";
  return url;
}

/** The refusal for an address in `range`. */
export function forbidden(address: string, range: string): MetaError {
  return new MetaError("url_forbidden_address", `${address} is not a public internet address (${range})`);
}

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

const GLOBAL_UNICAST = ipaddr.IPv6.parse("2000::");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse("64:ff9b::");

/**
 * Whether an IP address (dotted-quad IPv4 or IPv6 text, as `dns.lookup` or `URL.hostname` give
 * it) is a public unicast address the reader may connect to. `range` names why not, e.g.
 * `loopback`, `private`, `ipv4Mapped(loopback)`.
 */
export function classifyAddress(address: string): AddressVerdict {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return classifyV4(ipaddr.IPv4.parse(address));
  // A zone index (`fe80::1%eth0`) names a local interface: never a public address.
  if (address.includes("%")) return { allowed: false, range: "zoned" };
  const canonical = canonicalIPv6(address);
  if (canonical === null || !ipaddr.IPv6.isValid(canonical)) return { allowed: false, range: "invalid" };
  const v6 = ipaddr.IPv6.parse(canonical);
  const range = v6.range();
  switch (range) {
    case "ipv4Mapped":
    case "rfc6145":
      return embedded(range, v6, 12);
    case "rfc6052":
      // The well-known NAT64 prefix (RFC 6052) carries a public IPv4 address on IPv6-only networks;
      // the local-use prefix 64:ff9b:1::/48 (RFC 8215) leads into the operator's own network.
      return v6.match(NAT64_WELL_KNOWN, 96) ? embedded(range, v6, 12) : { allowed: false, range };
    case "6to4":
      return embedded(range, v6, 2);
    case "unicast":
      return v6.match(GLOBAL_UNICAST, 3) ? { allowed: true } : { allowed: false, range: "reserved" };
    default:
      return { allowed: false, range };
  }
}

/**
 * IPv6 text in the URL standard's canonical form (RFC 5952, hex only). ipaddr.js reads a dotted
 * IPv4 tail as IPv4-mapped (`::127.0.0.1` → `::ffff:7f00:1`), which would misjudge the deprecated
 * IPv4-compatible form; the WHATWG parser keeps it as `::7f00:1`. Null when not IPv6.
 */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

function classifyV4(v4: ipaddr.IPv4): AddressVerdict {
  const range = v4.range();
  return range === "unicast" ? { allowed: true } : { allowed: false, range };
}

/** Judges an IPv6 address by the IPv4 address in its bytes `offset…offset+3`. */
function embedded(range: string, v6: ipaddr.IPv6, offset: number): AddressVerdict {
  const bytes = v6.toByteArray().slice(offset, offset + 4);
  const verdict = classifyV4(new ipaddr.IPv4(bytes));
  return verdict.allowed ? verdict : { allowed: false, range: `${range}(${verdict.range})` };
}
