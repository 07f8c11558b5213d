import assert from "node:assert/strict";
import {test} from "node:test";
import {classifyAddress, guardUrl, parseIPv6} from "../../../../main/web/addressGuard.js";

// Classification only: no packet is sent to any of these addresses.
const blocked: Array<[string, RegExp]> = [
    ["0.0.0.0", /unspecified/],
    ["0.1.2.3", /unspecified/],
    ["10.0.0.1", /private/],
    ["10.255.255.255", /private/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.254", /carrier-grade NAT/],
    ["127.0.0.1", /loopback/],
    ["127.255.255.254", /loopback/],
    ["169.254.0.1", /link-local/],
    ["169.254.169.254", /cloud metadata/],
    ["168.63.129.16", /cloud metadata/],
    ["100.100.100.200", /cloud metadata/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["192.0.2.10", /documentation/],
    ["198.18.0.1", /benchmarking/],
    ["224.0.0.1", /multicast/],
    ["239.255.255.250", /multicast/],
    ["240.0.0.1", /reserved/],
    ["255.255.255.255", /reserved/],
    ["::", /unspecified/],
    ["::1", /loopback/],
    ["[::1]", /loopback/],
    ["0:0:0:0:0:0:0:1", /loopback/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["febf::1", /link-local/],
    ["fc00::1", /unique local/],
    ["fd12:3456::1", /unique local/],
    ["fd00:ec2::254", /cloud metadata/],
    ["ff02::1", /multicast/],
    ["2001:db8::1", /documentation/],
    ["::ffff:127.0.0.1", /loopback address \(IPv4-mapped\)/],
    ["::ffff:7f00:1", /loopback address \(IPv4-mapped\)/],
    ["::ffff:169.254.169.254", /cloud metadata address \(IPv4-mapped\)/],
    ["::ffff:10.0.0.1", /private address \(IPv4-mapped\)/],
    ["::127.0.0.1", /loopback address \(IPv4-compatible\)/],
    ["::7f00:1", /loopback address \(IPv4-compatible\)/],
    ["64:ff9b::7f00:1", /loopback address \(NAT64\)/],
    ["64:ff9b::192.168.0.1", /private address \(NAT64\)/],
    ["2002:7f00:1::", /loopback address \(6to4\)/],
    ["2002:a9fe:a9fe::1", /cloud metadata address \(6to4\)/],
    // IPv4-translated (RFC 2765, ::ffff:0:a.b.c.d): a second IPv4-in-IPv6 form some stacks route.
    ["::ffff:0:7f00:1", /IPv4-translated/],
    ["::ffff:0:127.0.0.1", /IPv4-translated/],
    ["::ffff:0:a00:1", /IPv4-translated/],
    ["::ffff:0:8.8.8.8", /IPv4-translated/],
    // Local-use NAT64 (RFC 8215): the translator is the network's own, the embedded IPv4 is anywhere.
    ["64:ff9b:1::7f00:1", /local-use NAT64/],
    ["64:ff9b:1:ffff::1", /local-use NAT64/],
    ["64:ff9b:1::8.8.8.8", /local-use NAT64/],
    // The rest of the IANA IPv6 special-purpose registry that is not globally reachable.
    ["100::1", /discard/],
    ["100:0:0:1::1", /dummy/],
    ["2001::1", /Teredo/],
    ["2001:2::1", /benchmarking/],
    ["2001:10::1", /ORCHID/],
    ["3fff::1", /documentation/],
    ["5f00::1", /segment routing/],
    ["192.88.99.1", /6to4 relay/],
];

test("every forbidden range is refused, whatever the spelling", () => {
    for (const [address, reason] of blocked) {
        const verdict = classifyAddress(address);
        assert.equal(verdict.blocked, true, address);
        assert.match(verdict.blocked ? verdict.reason : "", reason, address);
    }
});

test("public addresses pass", () => {
    for (const address of [
        "93.184.215.14",
        "1.1.1.1",
        "8.8.8.8",
        "172.32.0.1",
        "100.128.0.1",
        "2606:4700::1111",
        "::ffff:8.8.8.8",
        "2002:0808:0808::1",
        "64:ff9b::8.8.8.8",
        "64:ff9b:2::1",
        "2001:4860:4860::8888",
        "2620:4f:8000::1",
    ]) {
        assert.deepEqual(classifyAddress(address), {blocked: false}, address);
    }
});

test("IPv6 text expands to eight groups", () => {
    assert.deepEqual(parseIPv6("::1"), [0, 0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(parseIPv6("fe80::"), [0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(parseIPv6("::ffff:192.168.0.1"), [0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x0001]);
    assert.deepEqual(parseIPv6("1:2:3:4:5:6:7:8"), [1, 2, 3, 4, 5, 6, 7, 8]);
});

// URL spellings of loopback: the URL parser normalizes them and the guard refuses the result. No DNS
// query leaves the machine: these are IP literals, or "localhost", which resolves from /etc/hosts.
const loopbackUrls = [
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0177.0.0.1/",
    "http://0x7f.0.0.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:0:7f00:1]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[64:ff9b:1::7f00:1]/",
    "http://user:pass@127.0.0.1/",
    "http://example.com@127.0.0.1/",
    "http://127.0.0.1./",
    "http://localhost/",
    "http://localhost./",
    "http://LOCALHOST:8080/x",
];

test("loopback spellings in URLs are blocked after resolution", async () => {
    for (const url of loopbackUrls) {
        const result = await guardUrl(url);
        assert.equal(result.ok, false, url);
        assert.match(
            !result.ok ? result.error : "",
            /^blocked address: .* (loopback|unspecified|IPv4-translated|local-use NAT64)/,
            url,
        );
    }
});

test("hosts allowed in settings pass, and only those", async () => {
    const allowed = await guardUrl("http://127.0.0.1:9/page", {allowHosts: ["127.0.0.1"]});
    assert.equal(allowed.ok, true);
    assert.deepEqual(allowed.ok && allowed.addresses, ["127.0.0.1"]);
    const sameAddressOtherSpelling = await guardUrl("http://0x7f.0.0.1/", {allowHosts: ["127.0.0.1"]});
    assert.equal(sameAddressOtherSpelling.ok, true);
    for (const other of ["http://127.0.0.2/", "http://[::1]/", "http://localhost/"]) {
        assert.equal((await guardUrl(other, {allowHosts: ["127.0.0.1"]})).ok, false, other);
    }
});

test("only http and https are fetched", async () => {
    for (const url of [
        "file:///etc/passwd",
        "ftp://example.com/",
        "gopher://x/",
        "javascript:alert(1)",
        "not a url",
    ]) {
        const result = await guardUrl(url);
        assert.deepEqual(result, {ok: false, error: `invalid url: ${url}`});
    }
});

test("every resolved address must be public: one private answer blocks the name", async () => {
    const lookup = async () => ["93.184.215.14", "10.0.0.7"];
    const result = await guardUrl("https://mixed.example/", {lookup});
    assert.deepEqual(result, {
        ok: false,
        error: "blocked address: mixed.example is a private address (10.0.0.7)",
    });
    const pub = await guardUrl("https://public.example/", {lookup: async () => ["93.184.215.14"]});
    assert.equal(pub.ok, true);
});

test("DNS answers in the embedded-IPv4 forms are blocked too", async () => {
    for (const answer of [
        "::ffff:0:7f00:1",
        "::ffff:0:a9fe:a9fe",
        "64:ff9b:1::a00:1",
        "64:ff9b:1::8.8.8.8",
    ]) {
        const result = await guardUrl("https://sneaky.example/", {lookup: async () => [answer]});
        assert.equal(result.ok, false, answer);
        assert.match(!result.ok ? result.error : "", /^blocked address: sneaky\.example is a /, answer);
    }
});
