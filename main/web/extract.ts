import {decodeText, detectCharset, looksBinary, type TextKind} from "./decode.js";
import {plainText, readHtml, tidy, titleFromUrl, type Extracted} from "./html.js";

export type {Extracted} from "./html.js";

/** A body to read: what fetchPage returns, or a file's bytes. */
export type PageInput = {url: string; kind: TextKind; charset: string | null; body: Uint8Array};

/** A body that is not text after all (NUL bytes under a text label). */
export class NotText extends Error {}

/**
 * The main text of a page, by kind. Runs inside the extraction worker (see extractor.ts): it parses
 * untrusted input, so it must never run on the core's event loop.
 */
export function extractPage(page: PageInput): Extracted {
    const charset = detectCharset(page.body, page.charset, page.kind);
    if (looksBinary(page.body, charset)) throw new NotText("the content is binary, not text");
    const text = decodeText(page.body, charset);
    switch (page.kind) {
        case "html":
            return readHtml(text, page.url);
        case "xml": {
            const plain = plainText(text);
            return asText(plain.title || titleFromUrl(page.url), plain.text);
        }
        case "json":
            return asText(titleFromUrl(page.url), prettyJson(text));
        case "text":
            return asText(titleFromUrl(page.url), tidy(text));
    }
}

function asText(title: string, text: string): Extracted {
    return {title, byline: null, text, markdown: text, method: "plain"};
}

function prettyJson(text: string): string {
    try {
        return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
        return text;
    }
}
