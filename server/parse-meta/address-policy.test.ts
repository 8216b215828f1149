/**
 * The SSRF address policy (ADR 012) on its own: which IP addresses count as public, how every
 * spelling of a URL is normalized before it is judged, and which refusal each gets. The same rules
 * are exercised end to end, with a sentinel server proving no connection, in
 * tests/api/parse-meta.test.ts.
 */
import { describe, expect, test } from "vitest";
import { checkUrl, classifyAddress, isLocalHostname } from "./address-policy.ts";
import { MetaError } from "./errors.ts";

function refusal(input: string): string | null {
  try {
    checkUrl(input);
    return null;
  } catch (error) {
    if (error instanceof MetaError) return error.code;
    throw error;
  }
}

describe("classifyAddress", () => {
  test.each([
    ["8.8.8.8"],
    ["77.88.55.242"],
    ["1.1.1.1"],
    ["2a02:6b8::2:242"],
    ["2001:4860:4860::8888"],
    ["::ffff:8.8.8.8"],
    ["64:ff9b::808:808"],
    ["2002:0808:0808::1"],
  ])("%s is public", (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true });
  });

  test.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.100.1", "private"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "zoned"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "ipv4Mapped(loopback)"],
    ["::ffff:7f00:1", "ipv4Mapped(loopback)"],
    ["::ffff:10.1.2.3", "ipv4Mapped(private)"],
    ["::ffff:169.254.169.254", "ipv4Mapped(linkLocal)"],
    ["::ffff:0:127.0.0.1", "rfc6145(loopback)"],
    ["::127.0.0.1", "reserved"],
    ["::8.8.8.8", "reserved"],
    ["64:ff9b::127.0.0.1", "rfc6052(loopback)"],
    ["64:ff9b::a00:1", "rfc6052(private)"],
    ["64:ff9b:1::808:808", "rfc6052"],
    ["2002:7f00:1::", "6to4(loopback)"],
    ["2002:c0a8:101::1", "6to4(private)"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["2001:db8::1", "reserved"],
    ["2001:2::1", "benchmarking"],
    ["100::1", "discard"],
    ["4000::1", "reserved"],
    ["not-an-ip", "invalid"],
  ])("%s is refused as %s", (address, range) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, range });
  });
});

describe("isLocalHostname", () => {
  test.each([
    "localhost",
    "localhost.",
    "LOCALHOST",
    "a.localhost",
    "printer.local",
    "db.internal",
    "router.home.arpa",
    "box.localdomain",
    "intranet",
    "",
  ])("%s is local", (name) => {
    expect(isLocalHostname(name)).toBe(true);
  });
  test.each(["example.com", "localhost.example.com", "mylocal.ru", "internal.example.com"])("%s is not", (name) => {
    expect(isLocalHostname(name)).toBe(false);
  });
});

describe("checkUrl", () => {
  test("normalizes a public URL and drops the fragment", () => {
    expect(checkUrl("  HTTPS://Example.COM:443/a/../b?x=1#top ").href).toBe("https://example.com/b?x=1");
    expect(checkUrl("http://пример.рф/").hostname).toBe("xn--e1afmkfd.xn--p1ai");
  });

  test("resolves a relative redirect against the page", () => {
    expect(checkUrl("/next", new URL("https://example.com/a/b")).href).toBe("https://example.com/next");
    expect(checkUrl("//other.example.org/x", new URL("https://example.com/")).href).toBe("https://other.example.org/x");
  });

  test.each([
    ["", "url_invalid"],
    ["example.com", "url_invalid"],
    ["http://", "url_invalid"],
    ["http://exa mple.com/", "url_invalid"],
    [`https://example.com/${"a".repeat(2100)}`, "url_invalid"],
    ["ftp://example.com/", "url_scheme"],
    ["file:///etc/passwd", "url_scheme"],
    ["gopher://example.com:70/", "url_scheme"],
    ["data:text/html,<title>x</title>", "url_scheme"],
    ["javascript:alert(1)", "url_scheme"],
    ["ws://example.com/", "url_scheme"],
    ["http://user:pass@example.com/", "url_credentials"],
    ["http://user@example.com/", "url_credentials"],
    ["http://:pass@example.com/", "url_credentials"],
    ["http://example.com:25/", "url_port"],
    ["http://example.com:6667/", "url_port"],
    ["https://example.com:0/", "url_port"],
    ["http://2130706433/", "url_forbidden_address"],
    ["http://0x7f.1/", "url_forbidden_address"],
    ["http://0177.0.0.1/", "url_forbidden_address"],
    ["http://127.1/", "url_forbidden_address"],
    ["http://0/", "url_forbidden_address"],
    ["http://[::ffff:127.0.0.1]/", "url_forbidden_address"],
    ["http://127。0。0。1/", "url_forbidden_address"],
    ["http://%31%32%37.0.0.1/", "url_forbidden_address"],
    ["http:\\\\127.0.0.1\\", "url_forbidden_address"],
    ["http://127.0.0.1\t/", "url_forbidden_address"],
    ["http://loc\nalhost/", "url_forbidden_address"],
    ["http://localhost./", "url_forbidden_address"],
    ["http://metadata/", "url_forbidden_address"],
  ])("%j is refused: %s", (input, code) => {
    expect(refusal(input)).toBe(code);
  });

  test("ports a site may use pass", () => {
    expect(refusal("http://example.com:8080/")).toBeNull();
    expect(refusal("https://example.com:8443/")).toBeNull();
  });
});
