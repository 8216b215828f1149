/**
 * The client's IP address behind reverse proxies (security review F1), and the key per-IP rate
 * limits count by.
 *
 * Without a setting the client is the socket's peer and `X-Forwarded-For` is ignored (it can be
 * forged by anyone). Behind nginx or a load balancer, `TRUST_PROXY` says which hops to believe,
 * with the semantics of proxy-addr (the library Express uses):
 * - a hop count (`1`: the nearest proxy is trusted, the address it saw is the client);
 * - a comma-separated list of addresses, CIDR ranges or the names `loopback`, `linklocal`,
 *   `uniquelocal` (e.g. `loopback, 10.0.0.0/8`): the client is the first address from the right of
 *   the chain that is not trusted;
 * - `false` (default) or empty: trust nothing.
 * `true` (trust every hop) is refused: it lets any client choose its own address.
 */
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

/** Decides whether the hop at `index` (0 = the socket's peer) with address `addr` is a trusted proxy. */
export type TrustProxy = (addr: string, index: number) => boolean;

const TRUST_NOTHING: TrustProxy = () => false;

/**
 * Parses a TRUST_PROXY value. Throws an Error naming the bad part (start-up refuses to run with it).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return TRUST_NOTHING;
  if (text === "true")
    throw new Error("TRUST_PROXY=true would trust addresses any client can forge; give a hop count or the proxies' addresses");
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_addr, index) => index < hops;
  }
  const list = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    return proxyaddr.compile(list);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}`);
  }
}

/**
 * The client's address: the socket's `peer`, or, when the peer is a trusted proxy, the nearest
 * untrusted address of `X-Forwarded-For`. `"unknown"` when there is no peer (in-process requests).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  if (!peer) return "unknown";
  if (trust === TRUST_NOTHING || !forwardedFor) return normalize(peer);
  const request = { headers: { "x-forwarded-for": forwardedFor }, connection: { remoteAddress: peer }, socket: { remoteAddress: peer } };
  return normalize(proxyaddr(request as never, trust));
}

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 (a dual-stack socket's spelling). */
function normalize(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toString();
}

/**
 * The key a per-IP limit counts by: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one subscriber gets a whole /64, so counting single addresses would give them 2⁶⁴ keys; F9).
 */
export function rateLimitKey(ip: string): string {
  if (!ipaddr.IPv6.isValid(ip) || ipaddr.IPv4.isValid(ip)) return ip;
  const parts = ipaddr.IPv6.parse(ip).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

/**
 * The start-up warning for a hop-count TRUST_PROXY on an address other machines can reach (review
 * N12), or null. With `TRUST_PROXY=1` the client is whatever the nearest hop says; if the app's port
 * is reachable directly (HOST `0.0.0.0`, `::` or a LAN address), anyone who connects to it names
 * their own IP in `X-Forwarded-For` and passes every per-IP limit. Trusting the proxies by address
 * (`loopback`, a CIDR) has no such hole; so has a loopback HOST.
 */
export function trustProxyWarning(trustProxy: string | undefined, host: string): string | null {
  const text = (trustProxy ?? "").trim();
  if (!/^\d+$/.test(text) || Number(text) === 0) return null;
  const bare = host.replace(/^\[|\]$/g, "");
  const loopback = bare === "localhost" || (ipaddr.isValid(bare) && ipaddr.process(bare).range() === "loopback");
  if (loopback) return null;
  return `TRUST_PROXY=${text} trusts ${text} hop(s) by count while HOST=${host} lets other machines reach this port directly: they can set X-Forwarded-For to any address and pass every per-IP limit. Trust the proxies by address instead (TRUST_PROXY=loopback or their CIDR, docs/deploy.md §2), or listen on 127.0.0.1.`;
}
