import http from "node:http";
import https from "node:https";
import type {LookupFunction} from "node:net";
import net from "node:net";
import {promisify} from "node:util";
import zlib from "node:zlib";
import {deadline} from "../net/deadline.js";
import {UNRECORDED, type Egress, type Outbound} from "../net/network.js";
import {ReasonError} from "../words.js";
import {guardUrl} from "./addressGuard.js";
import {sniffKind, textKind, type TextKind} from "./decode.js";
import {messageOf, codeOf} from "../../shared/format.js";

export type FetchLimits = {
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    userAgent: string;
    allowHosts: readonly string[];
    /** Offline mode and the egress log (each hop is one request); none: nothing refused or recorded. */
    outbound?: Outbound;
};

export const DEFAULT_LIMITS: Omit<FetchLimits, "userAgent" | "allowHosts"> = {
    timeoutMs: 15_000,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
};

/** A fetched body, decompressed, with its kind (from Content-Type, or sniffed) and declared charset. */
export type Fetched = {
    url: string;
    contentType: string;
    kind: TextKind;
    charset: string | null;
    body: Buffer;
};

/** A fetch failure with the exact text the model receives, and its words where Cairn has them. */
export class FetchError extends ReasonError {}

/**
 * GET with the SSRF guard on every hop: each URL is checked after DNS, and the socket connects only to
 * the address that was checked. Redirects, size and time are limited. No retries: the model decides.
 */
export async function fetchPage(raw: string, limits: FetchLimits, signal: AbortSignal): Promise<Fetched> {
    const limit = deadline(signal, limits.timeoutMs);
    try {
        return await fetchHops(raw, limits, limit.signal);
    } finally {
        limit.clear();
    }
}

async function fetchHops(raw: string, limits: FetchLimits, until: AbortSignal): Promise<Fetched> {
    const outbound = limits.outbound ?? UNRECORDED;
    let current = raw;
    for (let hop = 0; ; hop++) {
        // Before the address guard: its DNS lookup would already leave this computer.
        const refused = outbound.refusal(current);
        if (refused) throw new FetchError(refused);
        const checked = await guardUrl(current, {allowHosts: limits.allowHosts});
        if (!checked.ok) throw new FetchError(checked.error);
        const egress: Egress = {url: checked.url.href, bytesSent: 0, bytesReceived: 0, status: null};
        try {
            const response = await request(checked.url, checked.addresses[0]!, limits, until);
            const status = response.statusCode ?? 0;
            egress.status = status;
            const location = response.headers.location;
            if (status >= 300 && status < 400 && location) {
                response.resume();
                if (hop >= limits.maxRedirects)
                    throw FetchError.saying("fetchRedirects", {max: limits.maxRedirects});
                current = new URL(location, checked.url).href;
                continue;
            }
            if (status >= 400) {
                response.resume();
                throw FetchError.saying("fetchHttp", {status});
            }
            const header = response.headers["content-type"] ?? "";
            const contentType = header.split(";")[0]!.trim().toLowerCase();
            const declared = contentType ? textKind(contentType) : null;
            if (contentType && !declared) {
                response.destroy();
                throw FetchError.saying("fetchType", {type: contentType});
            }
            const encodings = contentEncodings(response.headers["content-encoding"]);
            if (typeof encodings === "string") {
                response.destroy();
                throw new FetchError(encodings);
            }
            const wire = await readLimited(response, limits, until);
            egress.bytesReceived = wire.length;
            const body = await decompress(wire, encodings, limits.maxBytes);
            const kind = declared ?? sniffKind(body);
            if (!kind) throw FetchError.saying("fetchBinary");
            const charset = /charset=["']?([\w:.-]+)/i.exec(header)?.[1]?.toLowerCase() ?? null;
            return {url: checked.url.href, contentType: contentType || kind, kind, charset, body};
        } finally {
            outbound.record(egress);
        }
    }
}

function request(
    url: URL,
    address: string,
    limits: FetchLimits,
    signal: AbortSignal,
): Promise<http.IncomingMessage> {
    // Pin the connection to the address the guard approved, so DNS cannot answer differently now.
    const lookup: LookupFunction = (_host, options, callback) => {
        const family = net.isIPv6(address) ? 6 : 4;
        if ((options as {all?: boolean}).all)
            (callback as (e: null, a: {address: string; family: number}[]) => void)(null, [
                {address, family},
            ]);
        else callback(null, address, family);
    };
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
        const req = client.get(
            url,
            {
                lookup,
                signal,
                headers: {
                    "User-Agent": limits.userAgent,
                    Accept: "text/html,application/xhtml+xml,text/plain,application/json,application/xml;q=0.9,text/*;q=0.8",
                    "Accept-Encoding": "gzip, deflate, br",
                },
            },
            resolve,
        );
        req.on("error", (error) => reject(failure(error, signal, limits)));
    });
}

function readLimited(
    response: http.IncomingMessage,
    limits: FetchLimits,
    signal: AbortSignal,
): Promise<Buffer> {
    const maxBytes = limits.maxBytes;
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        return Promise.reject(FetchError.saying("fetchTooLarge", {mb: maxBytes / 1024 / 1024}));
    }
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
                response.destroy();
                reject(FetchError.saying("fetchTooLarge", {mb: maxBytes / 1024 / 1024}));
            } else chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", (error) => reject(failure(error, signal, limits)));
        signal.addEventListener(
            "abort",
            () => {
                response.destroy();
                reject(failure(new Error("aborted"), signal, limits));
            },
            {once: true},
        );
    });
}

const CODECS = {
    gzip: promisify(zlib.gunzip),
    br: promisify(zlib.brotliDecompress),
    deflate: promisify(zlib.inflate),
    deflateRaw: promisify(zlib.inflateRaw),
};

type Encoding = "gzip" | "br" | "deflate";

/** Content-Encoding as a list in the order applied (identity dropped), or why one is not supported. */
function contentEncodings(header: string | undefined): Encoding[] | string {
    const encodings: Encoding[] = [];
    for (const raw of (header ?? "").split(",")) {
        const e = raw.trim().toLowerCase();
        if (!e || e === "identity") continue;
        if (e === "gzip" || e === "x-gzip") encodings.push("gzip");
        else if (e === "br" || e === "deflate") encodings.push(e);
        else return `fetch failed: unsupported content encoding ${e}`;
    }
    return encodings;
}

/**
 * Undoes each encoding, last applied first, in zlib's thread pool; output beyond maxBytes stops the
 * decoder at once, so a small compression bomb cannot grow past the limit.
 */
async function decompress(body: Buffer, encodings: Encoding[], maxBytes: number) {
    let data = body;
    for (const encoding of [...encodings].reverse()) {
        // "deflate" is meant as zlib-wrapped, but some servers send raw deflate: the header tells them apart.
        const wrapped =
            data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
        const codec = encoding === "deflate" && !wrapped ? CODECS.deflateRaw : CODECS[encoding];
        try {
            data = await codec(data, {maxOutputLength: maxBytes});
        } catch (error) {
            if (codeOf(error) === "ERR_BUFFER_TOO_LARGE")
                throw FetchError.saying("fetchTooLargeUnpacked", {mb: maxBytes / 1024 / 1024, encoding});
            throw new FetchError(`fetch failed: corrupt ${encoding} data (${messageOf(error)})`);
        }
    }
    return data;
}

function failure(error: Error, signal: AbortSignal, limits: Pick<FetchLimits, "timeoutMs">): FetchError {
    if (signal.aborted && signal.reason instanceof DOMException && signal.reason.name === "TimeoutError") {
        return FetchError.saying("fetchTimeout", {seconds: Number((limits.timeoutMs / 1000).toFixed(1))});
    }
    if (signal.aborted) return new FetchError("fetch failed: cancelled");
    const code = codeOf(error);
    return new FetchError(`fetch failed: ${code ?? error.message}`);
}
