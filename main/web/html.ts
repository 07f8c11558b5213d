import {Readability} from "@mozilla/readability";
import {Parser} from "htmlparser2";
import {defuddleArticle} from "./defuddle.js";
import {parseDocument, type DomDocument, type DomElement} from "./dom.js";
import {
    HTML_LIMITS,
    keepFirstArticle,
    removeNonText,
    removeLinkBoxes,
    removeTeasers,
    removeRelatedSections,
    removePageChrome,
    isPageChrome,
    wordCount,
    WORD,
    dropRepeats,
    dropRepeatedLines,
    titleFromUrl,
    plainText,
    toMarkdown,
} from "./htmlText.js";

export {HTML_LIMITS, plainText, titleFromUrl, tidy, toMarkdown} from "./htmlText.js";

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
    method: "readability" | "body" | "defuddle" | "plain";
    /** Why the page was not read as an article (over a limit), for the tool's result. */
    note?: string;
};

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
 * The page's article: Cairn's own reading (ownReading), or Defuddle's where it reads more of the page or the page
 * is a product's (defuddleWins); the streamed plain text when the page is over HTML_LIMITS.
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
    const reading = ownReading(html, url);
    const own = withoutRepeats(reading.own);
    const other = defuddleArticle(html, url);
    if (!other) return own;
    // Pruned as Readability's article is, and of the page chrome Cairn's own reading leaves out (menus,
    // pickers, dialogs), then weighed by what is left.
    const pruned = pruneArticle(other, url, {chrome: true});
    const heading = {title: own.title};
    const text = dropRepeats(plainText(pruned, {keepChrome: true}).text, heading);
    const page = {product: reading.product, dated: Boolean(own.published), region: own.method === "body"};
    if (!defuddleWins(wordCount(text), wordCount(own.text), page)) return own;
    return withoutRepeats({
        ...own,
        byline: null,
        text,
        markdown: dropRepeats(toMarkdown(pruned), heading),
        method: "defuddle",
    });
}

/** A page not read as Readability's article keeps the first of each repeated line (dropRepeatedLines). */
function withoutRepeats(read: Extracted): Extracted {
    if (read.method === "readability") return read;
    return {...read, text: dropRepeatedLines(read.text), markdown: dropRepeatedLines(read.markdown)};
}

/**
 * Defuddle's article is read where it holds over a tenth more words than Readability's (which kept one section of
 * a documentation page, one post of a thread, a landing page's first part), over twice as many on a dated page
 * (a story's page: what Defuddle adds there is mostly other stories' teasers), or where the page declares a
 * schema.org Product (Defuddle keeps a shop page's description and leaves its recommendations and reviews).
 * Chosen on WCXB dev's 1,358 pages that are not also test pages (docs/tools.md): WCXB test 0.869 → 0.880.
 * Over a page's main region or run of items, which keep the page's furniture, Defuddle's article wins where it
 * holds 45% of their words or more (WCXB test 0.8886 → 0.891).
 */
function defuddleWins(
    defuddleWords: number,
    ownWords: number,
    page: {product: boolean; dated: boolean; region: boolean},
): boolean {
    if (defuddleWords === 0) return false;
    if (page.product) return true;
    if (page.region) return defuddleWords >= ownWords * DEFUDDLE_OVER_REGION;
    return defuddleWords > ownWords * (page.dated ? DEFUDDLE_MORE_DATED : DEFUDDLE_MORE);
}
const DEFUDDLE_MORE = 1.1;
const DEFUDDLE_MORE_DATED = 2;
const DEFUDDLE_OVER_REGION = 0.45;

/** A page that says it is a product (schema.org, in JSON-LD or microdata). */
function declaresProduct(document: DomDocument, linkedData: string): boolean {
    return (
        /"@type"\s*:\s*\[?\s*"Product"/.test(linkedData) ||
        document.querySelector("[itemtype$='schema.org/Product']") !== null
    );
}

/**
 * Cairn's own reading: Readability's article (over linkedom, a DOM that runs no script and loads nothing), a
 * thread's or a listing's run of items, or the main region's text when the article is not the page's.
 */
function ownReading(html: string, url: string): {own: Extracted; product: boolean} {
    const document = parseDocument(html);
    const linkedData = linkedDataOf(document);
    const product = declaresProduct(document, linkedData);
    return {own: readDocument(document, html, url, linkedData), product};
}

function readDocument(document: DomDocument, html: string, url: string, linkedData: string): Extracted {
    const meta = pageMeta(document, url, linkedData);
    showWithoutScripts(document);
    // Counted before Readability changes the document.
    const counts = countWords(document);
    const main = largestMain(document);
    const regionWords = counts.get(main ?? document.body) ?? 0;
    const undatedMain = meta.published ? undefined : main;
    // Only an undated page that is not a question or a thread weighs its <main> against the article.
    const mainWords = undatedMain && !declaresDiscussion(document, linkedData) ? regionWords : 0;
    const groups = siblingGroups(counts);
    const runs = itemsOf(repeatedRuns(groups, counts));
    // A grid is weighed only on a page with <main> that does not declare itself an article (gridOutweighs).
    const grid = undatedMain && !declaresArticle(document) ? largestGrid(groups, counts) : 0;
    // Readability runs on every page: its "readerable" gate sent news pages built from divs to the body
    // fallback (benchmark F1 0.943 with the gate, 0.952 without). linkedom's document stands in for the
    // browser's.
    const article = readability(document);
    const pruned = article?.content ? pruneArticle(article.content, url) : "";
    // Text from the article's HTML, not its textContent: block elements keep their line breaks.
    const text = article ? dropRepeats(plainText(pruned, {keepChrome: true}).text, article) : "";
    const words = wordCount(text);
    if (article && text && !tooLittle(words, regionWords) && !gridOutweighs(grid, words)) {
        const title = article.title?.trim() || titleFromUrl(url);
        const held = runHolding(runs, text);
        const run = held < 0 ? null : readRun(html, held);
        if (run) return {title, byline: null, ...run, ...meta, method: "body"};
        if (!mainOutweighs(mainWords, words))
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

function repeatedRuns(
    groups: DomElement[][],
    counts: Map<DomElement, number>,
    minWords = MIN_ITEM_WORDS,
    minMembers = 3,
): Array<{words: number; members: DomElement[]}> {
    const runs: Array<{words: number; members: DomElement[]}> = [];
    for (const members of groups) {
        if (members.filter((m) => counts.get(m)! >= minWords).length < minMembers) continue;
        runs.push({words: members.reduce((n, m) => n + counts.get(m)!, 0), members});
    }
    return runs.sort((a, b) => b.words - a.words).slice(0, RUNS_KEPT);
}

/** Each counted element's children grouped by kind (tag and first class): one walk, for every kind of run. */
function siblingGroups(counts: Map<DomElement, number>): DomElement[][] {
    const groups: DomElement[][] = [];
    for (const parent of counts.keys()) {
        const kinds = new Map<string, DomElement[]>();
        for (const child of parent.children) {
            if (!counts.has(child)) continue;
            const kind = `${child.tagName}.${(child.getAttribute("class") ?? "").trim().split(/\s+/)[0]}`;
            const members = kinds.get(kind);
            if (members) members.push(child);
            else kinds.set(kind, [child]);
        }
        groups.push(...kinds.values());
    }
    return groups;
}

/**
 * A listing or a shop's category page whose Readability article is a line or a short blurb beside the grid of
 * entries people came for: a run of GRID_MEMBERS or more siblings of one kind, each GRID_ITEM_WORDS words or
 * more, holding over twice the article's words where the article has under GRID_ARTICLE_WORDS. The page's
 * <main> is read instead. Not where the page declares itself an article (og:type, a publication date) or has no
 * <main> (its body would bring the page's chrome). Measured (docs/tools.md): WCXB dev 0.8315 → 0.8338
 * (listings 0.614 → 0.639, collections 0.636 → 0.645), test 0.8653 → 0.8656 (listings 0.680 → 0.690,
 * collections 0.698 → 0.675); Zyte's articles and trafilatura's corpus unchanged (without the last two
 * conditions, a short news item and a city's page lost to their "more on this" lists).
 */
function gridOutweighs(gridWords: number, articleWords: number): boolean {
    return articleWords < GRID_ARTICLE_WORDS && gridWords > articleWords * 2;
}

/**
 * An undated page whose <main> holds over two and a half times the words of Readability's article: a service's
 * landing page, a listing or a shop's page, where Readability keeps one of several sections. Its <main> is read
 * instead. Dated pages (news, blogs) keep Readability's article, their <main> bringing the related stories, and
 * so do questions and forum threads (declaresDiscussion). Measured on WCXB dev (docs/tools.md): on such pages
 * the <main>'s text scored better than the article below half of the <main>'s words and worse above; two
 * fifths keeps trafilatura's corpus.
 */
function mainOutweighs(mainWords: number, articleWords: number): boolean {
    return articleWords < mainWords * MAIN_SHARE;
}

const MAIN_SHARE = 0.4;

/** The words of the page's largest grid of entries (0 where none). */
function largestGrid(groups: DomElement[][], counts: Map<DomElement, number>): number {
    return repeatedRuns(groups, counts, GRID_ITEM_WORDS, GRID_MEMBERS)[0]?.words ?? 0;
}

/** A page that says it is a question and its answers or a forum's thread (schema.org). */
function declaresDiscussion(document: DomDocument, linkedData: string): boolean {
    return (
        document.querySelector(DISCUSSION_ITEMS) !== null ||
        /"@type"\s*:\s*"(?:QAPage|DiscussionForumPosting)"/.test(linkedData)
    );
}
const DISCUSSION_ITEMS = ["QAPage", "Question", "DiscussionForumPosting"]
    .map((type) => `[itemtype$='schema.org/${type}']`)
    .join(", ");

/** A page that says it is an article (its og:type). */
function declaresArticle(document: DomDocument): boolean {
    return /article/i.test(document.querySelector("meta[property='og:type']")?.getAttribute("content") ?? "");
}
const GRID_ITEM_WORDS = 3;
const GRID_MEMBERS = 5;
const GRID_ARTICLE_WORDS = 150;

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
    const counts = countWords(document);
    const run = repeatedRuns(siblingGroups(counts), counts)[index];
    if (!run) return null;
    const items = run.members.map((m) => m.outerHTML);
    return {
        text: items.map((item) => plainText(item).text).join("\n\n"),
        markdown: toMarkdown(items.join("\n")),
    };
}

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

/**
 * The page's main region (its <main> or role=main, else the body) without its banner, navigation, side
 * columns and footer, as text and markdown.
 */
function mainRegion(html: string): {title: string; text: string; markdown: string} {
    const document = parseDocument(html);
    showWithoutScripts(document);
    const title = document.title?.replace(/\s+/g, " ").trim() ?? "";
    removePageChrome(document);
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

/** The page's <link rel=canonical> and its declared publication time, read before Readability changes it. */
function pageMeta(
    document: DomDocument,
    url: string,
    linkedData: string,
): {canonicalUrl: string | null; published: string | null} {
    const href = document.querySelector("link[rel='canonical']")?.getAttribute("href");
    const published = document
        .querySelector(
            "meta[property='article:published_time'], meta[name='date'], meta[itemprop='datePublished']",
        )
        ?.getAttribute("content");
    return {
        canonicalUrl: href ? absolute(href, url) : null,
        published: published?.trim() || linkedDataDate(linkedData),
    };
}

/** The text of the page's JSON-LD (schema.org) scripts, read once: searched as text, never parsed as JSON. */
function linkedDataOf(document: DomDocument): string {
    return [...document.querySelectorAll("script[type='application/ld+json']")]
        .map((script) => script.textContent ?? "")
        .join("\n");
}

/** The first datePublished of the page's JSON-LD. */
function linkedDataDate(linkedData: string): string | null {
    return /"datePublished"\s*:\s*"([^"]{4,40})"/.exec(linkedData)?.[1]?.trim() || null;
}

/**
 * Readability's article without what people do not read as the article (each rule measured on the
 * benchmark); links made absolute against the page, script links dropped.
 */
function pruneArticle(content: string, url: string, options = {chrome: false}): string {
    const document = parseDocument(`<!doctype html><html><body>${content}</body></html>`);
    if (options.chrome)
        for (const remove of [removePageChrome, removeTeasers, removeRelatedSections]) remove(document);
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
