import path from "node:path/posix";
import {toMarkdown} from "../html.js";
import {refusedFile, type ExtractedDocument, type Section} from "./document.js";
import {all, attr, first, parseXml, textOf} from "./xml.js";
import {openZip} from "./zip.js";

/** An EPUB book: its chapters in reading order (the OPF spine), each as Markdown, each its own section. */
export async function fromEpub(body: Uint8Array): Promise<ExtractedDocument> {
    const zip = await openZip(body, "epub");
    if (!zip.has("META-INF/container.xml"))
        throw refusedFile("filePartMissing", {fileFormat: "epub", part: "META-INF/container.xml"});
    const opfPath = attr(first(parseXml(await zip.text("META-INF/container.xml")), "rootfile")!, "full-path");
    if (!opfPath || !zip.has(opfPath)) throw refusedFile("fileNoPackage", {fileFormat: "epub"});
    const opf = parseXml(await zip.text(opfPath));
    const hrefs = new Map(
        all(opf, "item").map((item) => [
            attr(item, "id") ?? "",
            path.join(path.dirname(opfPath), decodeURI(attr(item, "href") ?? "")),
        ]),
    );
    const drm = zip.has("META-INF/encryption.xml")
        ? encrypted(await zip.text("META-INF/encryption.xml"))
        : [];
    const sections: Section[] = [];
    for (const ref of all(opf, "itemref")) {
        const file = hrefs.get(attr(ref, "idref") ?? "");
        if (!file || !zip.has(file)) continue;
        if (drm.includes(file)) throw refusedFile("epubDrm");
        const text = toMarkdown((await zip.text(file)).replace(/^<\?xml[^>]*>/, ""))
            .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
            .trim();
        if (text) sections.push({text, page: null});
    }
    const title = first(opf, "dc:title");
    return {title: title ? textOf(title).trim() : "", kind: "epub", sections};
}

/** The parts META-INF/encryption.xml names (fonts are often obfuscated that way; chapters only under DRM). */
function encrypted(xml: string): string[] {
    const root = parseXml(xml);
    return [...all(root, "enc:CipherReference"), ...all(root, "CipherReference")].map((ref) =>
        decodeURI(attr(ref, "URI") ?? ""),
    );
}
