import {DomUtils, parseDocument} from "htmlparser2";
import {isTag, type ChildNode, type Document, type Element} from "domhandler";

export type XmlElement = Element;

/** Parses an XML part (no entities are fetched, no DTD is read): the document's root nodes. */
export function parseXml(xml: string): Document {
    return parseDocument(xml, {xmlMode: true});
}

/** Every element named `name` (with its prefix, e.g. "a:t") under `root`, in document order. */
export function all(root: Document | Element, name: string): Element[] {
    return DomUtils.getElementsByTagName(name, root.children, true);
}

export function first(root: Document | Element, name: string): Element | null {
    return all(root, name)[0] ?? null;
}

/** An element's children that are elements. */
export function childElements(element: Element | Document): Element[] {
    return element.children.filter((c: ChildNode): c is Element => isTag(c));
}

export function textOf(node: Element | Document): string {
    return DomUtils.textContent(node);
}

export function attr(element: Element, name: string): string | undefined {
    return element.attribs[name];
}
