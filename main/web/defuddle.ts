// Defuddle (kepano's reader, the one behind Obsidian's Web Clipper) as Cairn's second reader of a page: readHtml
// weighs its article against its own (docs/tools.md, "How well, on four public sets").
import {createRequire} from "node:module";
import {parseDocument} from "./dom.js";

/** The package's reader, as its own types declare it (main/ has no DOM types: its Document is linkedom's here). */
type DefuddleClass = (typeof import("defuddle"))["default"];

let reader: DefuddleClass | undefined;

/**
 * Defuddle's article of the page as HTML, from its own parse of the page (it changes the document it reads);
 * null when it fails on the page. Its synchronous parse with useAsync off: it fetches nothing (its async
 * extractors ask third parties for what a page lacks). Loaded with the first page, as linkedom is (dom.ts).
 */
export function defuddleArticle(html: string, url: string): string | null {
    reader ??= defuddleClass();
    try {
        return (
            new reader(parseDocument(html), {url, useAsync: false, markdown: false}).parse().content ?? null
        );
    } catch {
        return null;
    }
}

function defuddleClass(): DefuddleClass {
    // Its CommonJS build exports the class itself.
    const loaded: unknown = createRequire(import.meta.url)("defuddle");
    if (!isReader(loaded)) throw new Error("defuddle has no reader to export");
    return loaded;
}

/** The package's export, a class. */
function isReader(value: unknown): value is DefuddleClass {
    return typeof value === "function";
}
