import {isProbablyReaderable, Readability} from "@mozilla/readability";
import {Parser} from "htmlparser2";
import {parseHTML} from "linkedom";

/** What a page yields: its title, byline and main text, and which method found it. */
export type Extracted = {
    title: string;
    byline: string | null;
    text: string;
    method: "readability" | "body" | "plain";
    /** Why the page was not read as an article (over a limit), for the tool's result. */
    note?: string;
};

/**
 * Beyond these a page is not built into a DOM: its text is read by the streaming tokenizer instead.
 * Real articles stay far below them (the Zyte benchmark's 181 news pages: at most 1,596 elements, nested
 * 51 deep); a flat 4.9 MB page has hundreds of thousands, and Readability recurses once per level.
 */
export const HTML_LIMITS = {maxElements: 60_000, maxDepth: 256};

export type Shape = {elements: number; depth: number};

/** Counts elements and the deepest nesting with a streaming tokenizer: no tree, constant memory. */
export function measure(html: string): Shape {
    let elements = 0;
    let open = 0;
    let depth = 0;
    const parser = new Parser(
        {
            onopentag() {
                elements++;
                open++;
                if (open > depth) depth = open;
            },
            onclosetag() {
                open--;
            },
        },
        {decodeEntities: false},
    );
    parser.end(html);
    return {elements, depth};
}

/**
 * The page's article (Readability over linkedom, a DOM that runs no script and loads nothing); the body's
 * text when Readability finds none; the streamed plain text when the page is over HTML_LIMITS.
 */
export function readHtml(html: string, url: string, limits = HTML_LIMITS): Extracted {
    const shape = measure(html);
    if (shape.elements > limits.maxElements || shape.depth > limits.maxDepth) {
        const plain = plainText(html);
        return {
            title: plain.title || titleFromUrl(url),
            byline: null,
            text: plain.text,
            method: "plain",
            note: `the page has ${shape.elements} elements nested ${shape.depth} deep (limits ${limits.maxElements} and ${limits.maxDepth}): its plain text is shown, not an extracted article`,
        };
    }
    const {document} = parseHTML(html) as unknown as {document: Document};
    const article = isProbablyReaderable(document) ? new Readability(document).parse() : null;
    // Text from the article's HTML, not its textContent: block elements keep their line breaks.
    const text = article?.content ? plainText(article.content, {keepChrome: true}).text : "";
    if (article && text) {
        return {
            title: article.title?.trim() || titleFromUrl(url),
            byline: article.byline ?? null,
            text,
            method: "readability",
        };
    }
    const plain = plainText(html);
    return {title: plain.title || titleFromUrl(url), byline: null, text: plain.text, method: "body"};
}

export function titleFromUrl(url: string): string {
    try {
        const u = new URL(url);
        return u.pathname.split("/").filter(Boolean).pop() ?? u.hostname;
    } catch {
        return url;
    }
}

// Elements whose text is never the page's content.
const SKIPPED = new Set([
    "script",
    "style",
    "noscript",
    "template",
    "svg",
    "math",
    "iframe",
    "object",
    "canvas",
    "select",
    "nav",
    "header",
    "footer",
    "head",
]);
// Inside an extracted article, page chrome is already gone: only code and styling are skipped.
const CODE_ONLY = new Set(["script", "style", "noscript", "template"]);
// Elements that end a line of text.
const BLOCKS = new Set([
    "address",
    "article",
    "aside",
    "blockquote",
    "br",
    "dd",
    "div",
    "dl",
    "dt",
    "figcaption",
    "figure",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "li",
    "main",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "td",
    "th",
    "tr",
    "ul",
]);

/**
 * The page's visible text and title without building a tree: linear time, memory bounded by the text.
 * Used for pages over HTML_LIMITS, where a DOM would be too slow or too deep.
 */
export function plainText(html: string, options: {keepChrome?: boolean} = {}): {title: string; text: string} {
    const skipped = options.keepChrome ? CODE_ONLY : SKIPPED;
    const parts: string[] = [];
    let title = "";
    let inTitle = false;
    let skipping = 0;
    const parser = new Parser(
        {
            onopentag(name) {
                if (name === "title") inTitle = true;
                if (skipped.has(name)) skipping++;
                else if (BLOCKS.has(name)) parts.push("\n");
            },
            ontext(text) {
                if (inTitle) title += text;
                else if (skipping === 0) parts.push(text);
            },
            onclosetag(name) {
                if (name === "title") inTitle = false;
                if (skipped.has(name)) skipping = Math.max(0, skipping - 1);
                else if (BLOCKS.has(name)) parts.push("\n");
            },
        },
        {decodeEntities: true},
    );
    parser.end(html);
    return {title: title.replace(/\s+/g, " ").trim(), text: tidy(parts.join(""))};
}

/** Collapses runs of spaces within lines and of blank lines between them. */
export function tidy(text: string): string {
    return text
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter((line, i, lines) => line.length > 0 || (i > 0 && lines[i - 1]!.length > 0))
        .join("\n")
        .trim();
}
