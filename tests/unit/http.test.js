// The client address behind the platform's proxies, and what the rate limit counts
// (supabase/functions/_shared/http.ts).
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedShape, rateLimitKey } from "../../supabase/functions/_shared/http.ts";

const withForwarded = (value) => new Request("http://localhost/", { headers: value === undefined ? {} : { "X-Forwarded-For": value } });

describe("clientAddress", () => {
  it("takes the entry as many places from the right as there are trusted proxies (TRUSTED_PROXY_HOPS)", () => {
    const request = withForwarded("203.0.113.9, 198.51.100.7, 10.0.0.1");
    expect(clientAddress(request)).toBe("10.0.0.1");
    expect(clientAddress(request, 2)).toBe("198.51.100.7");
    expect(clientAddress(request, 3)).toBe("203.0.113.9");
    // Fewer entries than trusted proxies: the request did not come the way it should.
    expect(clientAddress(request, 4)).toBe("unknown");
    expect(clientAddress(withForwarded(undefined))).toBe("unknown");
  });
});

describe("rateLimitKey", () => {
  it("counts an IPv6 address by its /64 and an IPv4 address (also IPv4-mapped) as it is", () => {
    expect(rateLimitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0db8:0001:0002:ffff:0:0:c")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(rateLimitKey("192.0.2.7")).toBe("192.0.2.7");
  });
});

describe("forwardedShape", () => {
  it("describes the header without any address in it, for the log", () => {
    expect(forwardedShape(withForwarded("203.0.113.9, 2001:db8::1"))).toBe("ipv4, ipv6");
    expect(forwardedShape(withForwarded(undefined))).toBe("(none)");
  });
});
