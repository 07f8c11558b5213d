import {Readability} from "@mozilla/readability";
import {Parser} from "htmlparser2";
import {NodeHtmlMarkdown} from "node-html-markdown";
import {parseDocument, withoutCdata, type DomDocument, type DomElement} from "./dom.js";

/** What a page yields: its title, byline and main text, and which method found it. */
export type Extracted = {
    title: string;
    byline: string | null;
    /** Plain text: what the extraction benchmark scores. */
    text: string;
    /** The same content as markdown (headings, lists, tables, code, links): what the model reads. */
    markdown: string;
    /** The page's own canonical address and publication date, when it declares them. */
    canonicalUrl?: string | null;
    published?: string | null;
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

type Shape = {elements: number; depth: number};

/** Counts elements and the deepest nesting with a streaming tokenizer: no tree, constant memory. */
function measure(html: string): Shape {
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
            markdown: plain.text,
            method: "plain",
            note: `the page has ${shape.elements} elements nested ${shape.depth} deep (limits ${limits.maxElements} and ${limits.maxDepth}): its plain text is shown, not an extracted article`,
        };
    }
    const document = parseDocument(html);
    const meta = pageMeta(document, url);
    showWithoutScripts(document);
    // Counted before Readability changes the document.
    const counts = countWords(document);
    const regionWords = counts.get(largestMain(document) ?? document.body) ?? 0;
    const runs = itemsOf(repeatedRuns(counts));
    // Readability runs on every page: its "readerable" gate sent news pages built from divs to the body
    // fallback (benchmark F1 0.943 with the gate, 0.952 without). linkedom's document stands in for the
    // browser's.
    const article = readability(document);
    const pruned = article?.content ? pruneArticle(article.content, url) : "";
    // Text from the article's HTML, not its textContent: block elements keep their line breaks.
    const text = article ? dropRepeats(plainText(pruned, {keepChrome: true}).text, article) : "";
    if (article && text && !tooLittle(wordCount(text), regionWords)) {
        const title = article.title?.trim() || titleFromUrl(url);
        const held = runHolding(runs, text);
        const run = held < 0 ? null : readRun(html, held);
        if (run) return {title, byline: null, ...run, ...meta, method: "body"};
        return {
            title,
            byline: article.byline?.trim() || null,
            text,
            markdown: dropRepeats(toMarkdown(pruned), article),
            canonicalUrl: meta.canonicalUrl,
            published: article.publishedTime?.trim() || meta.published,
            method: "readability",
        };
    }
    // Readability changed the document: the main region is read from a fresh one.
    const region = mainRegion(html);
    const title = article?.title?.trim() || region.title || titleFromUrl(url);
    return {title, byline: null, text: region.text, markdown: region.markdown, ...meta, method: "body"};
}

/**
 * A thread's posts or a listing's entries: three or more siblings of one kind (tag and first class), each of
 * MIN_ITEM_WORDS words or more; the largest few, largest first.
 */
const MIN_ITEM_WORDS = 15;
const RUNS_KEPT = 10;

function repeatedRuns(counts: Map<DomElement, number>): Array<{words: number; members: DomElement[]}> {
    const runs: Array<{words: number; members: DomElement[]}> = [];
    for (const parent of counts.keys()) {
        const kinds = new Map<string, DomElement[]>();
        for (const child of parent.children) {
            if (!counts.has(child)) continue;
            const kind = `${child.tagName}.${(child.getAttribute("class") ?? "").trim().split(/\s+/)[0]}`;
            kinds.set(kind, [...(kinds.get(kind) ?? []), child]);
        }
        for (const members of kinds.values()) {
            if (members.filter((m) => counts.get(m)! >= MIN_ITEM_WORDS).length < 3) continue;
            runs.push({words: members.reduce((n, m) => n + counts.get(m)!, 0), members});
        }
    }
    return runs.sort((a, b) => b.words - a.words).slice(0, RUNS_KEPT);
}

/** What is kept of each run before Readability changes the document: its items' text. */
type Run = {words: number; items: string[]};
function itemsOf(runs: Array<{words: number; members: DomElement[]}>): Run[] {
    return runs.map(({words, members}) => ({words, items: members.map(visibleText)}));
}

/** An element's text without page chrome (as countWords counts it). */
function visibleText(element: DomElement): string {
    if (isPageChrome(element)) return "";
    let text = "";
    for (const node of element.childNodes) {
        text += node.nodeType === 1 ? ` ${visibleText(node as DomElement)} ` : (node.textContent ?? "");
    }
    return text;
}

/** Each element's words, page chrome left out (not counted, not entered): one walk of the page. */
function countWords(document: DomDocument): Map<DomElement, number> {
    const counts = new Map<DomElement, number>();
    const walk = (element: DomElement): number => {
        if (isPageChrome(element)) return 0;
        let words = 0;
        for (const node of element.childNodes) {
            words += node.nodeType === 1 ? walk(node as DomElement) : wordCount(node.textContent ?? "");
        }
        counts.set(element, words);
        return words;
    };
    if (document.body) walk(document.body);
    return counts;
}

/**
 * The page's banner, navigation, side columns and footer, and what is never text (code, media, hidden parts):
 * checked without a selector engine, as it runs once per element of the page.
 */
function isPageChrome(element: DomElement): boolean {
    if (CHROME_TAGS.has(element.tagName.toUpperCase())) return true;
    if (element.getAttribute("hidden") !== null || element.getAttribute("aria-hidden") === "true")
        return true;
    return CHROME_ROLES.has(element.getAttribute("role") ?? "");
}
const CHROME_TAGS = new Set(
    "SCRIPT STYLE TEMPLATE NOSCRIPT SVG MATH IFRAME OBJECT CANVAS SELECT HEADER NAV ASIDE FOOTER".split(" "),
);
const CHROME_ROLES = new Set(["banner", "complementary", "contentinfo", "navigation"]);

/**
 * The run that Readability's article is one item of, when the run holds over twice its words (a forum's first
 * post, one entry of a list); -1 when none. Measured on WCXB (forums 0.725 to 0.79 on its test set) and
 * Zyte's articles.
 */
function runHolding(runs: Run[], text: string): number {
    const articleWords = wordsOf(text);
    const isItem = (item: string) => {
        const itemWords = wordsOf(item);
        if (itemWords.length > articleWords.length * 2) return false;
        const has = new Set(itemWords);
        return articleWords.filter((w) => has.has(w)).length >= articleWords.length * 0.7;
    };
    return runs.findIndex((r) => r.words > articleWords.length * 2 && r.items.some(isItem));
}

/** A run's text and markdown, from a fresh document (Readability changed the first): found again by its place. */
function readRun(html: string, index: number): {text: string; markdown: string} | null {
    const document = parseDocument(html);
    showWithoutScripts(document);
    const run = repeatedRuns(countWords(document))[index];
    if (!run) return null;
    const items = run.members.map((m) => m.outerHTML);
    return {
        text: items.map((item) => plainText(item).text).join("\n\n"),
        markdown: toMarkdown(items.join("\n")),
    };
}

const WORD = /[\p{L}\p{N}_]+/gu;
function wordsOf(text: string): string[] {
    return text.toLowerCase().match(WORD) ?? [];
}

/** Readability's article; none when it fails on the page (it throws on some trees that linkedom builds). */
function readability(document: DomDocument): ReturnType<Readability["parse"]> {
    try {
        return new Readability(document).parse();
    } catch {
        return null;
    }
}

/**
 * Readability keeps the largest block of prose, which on a listing, a forum thread or a shop's page can be a
 * line or two, or one of many posts. Its article is not the page's text when it has under FEW_WORDS words and
 * under half of the main region's, or under a tenth of them: the main region is read instead. Measured on
 * WCXB's dev and test sets, trafilatura's corpus and Zyte's articles (docs/tools.md, "How well, on four public sets"): larger cuts
 * gained more on WCXB and lost more of Zyte's short articles.
 */
function tooLittle(articleWords: number, regionWords: number): boolean {
    return (
        (articleWords < FEW_WORDS && articleWords < regionWords / 2) ||
        articleWords < regionWords * SMALL_SHARE
    );
}
const FEW_WORDS = 50;
const SMALL_SHARE = 0.1;

function largestMain(document: DomDocument): DomElement | undefined {
    const mains = [...document.querySelectorAll("main, [role='main']")];
    return mains.sort((a, b) => (b.textContent?.length ?? 0) - (a.textContent?.length ?? 0))[0];
}

function wordCount(text: string): number {
    return text.match(WORD)?.length ?? 0;
}

/**
 * The page's main region (its <main> or role=main, else the body) without its banner, navigation, side
 * columns and footer, as text and markdown.
 */
function mainRegion(html: string): {title: string; text: string; markdown: string} {
    const document = parseDocument(html);
    showWithoutScripts(document);
    const title = document.title?.replace(/\s+/g, " ").trim() ?? "";
    for (const el of [...document.querySelectorAll("*")]) if (isPageChrome(el)) el.remove();
    const region = (largestMain(document) ?? document.body)?.outerHTML ?? "";
    const text = plainText(region).text;
    // A fragment without <html> and <body> (linkedom then has no body): its text as the tokenizer reads it.
    if (!text) {
        const plain = plainText(html);
        return {...plain, markdown: plain.text};
    }
    return {title, text, markdown: toMarkdown(region)};
}

/**
 * What the page's own scripts would show, without running them: the text of a <noscript> (a forum's posts, a
 * shop's product) in place of the app that would have drawn it, and the parts a React page streams in hidden
 * (`<div hidden id="S:0">`, which its inline script moves into place). Short <noscript>s ("enable JavaScript",
 * a tracking pixel) are left out.
 */
function showWithoutScripts(document: DomDocument): void {
    for (const streamed of document.querySelectorAll("div[hidden][id^='S:']"))
        streamed.removeAttribute("hidden");
    for (const noscript of [...document.querySelectorAll("noscript")]) {
        if ((noscript.textContent ?? "").trim().length < NOSCRIPT_TEXT) continue;
        const shown = document.createElement("div");
        shown.innerHTML = noscript.innerHTML;
        noscript.replaceWith(shown);
    }
}
const NOSCRIPT_TEXT = 200;

// Parts of an article page that are not its text: captions, credits, sharing, related links, promotions.
const NOT_TEXT =
    "nav, figure, figcaption, picture, svg, button, form, iframe, [aria-hidden='true'], [hidden]";
const NOT_TEXT_CLASS =
    /(^|[\s_-])(caption|credit|share|sharing|social|related|newsletter|promo|advert|ad|ads|breadcrumbs?|byline|dateline|timestamp)([\s_-]|$)/i;

/** The page's <link rel=canonical> and its declared publication time, read before Readability changes it. */
function pageMeta(
    document: DomDocument,
    url: string,
): {canonicalUrl: string | null; published: string | null} {
    const href = document.querySelector("link[rel='canonical']")?.getAttribute("href");
    const published = document
        .querySelector(
            "meta[property='article:published_time'], meta[name='date'], meta[itemprop='datePublished']",
        )
        ?.getAttribute("content");
    return {canonicalUrl: href ? absolute(href, url) : null, published: published?.trim() || null};
}

/**
 * Readability's article without what people do not read as the article (each rule measured on the
 * benchmark); links made absolute against the page, script links dropped.
 */
function pruneArticle(content: string, url: string): string {
    const document = parseDocument(`<!doctype html><html><body>${content}</body></html>`);
    keepFirstArticle(document);
    removeNonText(document);
    removeLinkBoxes(document);
    for (const a of document.querySelectorAll("a[href]")) {
        const href = absolute(a.getAttribute("href")!, url);
        if (href && /^https?:/.test(href)) a.setAttribute("href", href);
        else a.removeAttribute("href");
    }
    return document.body.innerHTML;
}

function absolute(href: string, base: string): string | null {
    try {
        return new URL(href, base).href;
    } catch {
        return null;
    }
}

const markdown = new NodeHtmlMarkdown(
    {bulletMarker: "-", maxConsecutiveNewlines: 2},
    // Images become their alt text: the model cannot see them, and their addresses are noise.
    {img: {postprocess: ({node}) => altText(node)}},
);

/** An image's alt text (node-html-parser's element, typed by node-html-markdown against the DOM). */
function altText(node: unknown): string {
    return (node as {getAttribute(name: string): string | undefined}).getAttribute("alt")?.trim() ?? "";
}

/**
 * Above this, an article's HTML is translated block by block: node-html-markdown looks at the end of its whole
 * output at every node, which grows with the square of the page (a 1 MB article took over 10 s).
 */
const WHOLE_TRANSLATION_CHARS = 100_000;
const CONTAINERS = new Set(["DIV", "SECTION", "ARTICLE", "MAIN", "BODY"]);

/** Markdown of an article's HTML: headings, numbered lists, tables, code blocks, [text](url) links. */
export function toMarkdown(html: string): string {
    if (html.length <= WHOLE_TRANSLATION_CHARS) return markdown.translate(html).trim();
    const body = parseDocument(`<!doctype html><html><body>${html}</body></html>`).body;
    return blocksOf(body)
        .map((block) => markdown.translate(block).trim())
        .filter(Boolean)
        .join("\n\n");
}

/** A large element's blocks, each small enough to translate whole; lists and tables stay whole. */
function blocksOf(element: DomElement): string[] {
    return [...element.childNodes].flatMap((node): string[] => {
        if (node.nodeType !== 1) return node.textContent?.trim() ? [escapeText(node.textContent)] : [];
        const child = node as DomElement;
        const outer = child.outerHTML;
        return outer.length > WHOLE_TRANSLATION_CHARS && CONTAINERS.has(child.tagName)
            ? blocksOf(child)
            : [outer];
    });
}

function escapeText(text: string): string {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A post followed by teasers of others ("more posts", a blog's next entries), each its own <article> whose
 * heading links elsewhere: the page's own is the first; the teasers go. Articles that are not teasers (a
 * forum's posts, a thread's replies) are the page's content and stay.
 */
function keepFirstArticle(document: DomDocument): void {
    const nested = new Set(document.querySelectorAll("article article"));
    const articles = [...document.querySelectorAll("article")].filter((a) => !nested.has(a));
    for (const other of articles.slice(1)) if (isTeaser(other)) other.remove();
}

/** An <article> that only points elsewhere: its heading is a link (or sits in one). */
function isTeaser(article: DomElement): boolean {
    return article.querySelector(TEASER_HEADING) !== null;
}
const TEASER_HEADING = ["h1", "h2", "h3", "h4", "h5", "h6"]
    .flatMap((h) => [`${h} a[href]`, `a[href] ${h}`])
    .join(", ");

function removeNonText(document: DomDocument): void {
    for (const el of document.querySelectorAll(NOT_TEXT)) el.remove();
    for (const el of document.querySelectorAll("[class], [id]")) {
        const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
        if (NOT_TEXT_CLASS.test(names)) el.remove();
    }
}

/** A list or box of links ("You may also like"), or a short paragraph that is only a link elsewhere. */
function removeLinkBoxes(document: DomDocument): void {
    const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
    const boxes = [...document.querySelectorAll("ul, ol, div, section, aside, nav, table, p")];
    // Innermost first, so that a box inside an article's div goes, not the whole div.
    for (const el of boxes.reverse()) {
        const text = squash(el.textContent);
        if (!text) continue;
        const links = [...el.querySelectorAll("a")];
        const density = links.reduce((n, a) => n + squash(a.textContent).length, 0) / text.length;
        const box = links.length >= 2 && density >= 0.5;
        const linkLine = el.tagName === "P" && density >= 0.8 && text.length < 160;
        if (box || linkLine) el.remove();
    }
}

// Lines that are a control's label or a photo credit, not the article's words.
const UI_LINE =
    /^(image|images|photo|photos|caption|close|open|share|share this|advertisement|advert|sponsored|published|updated|sign in|log in|subscribe|read more|more|next|previous|comments?|don't miss|breaking news|this slideshow requires javascript\.?|tell us what you think\W*|leave a (comment|reply)\W*|\/\*|\*\/|\/|\||·|•)$|^(photo|image|credit|source|picture)s?: /i;
// A caption's trailing credit: "… (Image: GETTY)", "… (AP Photo/Jane Doe)".
const CREDIT_END = /\((image|photo|picture|ap photo|credit)s?\s*[:/][^)]*\)\s*$/i;
// A timestamp alone: "PUBLISHED: 10:48, Tue, Nov 19, 2019", "4:00 am CST, Wednesday, November 20, 2019".
const MONTH_OR_DAY =
    /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|mon(day)?|tue(s|sday)?|wed(nesday)?|thu(rs|rsday)?|fri(day)?|sat(urday)?|sun(day)?)\b/gi;
const STAMP_WORDS = /\b(published|updated|posted|am|pm|[a-z]{1,3}t|utc|gmt)\b/gi;
function isTimestamp(line: string): boolean {
    // A markdown table's row of dates is data, not the page's stamp.
    if (/^\|.*\|$/.test(line)) return false;
    if (line.length > 70 || !/\d{1,2}:\d{2}|\b(19|20)\d{2}\b/.test(line)) return false;
    if (line.search(MONTH_OR_DAY) < 0) return false;
    return (
        line
            .replace(MONTH_OR_DAY, "")
            .replace(STAMP_WORDS, "")
            .replace(/[\d\s:;,.|/()-]/g, "") === ""
    );
}
// A cookie banner's sentence, or a WordPress shortcode the site failed to render ("[button …]…[/button]").
const NOTICE = /^.{0,120}\b(this (web)?site|we) uses? cookies\b.{0,200}$|^\[(\w+)[^\]]*\].*\[\/\3\]$/i;
// A newsletter's pitch ("Sign up … delivered to your inbox"), or a copyright credit alone ("© Jane Doe").
const PITCH = /^(?=.{0,250}$)(?=.*\b(sign up|subscribe)\b)(?=.*\b(newsletters?|inbox)\b)|^©.{0,80}$/i;
function isChrome(line: string): boolean {
    const t = line.trim();
    return UI_LINE.test(t) || CREDIT_END.test(t) || isTimestamp(t) || NOTICE.test(t) || PITCH.test(t);
}

/**
 * Drops the headline and byline when the article repeats them, and lines that are controls or credits.
 * Other lines are kept as they are (markdown's code indentation and line breaks included).
 */
function dropRepeats(text: string, article: {title?: string | null; byline?: string | null}): string {
    // A markdown heading ("# Title") repeats the title too.
    const norm = (line: string) =>
        line
            .replace(/^#{1,6}\s+/, "")
            .replace(/\s+/g, " ")
            .trim()
            .toLowerCase();
    const same = (a: string, b: string | null | undefined) => !!b && norm(a) === norm(b);
    // A page's title often carries its site's name: "Headline - The Blog", "Site | Headline".
    const titles = titleForms(article.title);
    return text
        .split("\n")
        .filter((line) => !titleForms(line).some((l) => titles.some((t) => same(l, t))))
        .filter((line) => !same(line, article.byline))
        .filter((line) => !isChrome(line))
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim();
}

/** The title, and the title without the site's name on either side of a separator (10 letters at least). */
function titleForms(title: string | null | undefined): string[] {
    if (!title) return [];
    const parts = title.split(/\s+[|\-–—:·]\s+/);
    if (parts.length < 2) return [title];
    const shorter = [parts.slice(0, -1).join(" - "), parts.slice(1).join(" - ")];
    return [title, ...shorter.filter((f) => f.length >= 10)];
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
 * Reads pages over HTML_LIMITS, the body when Readability finds no article, and (keepChrome) the
 * article's own HTML, so that block elements keep their line breaks.
 */
export function plainText(html: string, options: {keepChrome?: boolean} = {}): {title: string; text: string} {
    const skipped = options.keepChrome ? CODE_ONLY : SKIPPED;
    const parts: string[] = [];
    let title = "";
    let inTitle = false;
    // One entry per open element: whether its text is left out (itself or an ancestor).
    const hidden: boolean[] = [];
    const parser = new Parser(
        {
            onopentag(name, attributes) {
                if (name === "title") inTitle = true;
                const hide =
                    skipped.has(name) || attributes["aria-hidden"] === "true" || "hidden" in attributes;
                hidden.push(hide || hidden.at(-1) === true);
                if (BLOCKS.has(name)) parts.push("\n");
            },
            ontext(text) {
                if (inTitle) title += text;
                else if (hidden.at(-1) !== true) parts.push(text);
            },
            onclosetag(name) {
                if (name === "title") inTitle = false;
                hidden.pop();
                if (BLOCKS.has(name)) parts.push("\n");
            },
        },
        {decodeEntities: true},
    );
    parser.end(withoutCdata(html));
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
