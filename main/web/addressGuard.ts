import dns from "node:dns/promises";
import net from "node:net";
import {codeOf} from "../../shared/format.js";

/** Why an address may not be fetched by the model's tools; null when it is a public address. */
export type Verdict = {blocked: false} | {blocked: true; reason: string};

type Range4 = {base: number; bits: number; reason: string};

const v4 = (cidr: string, reason: string): Range4 => {
    const [ip, bits] = cidr.split("/");
    return {base: parseIPv4(ip!)!, bits: Number(bits), reason};
};

// Checked in order; the first match names the reason.
const BLOCKED_V4: Range4[] = [
    v4("169.254.169.254/32", "cloud metadata address"),
    v4("168.63.129.16/32", "cloud metadata address"),
    v4("100.100.100.200/32", "cloud metadata address"),
    v4("0.0.0.0/8", "unspecified address"),
    v4("10.0.0.0/8", "private address"),
    v4("100.64.0.0/10", "carrier-grade NAT address"),
    v4("127.0.0.0/8", "loopback address"),
    v4("169.254.0.0/16", "link-local address"),
    v4("172.16.0.0/12", "private address"),
    v4("192.0.0.0/24", "reserved address"),
    v4("192.0.2.0/24", "documentation address"),
    v4("192.88.99.0/24", "6to4 relay anycast address (deprecated)"),
    v4("192.168.0.0/16", "private address"),
    v4("198.18.0.0/15", "benchmarking address"),
    v4("198.51.100.0/24", "documentation address"),
    v4("203.0.113.0/24", "documentation address"),
    v4("224.0.0.0/4", "multicast address"),
    v4("240.0.0.0/4", "reserved address"),
];

/** Classifies one IP address (v4 or v6, as the resolver returns it). */
export function classifyAddress(address: string): Verdict {
    const ip = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
    if (net.isIPv4(ip)) return classify4(parseIPv4(ip)!);
    if (net.isIPv6(ip)) return classify6(parseIPv6(ip.split("%")[0]!));
    return {blocked: true, reason: `not an IP address: ${address}`};
}

function classify4(n: number): Verdict {
    for (const r of BLOCKED_V4) {
        const mask = r.bits === 0 ? 0 : (0xffffffff << (32 - r.bits)) >>> 0;
        if ((n & mask) >>> 0 === (r.base & mask) >>> 0) return {blocked: true, reason: r.reason};
    }
    return {blocked: false};
}

type Range6 = {
    prefix: number[];
    bits: number;
    reason: string;
    embedded?: {hi: number; lo: number; form: string};
};

const v6 = (cidr: string, reason: string, embedded?: Range6["embedded"]): Range6 => {
    const [ip, bits] = cidr.split("/");
    return {prefix: parseIPv6(ip!), bits: Number(bits), reason, embedded};
};

/**
 * The IANA IPv6 special-purpose registry (checked 2026-11), every entry that is not globally reachable,
 * most specific first. Forms that carry an IPv4 address are judged by that address, so a public IPv4
 * behind them stays reachable. The IPv4-translated and local-use NAT64 prefixes are refused whole: their
 * translators are the local network's own, and no public site is reached through them.
 */
const BLOCKED_V6: Range6[] = [
    v6("::/128", "unspecified address"),
    v6("::1/128", "loopback address"),
    v6("::ffff:0:0/96", "", {hi: 6, lo: 7, form: "IPv4-mapped"}),
    v6("::ffff:0:0:0/96", "IPv4-translated address (stateless translation)"),
    v6("::/96", "", {hi: 6, lo: 7, form: "IPv4-compatible"}),
    v6("64:ff9b::/96", "", {hi: 6, lo: 7, form: "NAT64"}),
    v6("64:ff9b:1::/48", "local-use NAT64 address"),
    v6("fd00:ec2::254/128", "cloud metadata address"),
    v6("100::/64", "discard address"),
    v6("100:0:0:1::/64", "dummy address"),
    v6("2001:2::/48", "benchmarking address"),
    v6("2001:10::/28", "ORCHID address (deprecated)"),
    v6("2001::/32", "Teredo address"),
    v6("2001:db8::/32", "documentation address"),
    v6("2002::/16", "", {hi: 1, lo: 2, form: "6to4"}),
    v6("3fff::/20", "documentation address"),
    v6("5f00::/16", "segment routing address"),
    v6("fc00::/7", "private address (unique local)"),
    v6("fe80::/10", "link-local address"),
    v6("fec0::/10", "site-local address"),
    v6("ff00::/8", "multicast address"),
];

function classify6(g: number[]): Verdict {
    for (const range of BLOCKED_V6) {
        if (!inPrefix(g, range.prefix, range.bits)) continue;
        if (!range.embedded) return {blocked: true, reason: range.reason};
        const {hi, lo, form} = range.embedded;
        return viaV4(((g[hi]! << 16) | g[lo]!) >>> 0, form);
    }
    return {blocked: false};
}

function inPrefix(g: number[], prefix: number[], bits: number): boolean {
    for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
        const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
        if ((g[i]! & mask) !== (prefix[i]! & mask)) return false;
    }
    return true;
}

function viaV4(n: number, form: string): Verdict {
    const inner = classify4(n);
    return inner.blocked ? {blocked: true, reason: `${inner.reason} (${form})`} : inner;
}

export function parseIPv4(ip: string): number | null {
    const parts = ip.split(".");
    if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
    return parts.reduce((n, p) => ((n << 8) | Number(p)) >>> 0, 0);
}

/** Eight 16-bit groups; accepts "::" compression and a dotted IPv4 tail. Call only after net.isIPv6. */
export function parseIPv6(ip: string): number[] {
    let text = ip.toLowerCase();
    const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
    if (tail) {
        const n = parseIPv4(tail[1]!)!;
        text = `${text.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
    }
    const [head, rest] = text.split("::") as [string, string | undefined];
    const left = head ? head.split(":") : [];
    const right = rest === undefined ? [] : rest ? rest.split(":") : [];
    const missing = 8 - left.length - right.length;
    const groups = rest === undefined ? left : [...left, ...Array<string>(missing).fill("0"), ...right];
    return groups.map((h) => parseInt(h, 16));
}

export type GuardOptions = {
    /** Host names or IP addresses allowed even though they are private or loopback (a setting). */
    allowHosts?: readonly string[];
    lookup?: (host: string) => Promise<string[]>;
};

export type GuardResult = {ok: true; url: URL; addresses: string[]} | {ok: false; error: string};

const defaultLookup = async (host: string) =>
    (await dns.lookup(host, {all: true, verbatim: true})).map((a) => a.address);

/**
 * Checks a URL the model wants fetched, after DNS resolution: http(s) only, and every address the name
 * resolves to must be public unless the host is allowed in settings. The caller connects only to the
 * returned addresses, so a second, different DNS answer cannot slip past the check.
 */
export async function guardUrl(raw: string, options: GuardOptions = {}): Promise<GuardResult> {
    let url: URL;
    try {
        url = new URL(raw);
    } catch {
        return {ok: false, error: `invalid url: ${raw}`};
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
        return {ok: false, error: `invalid url: ${raw}`};
    // WHATWG parsing has already turned decimal, octal, hex and short IPv4 spellings into dotted form.
    const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
    const allowed = (options.allowHosts ?? []).some(
        (h) => h.toLowerCase().replace(/\.$/, "") === host.toLowerCase(),
    );
    let addresses: string[];
    if (net.isIP(host)) addresses = [host];
    else {
        try {
            addresses = await (options.lookup ?? defaultLookup)(host);
        } catch (error) {
            return {
                ok: false,
                error: `fetch failed: cannot resolve ${host} (${codeOf(error) ?? "DNS error"})`,
            };
        }
    }
    if (addresses.length === 0) return {ok: false, error: `fetch failed: cannot resolve ${host}`};
    if (!allowed) {
        for (const address of addresses) {
            const verdict = classifyAddress(address);
            if (verdict.blocked)
                return {ok: false, error: `blocked address: ${host} is a ${verdict.reason} (${address})`};
        }
    }
    return {ok: true, url, addresses};
}
