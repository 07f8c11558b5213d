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
}

export interface DomElement extends DomNode {
    readonly tagName: string;
    readonly textContent: string | null;
    readonly innerHTML: string;
    readonly outerHTML: string;
    readonly childNodes: ArrayLike<DomNode> & Iterable<DomNode>;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    removeAttribute(name: string): void;
    remove(): void;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement> & Iterable<DomElement>;
}

export interface DomDocument extends DomElement {
    readonly title: string;
    readonly body: DomElement;
}

/**
 * Parses HTML into linkedom's document: no script runs, nothing is loaded. linkedom is loaded with the first
 * page (its CommonJS build, so that this stays synchronous) rather than at start-up: about 250 ms of CPU in
 * every process that never parses a page.
 */
export function parseDocument(html: string): DomDocument {
    linkedom ??= createRequire(import.meta.url)("linkedom") as Linkedom;
    return linkedom.parseHTML(html).document;
}
