import {createRequire} from "node:module";

type Linkedom = typeof import("linkedom");
let linkedom: Linkedom | undefined;

/**
 * The part of the DOM that extraction uses, as linkedom implements it. main/ is compiled without the
 * browser's DOM types (it runs in Node), so this is the whole DOM it may rely on.
 */
/** A node: an element (nodeType 1) or text. */
export interface DomNode {
    readonly nodeType: number;
    readonly textContent: string | null;
    readonly parentElement: DomElement | null;
    readonly nextSibling: DomNode | null;
    readonly previousSibling: DomNode | null;
    remove(): void;
}

export interface DomElement extends DomNode {
    readonly tagName: string;
    readonly textContent: string | null;
    innerHTML: string;
    readonly outerHTML: string;
    readonly childNodes: ArrayLike<DomNode> & Iterable<DomNode>;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    removeAttribute(name: string): void;
    remove(): void;
    replaceWith(node: DomNode): void;
    readonly parentElement: DomElement | null;
    readonly children: ArrayLike<DomElement> & Iterable<DomElement>;
    matches(selector: string): boolean;
    closest(selector: string): DomElement | null;
    appendChild(node: DomNode): DomNode;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement> & Iterable<DomElement>;
}

export interface DomDocument extends DomElement {
    readonly title: string;
    readonly body: DomElement;
    readonly documentElement: DomElement;
    createElement(tagName: string): DomElement;
}

/**
 * Parses HTML into linkedom's document: no script runs, nothing is loaded. linkedom is loaded with the first
 * page (its CommonJS build, so that this stays synchronous) rather than at start-up: about 250 ms of CPU in
 * every process that never parses a page.
 */
export function parseDocument(html: string): DomDocument {
    linkedom ??= createRequire(import.meta.url)("linkedom") as Linkedom;
    // linkedom's types are the browser's, which main/ is compiled without: its document is DomDocument here.
    const {document} = linkedom.parseHTML(withoutCdata(html)) as unknown as {document: DomDocument};
    oneBody(document);
    return document;
}

/**
 * A browser puts everything outside <head> into one <body>. linkedom keeps what it meets where it meets it: an
 * element before `<body>` left an empty body first and the page in a second one, which `document.body` (and
 * so Readability) never saw. The page's nodes are moved into the first body, in their order.
 */
function oneBody(document: DomDocument): void {
    const root = document.documentElement;
    if (root?.tagName !== "HTML") return;
    const outside = [...root.childNodes].filter(
        (node) => node.nodeType === 1 && !["HEAD", "BODY"].includes((node as DomElement).tagName),
    );
    const bodies = [...root.childNodes].filter((node) => (node as DomElement).tagName === "BODY");
    if (outside.length === 0 && bodies.length <= 1) return;
    const body = document.body;
    if (!body) return;
    for (const node of [...root.childNodes]) {
        if (node === body || (node as DomElement).tagName === "HEAD") continue;
        if ((node as DomElement).tagName === "BODY") {
            for (const child of [...(node as DomElement).childNodes]) body.appendChild(child);
            (node as DomElement).remove();
        } else if (node.nodeType === 1 || node.textContent?.trim()) body.appendChild(node);
    }
}

/**
 * HTML has no CDATA sections outside SVG and MathML: a browser reads `<![CDATA[` as a comment that ends at the
 * next `>`. htmlparser2 (under linkedom, and the streaming reader) waits for `]]>` instead, so one stray
 * `<![CDATA[` (a forum's template) hid the rest of the page. Each is removed up to its first `>`, as a browser
 * does.
 */
export function withoutCdata(html: string): string {
    return html.includes("<![CDATA[") ? html.replace(/<!\[CDATA\[[^>]*>/g, "") : html;
}
