// A page's text made plain: what html.ts's extraction cuts away (teasers, link boxes, credits, stamps, repeats)
// and the plain text of a page or fragment, with the limits and the Markdown writer they share.
import {Parser} from "htmlparser2";
import {NodeHtmlMarkdown} from "node-html-markdown";
import {parseDocument, withoutCdata, type DomDocument, type DomElement, type DomNode} from "./dom.js";

/**
 * Beyond these a page is not built into a DOM: its text is read by the streaming tokenizer instead.
 * Real articles stay far below them (the Zyte benchmark's 181 news pages: at most 1,596 elements, nested
 * 51 deep); a flat 4.9 MB page has hundreds of thousands, and Readability recurses once per level.
 */
export const HTML_LIMITS = {maxElements: 60_000, maxDepth: 256};

export const NOT_TEXT =
    "nav, figure, figcaption, picture, svg, button, form, iframe, [aria-hidden='true'], [hidden]";

export const NOT_TEXT_CLASS =
    /(^|[\s_-])(caption|credit|share|sharing|social|related|newsletter|promo|advert|ad|ads|breadcrumbs?|byline|dateline|timestamp)([\s_-]|$)/i;

export const markdown = new NodeHtmlMarkdown(
    {bulletMarker: "-", maxConsecutiveNewlines: 2},
    // Images become their alt text: the model cannot see them, and their addresses are noise.
    {img: {postprocess: ({node}) => altText(node)}},
);

/** An image's alt text (node-html-parser's element, typed by node-html-markdown against the DOM). */
function altText(node: unknown): string {
    return (node as {getAttribute(name: string): string | undefined}).getAttribute("alt")?.trim() ?? "";
}

/**
 * A post followed by teasers of others ("more posts", a blog's next entries), each its own <article> whose
 * heading links elsewhere: the page's own is the first; the teasers go. Articles that are not teasers (a
 * forum's posts, a thread's replies) are the page's content and stay.
 */
export function keepFirstArticle(document: DomDocument): void {
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

/**
 * Other pages' teasers that a reader took in with the page: a list item or paragraph that opens with a link
 * elsewhere and ends in a cut excerpt ("… may soon..."), and a card, an <article> after the first with no heading
 * that opens with a picture linking elsewhere (its alt text a headline). Measured on Defuddle's article: docs/tools.md.
 */
export function removeTeasers(document: DomDocument): void {
    for (const el of document.querySelectorAll("li, p")) {
        const text = squash(el.textContent);
        const link = squash(el.querySelector("a[href]")?.textContent ?? null);
        const cut = /(\.\.\.|…)$/.test(text) && text.split(" ").length >= 8;
        if (cut && link && text.startsWith(link)) el.remove();
    }
    for (const card of [...document.querySelectorAll("article")].slice(1)) if (isCard(card)) card.remove();
}

/**
 * A section of other pages that ends an article: a heading such as "Related articles", "Das könnte Sie auch
 * interessieren" or "Lire aussi", and everything after it, where 50 words or more of the article come before it
 * (a "Related" box at the top is not the article's end). Measured on Defuddle's article: docs/tools.md.
 */
export function removeRelatedSections(document: DomDocument): void {
    for (const heading of document.querySelectorAll("h2, h3, h4, h5, h6")) {
        if (!heading.parentElement || !RELATED_HEADING.test(squash(heading.textContent))) continue;
        const before: DomNode[] = [];
        const after: DomNode[] = [];
        for (let node: DomNode | null = heading; node && node !== document.body; node = node.parentElement) {
            for (let next = node.nextSibling; next; next = next.nextSibling) after.push(next);
            for (let last = node.previousSibling; last; last = last.previousSibling) before.push(last);
        }
        const words = before.reduce((n, node) => n + wordCount(node.textContent ?? ""), 0);
        if (words < WORDS_BEFORE_RELATED) continue;
        for (const node of [heading, ...after]) node.remove();
    }
}
const WORDS_BEFORE_RELATED = 50;

/** The words of a text: runs of letters, digits and underscores, in any script. */
export function wordCount(text: string): number {
    return text.match(WORD)?.length ?? 0;
}
export const WORD = /[\p{L}\p{N}_]+/gu;
const RELATED_HEADING = new RegExp(
    "^(" +
        [
            "related( (articles?|posts?|stories|links|content|reading|topics|news))?",
            "(you|we think you) (may|might|will) (also )?(like|enjoy|be interested in)",
            "more (from|on|in|about) .{1,40}|more (stories|articles|news)",
            "(most|popular|trending|recommended|also) (read|popular|viewed|posts?|articles?|stories)( .{1,30})?",
            "read (next|also|more)|see also|also read|trending now|recommended for you",
            "das könnte (sie|dich) auch interessieren|verwandte (links|artikel|themen|beiträge)|mehr zum thema",
            "(meist|viel) gelesen(e)?( .{1,40})?|weitere (artikel|nachrichten|beiträge|themen|meldungen)( .{1,30})?",
            "weiterführende (informationen|links)|lesen sie auch|auch interessant|empfohlene(r)? .{1,40}",
            "(à )?lire aussi|sur le même (sujet|thème)|articles? similaires|vous aimerez aussi|les plus lus",
            "(artículos|noticias) relacionad[oa]s|(también )?te puede interesar|lo más leído",
            "articoli correlati|potrebbe interessarti|leggi anche|i più letti",
            "czytaj (także|też)|zobacz (także|też)|najczęściej czytane|gerelateerde artikelen|lees ook|meest gelezen",
        ].join("|") +
        ")[:.]?$",
    "i",
);

function isCard(article: DomElement): boolean {
    const first = article.children[0];
    if (first?.tagName !== "A" || !first.getAttribute("href")) return false;
    const alt = first.querySelector("img")?.getAttribute("alt") ?? "";
    return squash(alt).split(" ").length >= 4 && !article.querySelector("h1, h2, h3, h4, h5, h6");
}

const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

export function removeNonText(document: DomDocument): void {
    for (const el of document.querySelectorAll(NOT_TEXT)) el.remove();
    for (const el of document.querySelectorAll("[class], [id]")) {
        const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
        if (NOT_TEXT_CLASS.test(names)) el.remove();
    }
    for (const el of document.querySelectorAll("a[href^='#']")) if (isSkipLink(el)) el.remove();
}

/**
 * The page's banner, navigation, side columns and footer, and what is never text (code, media, hidden parts):
 * checked without a selector engine, as it runs once per element of the page.
 */
export function isPageChrome(element: DomElement): boolean {
    if (CHROME_TAGS.has(element.tagName.toUpperCase()) || isSkipLink(element)) return true;
    if (element.getAttribute("hidden") !== null || element.getAttribute("aria-hidden") === "true")
        return true;
    return CHROME_ROLES.has(element.getAttribute("role") ?? "");
}
const CHROME_TAGS = new Set(
    "SCRIPT STYLE TEMPLATE NOSCRIPT SVG MATH IFRAME OBJECT CANVAS SELECT HEADER NAV ASIDE FOOTER".split(" "),
);
// Landmarks, and the widgets a listing draws around its entries (a language menu, a picker, a sign-in dialog, the
// search box): WCXB dev 0.8305 → 0.8315 and test 0.8644 → 0.8653 (listings 0.675 → 0.680), Zyte's articles and
// trafilatura's corpus unchanged.
const CHROME_ROLES = new Set([
    "banner",
    "complementary",
    "contentinfo",
    "navigation",
    "menu",
    "menubar",
    "listbox",
    "dialog",
    "search",
]);

export function removePageChrome(document: DomDocument): void {
    for (const el of [...document.querySelectorAll("*")]) if (isPageChrome(el)) el.remove();
}

/** A "Skip to main content" link, there for keyboard users: it names a place on the page, not its text. */
export function isSkipLink(el: DomElement): boolean {
    if (el.tagName.toUpperCase() !== "A" || !(el.getAttribute("href") ?? "").startsWith("#")) return false;
    const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
    return /skip/i.test(names) || /^skip\b/i.test(squash(el.textContent));
}

/** A list or box of links ("You may also like"), or a short paragraph that is only a link elsewhere. */
export function removeLinkBoxes(document: DomDocument): void {
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
export function dropRepeats(text: string, article: {title?: string | null; byline?: string | null}): string {
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

/**
 * Keeps the first of each line repeated word for word: on a page read from its main region, its run of items or
 * Defuddle's article, a repeat is the page's furniture (each post's "Joined · Messages · Likes", each card's
 * "Add to cart"). Lines without a letter and markdown's code blocks are kept as they are ("}" closes many
 * blocks). Measured on WCXB: docs/tools.md.
 */
export function dropRepeatedLines(text: string): string {
    const seen = new Set<string>();
    let inCode = false;
    return text
        .split("\n")
        .filter((line) => {
            // A markdown link's target is left out: each post's "[View Profile](…)" names its own author.
            const key = line.trim().replace(/\]\([^)]*\)/g, "]");
            if (key.startsWith("```")) inCode = !inCode;
            if (inCode || !/\p{L}/u.test(key)) return true;
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
        })
        .join("\n");
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
