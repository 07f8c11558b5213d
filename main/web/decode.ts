import iconv from "iconv-lite";

/** The kinds of response body web_fetch reads; anything else is refused before its body is read. */
export type TextKind = "html" | "xml" | "json" | "text";

/** The kind of a Content-Type (its media type, lower case, no parameters); null when it is not text. */
export function textKind(mediaType: string): TextKind | null {
    if (mediaType === "text/html" || mediaType === "application/xhtml+xml") return "html";
    if (mediaType === "application/json" || mediaType === "text/json" || mediaType.endsWith("+json"))
        return "json";
    if (mediaType === "application/xml" || mediaType === "text/xml" || mediaType.endsWith("+xml"))
        return "xml";
    if (mediaType.startsWith("text/")) return "text";
    return null;
}

/** A body with no Content-Type: judged by its first bytes, as browsers do; null when it looks binary. */
export function sniffKind(body: Uint8Array): TextKind | null {
    if (looksBinary(body, "utf-8")) return null;
    const head = new TextDecoder("utf-8").decode(body.subarray(0, 512)).trimStart().toLowerCase();
    if (head.startsWith("<?xml")) return "xml";
    if (head.startsWith("<")) return "html";
    if (head.startsWith("{") || head.startsWith("[")) return "json";
    return "text";
}

/**
 * The body's character set: a byte-order mark, else the header's charset, else (HTML) a <meta> in the
 * first 1,024 bytes, else UTF-8. Unknown labels are skipped.
 */
export function detectCharset(body: Uint8Array, headerCharset: string | null, kind: TextKind): string {
    if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
    if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
    if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
    if (headerCharset && isKnownCharset(headerCharset)) return headerCharset.toLowerCase();
    if (kind === "html") {
        const head = new TextDecoder("latin1").decode(body.subarray(0, 1024));
        const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head)?.[1];
        // A page cannot declare itself UTF-16 from inside: its <meta> was read as ASCII (WHATWG rule).
        if (meta && isKnownCharset(meta)) return /^utf-16/i.test(meta) ? "utf-8" : meta.toLowerCase();
    }
    return "utf-8";
}

// WHATWG Encoding: these labels mean windows-1252 (pages labelled Latin-1 use its 0x80-0x9F characters).
const WINDOWS_1252 = new Set([
    "iso-8859-1",
    "iso8859-1",
    "latin1",
    "l1",
    "ascii",
    "us-ascii",
    "cp819",
    "ibm819",
]);

function isKnownCharset(label: string): boolean {
    return iconv.encodingExists(label);
}

/** NUL bytes near the start of a body that is not UTF-16 mean binary content, whatever its label says. */
export function looksBinary(body: Uint8Array, charset: string): boolean {
    return !charset.startsWith("utf-16") && body.subarray(0, 4096).includes(0);
}

/**
 * Text in its charset, without a byte-order mark (both decoders drop it). UTF-8 and UTF-16 go through TextDecoder; legacy charsets through iconv-lite, since
 * Node 20's TextDecoder decodes windows-1252 as ISO-8859-1 (0x80 stays a control character, not €).
 */
export function decodeText(body: Uint8Array, charset: string): string {
    const label = charset.toLowerCase();
    if (label === "utf-8" || label === "utf8" || label.startsWith("utf-16"))
        return new TextDecoder(label).decode(body);
    return iconv.decode(
        Buffer.from(body.buffer, body.byteOffset, body.byteLength),
        WINDOWS_1252.has(label) ? "windows-1252" : label,
    );
}
