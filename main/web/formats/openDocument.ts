import {isTag, isText} from "domhandler";
import type {FileFormat} from "../../../shared/coreWords.js";
import {FILE_LIMITS, refusedFile, type ExtractedDocument, type Section} from "./document.js";
import {table} from "./office.js";
import {all, attr, childElements, first, parseXml, textOf, type XmlElement} from "./xml.js";
import {openZip, type ZipParts} from "./zip.js";

/** OpenDocument text (ODT) as Markdown: headings by outline level, lists, tables. */
export async function fromOdt(body: Uint8Array): Promise<ExtractedDocument> {
    const {zip, content} = await open(body, "odt");
    const text = first(content, "office:text");
    const blocks = text ? childElements(text).flatMap(block) : [];
    return {title: await metaTitle(zip), kind: "odt", sections: [{text: blocks.join("\n\n"), page: null}]};
}

/** OpenDocument spreadsheet (ODS): a section per sheet, as a table. Repeated empty rows are not expanded. */
export async function fromOds(body: Uint8Array): Promise<ExtractedDocument> {
    const {zip, content} = await open(body, "ods");
    const budget = {cells: FILE_LIMITS.maxCells};
    const sections: Section[] = all(content, "table:table").map((sheet) => ({
        text: table(sheetRows(sheet, budget)),
        page: null,
        heading: [`Sheet ${attr(sheet, "table:name") ?? ""}`.trim()],
    }));
    return {title: await metaTitle(zip), kind: "ods", sections};
}

/** OpenDocument presentation (ODP): a section per slide. */
export async function fromOdp(body: Uint8Array): Promise<ExtractedDocument> {
    const {zip, content} = await open(body, "odp");
    const sections: Section[] = all(content, "draw:page").map((page, i) => ({
        text:
            all(page, "text:p")
                .map(inline)
                .filter((l) => l.trim())
                .join("\n") || "(no text)",
        page: null,
        heading: [`Slide ${i + 1}`],
    }));
    return {title: await metaTitle(zip), kind: "odp", sections};
}

async function open(body: Uint8Array, what: FileFormat) {
    const zip = await openZip(body, what);
    if (zip.has("META-INF/manifest.xml") && /encryption-data/.test(await zip.text("META-INF/manifest.xml")))
        throw refusedFile("fileEncrypted", {fileFormat: what});
    if (!zip.has("content.xml"))
        throw refusedFile("filePartMissing", {fileFormat: what, part: "content.xml"});
    return {zip, content: parseXml(await zip.text("content.xml"))};
}

async function metaTitle(zip: ZipParts): Promise<string> {
    if (!zip.has("meta.xml")) return "";
    const title = first(parseXml(await zip.text("meta.xml")), "dc:title");
    return title ? textOf(title).trim() : "";
}

/** A body element as Markdown blocks. */
function block(element: XmlElement): string[] {
    switch (element.name) {
        case "text:h": {
            const level = Math.min(6, Math.max(1, Number(attr(element, "text:outline-level") ?? 1)));
            return [`${"#".repeat(level)} ${inline(element).trim()}`];
        }
        case "text:p":
            return inline(element).trim() ? [inline(element).trim()] : [];
        case "text:list":
            return [listItems(element, 0).join("\n")];
        case "table:table":
            return [table(sheetRows(element, {cells: FILE_LIMITS.maxCells}))];
        case "text:section":
            return childElements(element).flatMap(block);
        default:
            return [];
    }
}

function listItems(list: XmlElement, depth: number): string[] {
    return all(list, "text:list-item")
        .filter((item) => item.parent === list)
        .flatMap((item) =>
            childElements(item).flatMap((child) =>
                child.name === "text:list"
                    ? listItems(child, depth + 1)
                    : [`${"  ".repeat(depth)}- ${inline(child).trim()}`],
            ),
        );
}

/** A paragraph's text: spans and links read, text:s spaces, tabs and line breaks kept, notes' bodies left out. */
function inline(element: XmlElement): string {
    let out = "";
    for (const node of element.children) {
        if (isText(node)) out += node.data;
        else if (!isTag(node)) continue;
        else if (node.name === "text:s") out += " ".repeat(Number(attr(node, "text:c") ?? 1));
        else if (node.name === "text:tab") out += "\t";
        else if (node.name === "text:line-break") out += "\n";
        else if (node.name === "text:note" || node.name === "office:annotation") continue;
        else out += inline(node);
    }
    return out;
}

/** A table's rows; a repeated row or cell is written out only when it holds text (empty ones can repeat 10⁶ times). */
function sheetRows(sheet: XmlElement, budget: {cells: number}): string[][] {
    const rows: string[][] = [];
    for (const row of all(sheet, "table:table-row")) {
        const cells: string[] = [];
        for (const cell of childElements(row)) {
            if (cell.name !== "table:table-cell" && cell.name !== "table:covered-table-cell") continue;
            const value = childElements(cell)
                .filter((p) => p.name === "text:p")
                .map(inline)
                .join(" ")
                .trim();
            const repeat = value
                ? Math.min(Number(attr(cell, "table:number-columns-repeated") ?? 1), 100)
                : 1;
            for (let i = 0; i < repeat; i++) cells.push(value);
            budget.cells -= repeat;
        }
        while (cells.length && !cells.at(-1)) cells.pop();
        if (cells.length === 0) continue;
        const repeat = Math.min(Number(attr(row, "table:number-rows-repeated") ?? 1), 100);
        for (let i = 0; i < repeat && budget.cells >= 0; i++, budget.cells -= cells.length) rows.push(cells);
        if (budget.cells < 0) break;
    }
    return rows;
}
