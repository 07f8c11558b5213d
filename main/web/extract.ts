import type {Fetched} from "./fetchPage.js";

// jsdom takes most of a second to import: it is loaded with the first page, not at start-up.
const htmlLibraries = () => Promise.all([import("jsdom"), import("@mozilla/readability")]);

export type Extracted = {title: string; byline: string | null; text: string};

/** Main text of a fetched page; null with a reason when its type is not text. */
export async function extract(page: Fetched): Promise<Extracted | {unsupported: string}> {
    const text = decode(page.body, page.charset);
    switch (page.contentType) {
        case "text/html":
        case "application/xhtml+xml":
            return await fromHtml(text, page.url);
        case "text/plain":
        case "text/markdown":
        case "text/x-markdown":
            return {title: titleFromUrl(page.url), byline: null, text: text.trim()};
        case "application/json":
            return {title: titleFromUrl(page.url), byline: null, text: prettyJson(text)};
        default:
            return {unsupported: page.contentType};
    }
}

/** Readability's article; when it finds none, the body text without scripts, styles and page chrome. */
export async function fromHtml(html: string, url: string): Promise<Extracted> {
    const [{JSDOM}, {isProbablyReaderable, Readability}] = await htmlLibraries();
    // jsdom runs no scripts and loads no resources unless asked to; neither is asked for here.
    const dom = new JSDOM(html, {url});
    const document = dom.window.document;
    const title = document.title.trim();
    const article = isProbablyReaderable(document)
        ? new Readability(document.cloneNode(true) as Document).parse()
        : null;
    if (article?.textContent?.trim()) {
        return {
            title: article.title?.trim() || title,
            byline: article.byline ?? null,
            text: tidy(article.textContent),
        };
    }
    for (const el of document.querySelectorAll("script, style, noscript, nav, header, footer, template"))
        el.remove();
    const text = tidy(document.body?.textContent ?? "");
    dom.window.close();
    return {title: title || titleFromUrl(url), byline: null, text};
}

function tidy(text: string): string {
    return text
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter((line, i, lines) => line.length > 0 || (i > 0 && lines[i - 1]!.length > 0))
        .join("\n")
        .trim();
}

function decode(body: Buffer, charset: string): string {
    try {
        return new TextDecoder(charset).decode(body);
    } catch {
        return new TextDecoder("utf-8").decode(body);
    }
}

function prettyJson(text: string): string {
    try {
        return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
        return text;
    }
}

function titleFromUrl(url: string): string {
    const u = new URL(url);
    return u.pathname.split("/").filter(Boolean).pop() ?? u.hostname;
}
