import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy, rateLimitKey } from "./client-ip.ts";

describe("client address behind proxies (security review F1)", () => {
  it("without TRUST_PROXY the socket's peer is the client and X-Forwarded-For is ignored", () => {
    expect(clientAddress("10.0.0.5", "203.0.113.9", parseTrustProxy(undefined))).toBe("10.0.0.5");
    expect(clientAddress("10.0.0.5", "203.0.113.9", parseTrustProxy("false"))).toBe("10.0.0.5");
  });

  it("behind one trusted proxy the address it saw is the client", () => {
    const trust = parseTrustProxy("loopback");
    expect(clientAddress("127.0.0.1", "203.0.113.9", trust)).toBe("203.0.113.9");
    // A forged entry to the left of the proxy's own is not believed.
    expect(clientAddress("127.0.0.1", "1.1.1.1, 203.0.113.9", trust)).toBe("203.0.113.9");
    // A request that did not come through the proxy keeps its peer, whatever it claims.
    expect(clientAddress("198.51.100.7", "1.1.1.1", trust)).toBe("198.51.100.7");
  });

  it("a hop count trusts that many proxies from the socket inwards", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.9, 10.0.0.1", parseTrustProxy("2"))).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "203.0.113.9, 10.0.0.1", parseTrustProxy("1"))).toBe("10.0.0.1");
  });

  it("CIDR lists and IPv4-mapped IPv6 peers", () => {
    const trust = parseTrustProxy("10.0.0.0/8, ::1");
    expect(clientAddress("::ffff:10.1.2.3", "2001:db8::7", trust)).toBe("2001:db8::7");
    expect(clientAddress("::ffff:198.51.100.7", undefined, trust)).toBe("198.51.100.7");
  });

  it("refuses to trust every hop and names a bad address", () => {
    expect(() => parseTrustProxy("true")).toThrow(/forge/);
    expect(() => parseTrustProxy("not-an-ip")).toThrow(/TRUST_PROXY/);
  });
});

describe("rate-limit keys", () => {
  it("count IPv4 by address and IPv6 by its /64 network (F9)", () => {
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe(rateLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(rateLimitKey("2001:db8:1:2::1")).not.toBe(rateLimitKey("2001:db8:1:3::1"));
    expect(rateLimitKey("unknown")).toBe("unknown");
  });
});
